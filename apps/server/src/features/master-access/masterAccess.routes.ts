import type { FastifyInstance } from 'fastify';
import { masterAccessEndpoints } from '@emberwatch/shared/contracts/masterAccess';
import { actorOf, type Authenticate } from '../../http/authenticate.js';
import { route } from '../../http/route.js';
import type { MasterAccessService } from './masterAccess.service.js';

/**
 * POST /client/authorizeMasterUsers (spec doc 1 §7), and the farm's list of masters, the lookup by
 * username, the invitation and the withdrawal (decision 0104); the service checks who may.
 */
export function masterAccessRoutes(ctx: { authenticate: Authenticate; masterAccess: MasterAccessService }) {
  return (app: FastifyInstance): void => {
    app.addHook('preValidation', ctx.authenticate);
    route(app, masterAccessEndpoints.authorizeMasterUsers).handle(async (req) => {
      await ctx.masterAccess.authorize(actorOf(req), req.body);
      return { status_code: 0 as const };
    });
    route(app, masterAccessEndpoints.getAccountMasters).handle(async (req) => ({
      status_code: 0 as const,
      masters: await ctx.masterAccess.masters(actorOf(req), req.query.UID),
    }));
    route(app, masterAccessEndpoints.getMasterUserByUsername).handle(async (req) => ({
      status_code: 0 as const,
      master: await ctx.masterAccess.masterByUsername(actorOf(req), req.query),
    }));
    route(app, masterAccessEndpoints.inviteMasterUser).handle(async (req) => ({
      status_code: 0 as const,
      id: await ctx.masterAccess.invite(actorOf(req), req.body),
    }));
    route(app, masterAccessEndpoints.withdrawMasterUsers).handle(async (req) => {
      await ctx.masterAccess.withdraw(actorOf(req), req.body);
      return { status_code: 0 as const };
    });
  };
}
