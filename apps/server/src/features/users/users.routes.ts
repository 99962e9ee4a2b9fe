import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { uidQuerySchema, uiPrefsRequestSchema } from '@emberwatch/shared';
import { actorOf, type Authenticate } from '../../http/authenticate.js';
import type { UserAccountService } from './userAccount.service.js';

export interface UserRouteDeps {
  authenticate: Authenticate;
  accounts: UserAccountService;
}

export function userRoutes(ctx: UserRouteDeps) {
  return (base: FastifyInstance): void => {
    const app = base.withTypeProvider<ZodTypeProvider>();
    app.addHook('preHandler', ctx.authenticate);

    app.get('/client/userInfo', { schema: { querystring: uidQuerySchema } }, async (req) => ({
      status_code: 0,
      userinfo: await ctx.accounts.userInfo(actorOf(req), req.query.UID),
    }));

    /** Saves the caller's preferences, or a customer's when an admin passes UID (spec doc 1 §7). */
    app.post('/client/uiPrefs', { schema: { body: uiPrefsRequestSchema } }, async (req) => ({
      status_code: 0,
      ui_preferences: await ctx.accounts.saveUiPrefs(actorOf(req), req.body),
    }));
  };
}
