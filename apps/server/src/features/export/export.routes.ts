import type { FastifyInstance } from 'fastify';
import { exportEndpoints } from '@emberwatch/shared/contracts/export';
import { actorOf, type Authenticate } from '../../http/authenticate.js';
import { route, unchecked } from '../../http/route.js';
import type { ExportService } from './export.service.js';

/**
 * The export's readings. The answer grows with the readings, so it is sent `unchecked` like the
 * probe history (probes.routes.ts says why); the compiler checks the service's value against it.
 */
export function exportRoutes(ctx: { authenticate: Authenticate; exports: ExportService }) {
  return (app: FastifyInstance): void => {
    app.addHook('preValidation', ctx.authenticate);
    route(app, exportEndpoints.exportData).handle(async (req) =>
      unchecked(await ctx.exports.exportData(actorOf(req), req.query)),
    );
  };
}
