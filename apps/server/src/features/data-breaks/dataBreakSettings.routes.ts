import type { FastifyInstance } from 'fastify';
import { dataBreakEndpoints } from '@emberwatch/shared/contracts/dataBreaks';
import { actorOf, type Authenticate } from '../../http/authenticate.js';
import { route } from '../../http/route.js';
import type { DataBreakSettingsService } from './dataBreakSettings.service.js';

/** The data-break delay calls (decision 0071); the service checks who may read and change. */
export function dataBreakSettingsRoutes(ctx: {
  authenticate: Authenticate;
  settings: DataBreakSettingsService;
}) {
  return (app: FastifyInstance): void => {
    app.addHook('preValidation', ctx.authenticate);
    route(app, dataBreakEndpoints.getDataBreakSettings).handle(async (req) => ({
      status_code: 0 as const,
      ...(await ctx.settings.get(actorOf(req), req.query.UID)),
    }));
    route(app, dataBreakEndpoints.saveDataBreakSettings).handle(async (req) => ({
      status_code: 0 as const,
      ...(await ctx.settings.save(actorOf(req), req.body)),
    }));
  };
}
