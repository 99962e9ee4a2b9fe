import type { FastifyInstance } from 'fastify';
import { qualityEndpoints } from '@emberwatch/shared/contracts/quality';
import { actorOf, type Authenticate } from '../../http/authenticate.js';
import { route, unchecked } from '../../http/route.js';
import type { QualityService } from './quality.service.js';

/** Hay quality (decision 0028); the service checks every access. */
export function qualityRoutes(ctx: { authenticate: Authenticate; quality: QualityService }) {
  return (app: FastifyInstance): void => {
    app.addHook('preValidation', ctx.authenticate);
    const e = qualityEndpoints;

    // Both answer without the serialiser's schema pass (as getStorages): a year of 200 probes is
    // 48 kB of per-probe figures the service builds field by field; the API test holds every answer
    // it reads to the contract exactly.
    route(app, e.getQuality).handle(async (req) =>
      unchecked({
        status_code: 0 as const,
        result: await ctx.quality.forStorage(actorOf(req), req.query),
      }),
    );

    route(app, e.getQualityOverview).handle(async (req) =>
      unchecked({
        status_code: 0 as const,
        results: await ctx.quality.overview(actorOf(req), req.query.UID),
      }),
    );
  };
}
