import type { FastifyInstance } from 'fastify';
import { pushEndpoints } from '@emberwatch/shared/contracts/push';
import { actorOf, type Authenticate } from '../../http/authenticate.js';
import { route } from '../../http/route.js';
import type { PushService } from './push.service.js';

/** The web push calls (decision 0048): each about the logged-in user's own devices. */
export function pushRoutes(ctx: { authenticate: Authenticate; push: PushService }) {
  return (app: FastifyInstance): void => {
    app.addHook('preValidation', ctx.authenticate);
    route(app, pushEndpoints.getPushKey).handle(() => ({
      status_code: 0 as const,
      publicKey: ctx.push.publicKey(),
    }));
    route(app, pushEndpoints.getPushStatus).handle(async (req) =>
      ctx.push.status(actorOf(req), req.body.endpoint),
    );
    route(app, pushEndpoints.subscribePush).handle(async (req) => ctx.push.subscribe(actorOf(req), req.body));
    route(app, pushEndpoints.unsubscribePush).handle(async (req) =>
      ctx.push.unsubscribe(actorOf(req), req.body.endpoint),
    );
    route(app, pushEndpoints.testPush).handle(async (req) => ctx.push.test(actorOf(req)));
  };
}
