import type { FastifyInstance } from 'fastify';
import { masterAccessEndpoints } from '@emberwatch/shared/contracts/masterAccess';
import { actorOf, type Authenticate } from '../../http/authenticate.js';
import { route } from '../../http/route.js';
import type { MasterAccessService } from './masterAccess.service.js';

/** POST /client/authorizeMasterUsers (spec doc 1 §7); the service checks who may. */
export function masterAccessRoutes(ctx: { authenticate: Authenticate; masterAccess: MasterAccessService }) {
  return (app: FastifyInstance): void => {
    app.addHook('preValidation', ctx.authenticate);
    route(app, masterAccessEndpoints.authorizeMasterUsers).handle(async (req) => {
      await ctx.masterAccess.authorize(actorOf(req), req.body);
      return { status_code: 0 as const };
    });
  };
}
