import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { uidQuerySchema, uiPrefsRequestSchema } from '@emberwatch/shared';
import type { AppContext } from '../../AppContext.js';
import { ApiError } from '../../http/ApiError.js';
import { actorOf, authenticate } from '../../http/authenticate.js';
import { presentBsListEntry } from '../base-stations/baseStation.presenter.js';
import { presentUserInfo } from './user.presenter.js';

export function userRoutes(ctx: AppContext) {
  return (base: FastifyInstance): void => {
    const app = base.withTypeProvider<ZodTypeProvider>();
    app.addHook('preHandler', authenticate(ctx));

    app.get('/client/userInfo', { schema: { querystring: uidQuerySchema } }, async (req) => {
      const actor = actorOf(req);
      const { UID } = req.query;
      const target = await ctx.access.targetAccount(actor, UID);
      const accountId = target.main_user_id ?? target.id;
      const account = accountId === target.id ? target : ((await ctx.users.findById(accountId)) ?? target);
      const [stations, subUsers, masterAuthorizations] = await Promise.all([
        ctx.access.visibleStations(actor, target),
        ctx.users.listSubUsers(account.id),
        ctx.users.masterAuthorizationsOf(account.id),
      ]);
      return {
        status_code: 0,
        userinfo: presentUserInfo({
          user: target,
          account,
          bsList: stations.map(presentBsListEntry),
          subUsers,
          masterAuthorizations,
          nowS: ctx.nowS(),
        }),
      };
    });

    /** Saves the caller's preferences, or a customer's when an admin passes UID (spec doc 1 §7). */
    app.post('/client/uiPrefs', { schema: { body: uiPrefsRequestSchema } }, async (req) => {
      const actor = actorOf(req);
      const body = req.body;
      let target = actor.user;
      if (body.UID !== undefined && body.UID !== actor.user.id) {
        if (!actor.isAdmin) throw ApiError.forbidden('You may only change your own preferences.');
        target = await ctx.access.targetAccount(actor, body.UID);
      }
      const ui_preferences = await ctx.preferences.update(target.id, body.prefs);
      return { status_code: 0, ui_preferences };
    });
  };
}
