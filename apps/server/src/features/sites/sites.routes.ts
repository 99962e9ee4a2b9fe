import type { FastifyInstance } from 'fastify';
import { siteEndpoints } from '@emberwatch/shared/contracts/sites';
import { actorOf, type Authenticate } from '../../http/authenticate.js';
import { route } from '../../http/route.js';
import type { SiteService } from './site.service.js';

export interface SiteRouteDeps {
  authenticate: Authenticate;
  sites: SiteService;
}

/** Site plans and site names (spec doc 3 §7, doc 1 §6); the service checks every access. */
export function siteRoutes(ctx: SiteRouteDeps) {
  return (app: FastifyInstance): void => {
    app.addHook('preValidation', ctx.authenticate);
    const e = siteEndpoints;

    route(app, e.getSite).handle(async (req) => ({
      status_code: 0 as const,
      results: await ctx.sites.list(actorOf(req), req.query.UID, req.query.BS_ID),
    }));

    route(app, e.saveSite).handle(async (req) => ({
      status_code: 0 as const,
      site: await ctx.sites.save(actorOf(req), req.body.UID, req.body.site),
    }));

    route(app, e.getSiteNames).handle(async (req) => ({
      status_code: 0 as const,
      results: await ctx.sites.names(actorOf(req)),
    }));

    route(app, e.saveSiteNames).handle(async (req) => {
      await ctx.sites.saveNames(actorOf(req), req.body.siteNames);
      return { status_code: 0 as const };
    });
  };
}
