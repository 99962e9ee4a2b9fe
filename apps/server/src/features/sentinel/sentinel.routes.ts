import type { FastifyInstance } from 'fastify';
import { sentinelEndpoints } from '@emberwatch/shared/contracts/sentinel';
import { actorOf, type Authenticate } from '../../http/authenticate.js';
import { route } from '../../http/route.js';
import type { SentinelService } from './sentinel.service.js';

/**
 * The Sentinel calls (spec doc 1 §7 /sentinelCall, /testSentinelCall; decision 0046); the service
 * checks who may. Answers that may carry the secret are never stored by a cache on the way.
 */
export function sentinelRoutes(ctx: { authenticate: Authenticate; sentinel: SentinelService }) {
  return (app: FastifyInstance): void => {
    app.addHook('preValidation', ctx.authenticate);
    route(app, sentinelEndpoints.sentinelCall).handle(async (req, reply) => {
      void reply.header('cache-control', 'no-store');
      return ctx.sentinel.read(actorOf(req), req.body.UID);
    });
    route(app, sentinelEndpoints.rotateSentinelSecret).handle(async (req, reply) => {
      void reply.header('cache-control', 'no-store');
      const secret = await ctx.sentinel.rotate(actorOf(req), req.body.UID);
      return { status_code: 0 as const, ...(secret ? { secret } : {}) };
    });
    route(app, sentinelEndpoints.testSentinelCall).handle(async (req) =>
      ctx.sentinel.test(actorOf(req), req.body.UID),
    );
    route(app, sentinelEndpoints.setSentinelAlerts).handle(async (req) => ({
      status_code: 0 as const,
      sentinelAlerts: (await ctx.sentinel.set(actorOf(req), req.body, 'set')).sentinelAlerts,
    }));
    route(app, sentinelEndpoints.setSentinelTarget).handle(async (req, reply) => {
      void reply.header('cache-control', 'no-store');
      return { status_code: 0 as const, ...(await ctx.sentinel.set(actorOf(req), req.body, 'configure')) };
    });
  };
}
