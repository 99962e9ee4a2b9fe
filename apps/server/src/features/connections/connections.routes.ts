import type { FastifyInstance } from 'fastify';
import { connectionsEndpoints } from '@emberwatch/shared/contracts/connections';
import { actorOf, type Authenticate } from '../../http/authenticate.js';
import { route } from '../../http/route.js';
import type { FieldSystemsService } from './fieldSystems.service.js';
import type { LiveConnectionsService } from './liveConnections.service.js';
import type { RcTestsService } from './rcTests.service.js';

export function connectionsRoutes(ctx: {
  authenticate: Authenticate;
  live: LiveConnectionsService;
  rcTests: RcTestsService;
  fieldSystems: FieldSystemsService;
}) {
  return (app: FastifyInstance): void => {
    app.addHook('preValidation', ctx.authenticate);
    const { live, rcTests, fieldSystems } = ctx;

    route(app, connectionsEndpoints.getSocketStatuses).handle((req) => live.statuses(actorOf(req)));
    route(app, connectionsEndpoints.setClientSocket).handle(async (req) => ({
      status_code: 0,
      ...(await live.setClient(actorOf(req), req.body)),
    }));
    route(app, connectionsEndpoints.setServerSocket).handle(async (req) => ({
      status_code: 0,
      ...(await live.setServer(actorOf(req), req.body)),
    }));
    route(app, connectionsEndpoints.rcList).handle(async (req) => ({
      status_code: 0,
      results: await rcTests.list(actorOf(req)),
    }));
    route(app, connectionsEndpoints.getRcTestResponseEnabled).handle(async (req) => ({
      status_code: 0,
      ...(await rcTests.enabled(actorOf(req), req.query)),
    }));
    route(app, connectionsEndpoints.setRcTestResponse).handle(async (req) => ({
      status_code: 0,
      test: await rcTests.set(actorOf(req), req.body),
    }));
    route(app, connectionsEndpoints.setRcTestResponseEnabled).handle(async (req) => ({
      status_code: 0,
      test: await rcTests.setEnabled(actorOf(req), req.body),
    }));
    route(app, connectionsEndpoints.getFSList).handle(async (req) => ({
      status_code: 0,
      ...(await fieldSystems.list(actorOf(req), req.query)),
    }));
  };
}
