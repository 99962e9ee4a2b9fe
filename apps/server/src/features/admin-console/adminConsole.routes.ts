import type { FastifyInstance } from 'fastify';
import { adminConsoleEndpoints } from '@emberwatch/shared/contracts/adminConsole';
import { actorOf, type Authenticate } from '../../http/authenticate.js';
import { route } from '../../http/route.js';
import type { AdminConsoleService } from './adminConsole.service.js';

export function adminConsoleRoutes(ctx: { authenticate: Authenticate; console: AdminConsoleService }) {
  return (app: FastifyInstance): void => {
    app.addHook('preValidation', ctx.authenticate);

    route(app, adminConsoleEndpoints.consoleInfo).handle((req) => ctx.console.consoleInfo(actorOf(req)));
    route(app, adminConsoleEndpoints.basestations).handle((req) =>
      ctx.console.stations(actorOf(req), req.query),
    );
    route(app, adminConsoleEndpoints.findSystem).handle((req) => ctx.console.find(actorOf(req), req.query));
  };
}
