import type { FastifyInstance } from 'fastify';
import { userEndpoints } from '@emberwatch/shared/contracts/users';
import { actorOf, type Authenticate } from '../../http/authenticate.js';
import { route } from '../../http/route.js';
import type { UserAccountService } from './userAccount.service.js';

export interface UserRouteDeps {
  authenticate: Authenticate;
  accounts: UserAccountService;
}

export function userRoutes(ctx: UserRouteDeps) {
  return (app: FastifyInstance): void => {
    app.addHook('preValidation', ctx.authenticate);

    route(app, userEndpoints.userInfo).handle(async (req) => ({
      status_code: 0,
      userinfo: await ctx.accounts.userInfo(actorOf(req), req.query.UID),
    }));

    route(app, userEndpoints.getUserInfoAndConf).handle((req) =>
      ctx.accounts.userInfoAndConf(actorOf(req), req.query.UID),
    );

    /** Saves the caller's preferences, or a customer's when an admin passes UID (spec doc 1 §7). */
    route(app, userEndpoints.uiPrefs).handle(async (req) => ({
      status_code: 0,
      ui_preferences: await ctx.accounts.saveUiPrefs(actorOf(req), req.body),
    }));
  };
}
