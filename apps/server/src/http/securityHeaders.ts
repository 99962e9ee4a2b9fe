import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
// The route option `helmet: false` (a route that is not a browser's, decision 0143) keeps the type
// @fastify/helmet gives it.
import type {} from '@fastify/helmet';
import helmet, { type HelmetOptions } from 'helmet';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set from the route option `helmet: false`: the answer carries no security headers. */
    noSecurityHeaders?: boolean;
  }
}

/**
 * The security headers (helmet) on every answer, as @fastify/helmet sets them, with the middleware
 * built once: @fastify/helmet builds it anew on each request (every directive parsed and checked
 * again), about a tenth of a millisecond a call (decision 0143). A directive given as a function is
 * still asked on each answer, so an origin a feature adds later is in the next answer's policy.
 * Added on the root before any route. A route with `helmet: false` gets none (the base stations' calls); a per-route configuration is
 * not supported (none is used).
 */
export function securityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const apply = helmet(options);
  app.addHook('onRoute', (route) => {
    const own = (route as { helmet?: unknown }).helmet;
    if (own === undefined) return;
    if (own !== false) throw new Error(`${route.url}: only helmet: false is supported per route`);
    route.config = { ...route.config, noSecurityHeaders: true };
  });
  app.addHook('onRequest', (req: FastifyRequest, reply: FastifyReply, next: HookHandlerDoneFunction) => {
    if (req.routeOptions.config.noSecurityHeaders === true) return next();
    apply(req.raw, reply.raw, (err?: unknown) => next(err as Error | undefined));
  });
}
