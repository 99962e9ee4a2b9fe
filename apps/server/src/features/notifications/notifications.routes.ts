import type { FastifyInstance } from 'fastify';
import { notificationEndpoints } from '@emberwatch/shared/contracts/notifications';
import { actorOf, type Authenticate } from '../../http/authenticate.js';
import { route } from '../../http/route.js';
import type { NotificationService } from './notifications.service.js';

/** Notifications and news (spec doc 1 §2, §7; doc 3 §2); the service checks every access. */
export function notificationRoutes(ctx: { authenticate: Authenticate; notifications: NotificationService }) {
  return (app: FastifyInstance): void => {
    app.addHook('preValidation', ctx.authenticate);
    const e = notificationEndpoints;

    route(app, e.getNotifications).handle(async (req) => ({
      status_code: 0 as const,
      ...(await ctx.notifications.list(actorOf(req), req.query.UID)),
    }));

    route(app, e.notificationsSeen).handle(async (req) => {
      await ctx.notifications.markSeen(actorOf(req), req.body.UID);
      return { status_code: 0 as const };
    });

    // The news travel in the user info (GET /client/userInfo) and their newsSeenDate back in
    // POST /client/userInfo (spec doc 1 §3, §7): the users and account features call this feature's
    // exported `newsOf` and `newsSeen`.
  };
}
