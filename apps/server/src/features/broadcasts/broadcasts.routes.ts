import type { FastifyInstance } from 'fastify';
import { broadcastEndpoints } from '@emberwatch/shared/contracts/broadcasts';
import { actorOf, type Authenticate } from '../../http/authenticate.js';
import { route } from '../../http/route.js';
import type { BroadcastsService } from './broadcasts.service.js';
import type { NewsCampaignsService } from './newsCampaigns.service.js';

/** The broadcasts and news campaigns calls (decision 0100); the services check every access. */
export function broadcastsRoutes(ctx: {
  authenticate: Authenticate;
  broadcasts: BroadcastsService;
  campaigns: NewsCampaignsService;
}) {
  const { broadcasts, campaigns } = ctx;
  return (app: FastifyInstance): void => {
    void app.register((api, _opts, next) => {
      api.addHook('preValidation', ctx.authenticate);
      route(api, broadcastEndpoints.getBroadcastUsers).handle((req) =>
        broadcasts.users(actorOf(req), req.query),
      );
      route(api, broadcastEndpoints.sendBroadcastMessage).handle((req) =>
        broadcasts.sendBroadcast(actorOf(req), req.body),
      );
      route(api, broadcastEndpoints.getBroadcasts).handle(async (req) => ({
        status_code: 0,
        ...(await broadcasts.broadcasts(actorOf(req), req.query)),
      }));
      route(api, broadcastEndpoints.getNewsCampaigns).handle(async (req) => ({
        status_code: 0,
        campaigns: await campaigns.list(actorOf(req)),
      }));
      route(api, broadcastEndpoints.saveNewsCampaigns).handle(async (req) => ({
        status_code: 0,
        campaigns: await campaigns.save(actorOf(req), req.body),
      }));
      next();
    });
  };
}
