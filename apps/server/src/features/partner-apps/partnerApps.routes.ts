import type { FastifyInstance } from 'fastify';
import { partnerAppsEndpoints } from '@emberwatch/shared/contracts/partnerApps';
import { actorOf, type Authenticate } from '../../http/authenticate.js';
import { ApiError } from '../../http/ApiError.js';
import { route } from '../../http/route.js';
import type { PartnerAppsService } from './partnerApps.service.js';

/** The Haytech app's two activations (decision 0117); the service checks who may. */
export function partnerAppsRoutes(ctx: { authenticate: Authenticate; partnerApps: PartnerAppsService }) {
  return (app: FastifyInstance): void => {
    app.addHook('preValidation', ctx.authenticate);
    route(app, partnerAppsEndpoints.activateHaytechAppBS).handle(async (req, reply) =>
      withRetryAfter(reply, () => ctx.partnerApps.activateBS(actorOf(req), req.body, req.ip)),
    );
    route(app, partnerAppsEndpoints.activateHaytechAppProbeset).handle(async (req, reply) =>
      withRetryAfter(reply, () => ctx.partnerApps.activateProbeset(actorOf(req), req.body, req.ip)),
    );
  };
}

/** RFC 9110: a throttled call (too many wrong codes, the activation feature's 429) says how long to wait. */
async function withRetryAfter<T>(
  reply: { header: (name: string, value: string) => unknown },
  call: () => Promise<T>,
): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof ApiError && err.httpStatus === 429 && 'retryAfterS' in err)
      void reply.header('retry-after', String((err as { retryAfterS: number }).retryAfterS));
    throw err;
  }
}
