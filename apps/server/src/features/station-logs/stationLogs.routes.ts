import type { FastifyInstance } from 'fastify';
import { stationLogsEndpoints } from '@emberwatch/shared/contracts/stationLogs';
import { actorOf, type Authenticate } from '../../http/authenticate.js';
import { route } from '../../http/route.js';
import type { StationLogsService } from './stationLogs.service.js';

export function stationLogsRoutes(ctx: { authenticate: Authenticate; logs: StationLogsService }) {
  return (app: FastifyInstance): void => {
    app.addHook('preValidation', ctx.authenticate);
    const { logs } = ctx;

    route(app, stationLogsEndpoints.bsCommData).handle((req) => logs.traffic(actorOf(req), req.query));
    route(app, stationLogsEndpoints.getMobileTelemetry).handle(async (req) => ({
      status_code: 0,
      results: await logs.mobileLog(actorOf(req), req.query),
    }));
    route(app, stationLogsEndpoints.getBsLogs).handle((req) => logs.logs(actorOf(req), req.query));
    route(app, stationLogsEndpoints.getBsLoggingList).handle(async (req) => ({
      status_code: 0,
      results: await logs.loggingList(actorOf(req)),
    }));
    route(app, stationLogsEndpoints.postBsLoggingStatus).handle(async (req) => ({
      status_code: 0,
      logging: await logs.setLogging(actorOf(req), req.body),
    }));
    route(app, stationLogsEndpoints.getEarlyBsCallsLog).handle(async (req) => ({
      status_code: 0,
      results: await logs.earlyCalls(actorOf(req), req.query),
    }));
  };
}
