import type { FastifyInstance } from 'fastify';
import { diagnosticsEndpoints } from '@emberwatch/shared/contracts/diagnostics';
import { actorOf, type Authenticate } from '../../http/authenticate.js';
import { route } from '../../http/route.js';
import type { DiagnosticsService } from './diagnostics.service.js';

export function diagnosticsRoutes(ctx: { authenticate: Authenticate; diagnostics: DiagnosticsService }) {
  return (app: FastifyInstance): void => {
    app.addHook('preValidation', ctx.authenticate);
    const d = ctx.diagnostics;

    route(app, diagnosticsEndpoints.logs).handle((req) => d.serverLogs(actorOf(req), req.query));
    route(app, diagnosticsEndpoints.accesslogs).handle((req) => d.accessLogs(actorOf(req), req.query));
    route(app, diagnosticsEndpoints.getSysOpList).handle((req) => Promise.resolve(d.sysOps(actorOf(req))));
    route(app, diagnosticsEndpoints.getGariCallLog).handle(async (req) => ({
      status_code: 0,
      ...(await d.gariCalls(actorOf(req), req.query)),
    }));
    route(app, diagnosticsEndpoints.getTestDataAll).handle(async (req) => ({
      status_code: 0,
      ...(await d.testData(actorOf(req), req.query)),
    }));
    route(app, diagnosticsEndpoints.getBSRegistrations).handle(async (req) => ({
      status_code: 0,
      ...(await d.bsRegistrations(actorOf(req), req.query)),
    }));
    route(app, diagnosticsEndpoints.getProbeRegistrations).handle(async (req) => ({
      status_code: 0,
      ...(await d.probeRegistrations(actorOf(req), req.query)),
    }));
  };
}
