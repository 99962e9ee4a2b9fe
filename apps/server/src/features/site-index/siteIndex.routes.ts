import type { FastifyInstance } from 'fastify';
import { siteIndexEndpoints } from '@emberwatch/shared/contracts/siteIndex';
import { actorOf, type Authenticate } from '../../http/authenticate.js';
import { route, unchecked } from '../../http/route.js';
import type { SiteIndexService } from './siteIndex.service.js';

/** The site index's call (decision 0105); the service checks who may ask. */
export function siteIndexRoutes(ctx: { authenticate: Authenticate; siteIndex: SiteIndexService }) {
  return (app: FastifyInstance): void => {
    app.addHook('preValidation', ctx.authenticate);
    // 1,500 sites for an advisor of 500 farms (375 kB): sent as typed JSON, as the other large answers.
    route(app, siteIndexEndpoints.getMultisiteData).handle(async (req) =>
      unchecked({ status_code: 0 as const, ...(await ctx.siteIndex.multisite(actorOf(req))) }),
    );
  };
}
