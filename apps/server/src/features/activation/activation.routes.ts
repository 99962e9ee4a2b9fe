import type { FastifyInstance } from 'fastify';
import { activationEndpoints } from '@emberwatch/shared/contracts/activation';
import { actorOf, type Authenticate } from '../../http/authenticate.js';
import { route } from '../../http/route.js';
import { ActivationThrottled, type ActivationService } from './activation.service.js';

/** Activation by code and the admin's kit list (decision 0052); the service checks who may. */
export function activationRoutes(ctx: { authenticate: Authenticate; activation: ActivationService }) {
  return (app: FastifyInstance): void => {
    app.addHook('preValidation', ctx.authenticate);
    route(app, activationEndpoints.activateKit).handle(async (req, reply) => {
      try {
        return await ctx.activation.activate(actorOf(req), req.body, req.ip);
      } catch (err) {
        // RFC 9110: a throttled call says how long to wait.
        if (err instanceof ActivationThrottled) void reply.header('retry-after', String(err.retryAfterS));
        throw err;
      }
    });
    route(app, activationEndpoints.getKit).handle(async (req, reply) => {
      // The open kits' codes are in the answer: no cache on the way keeps it.
      void reply.header('cache-control', 'no-store');
      return { status_code: 0 as const, results: await ctx.activation.list(actorOf(req), req.query.state) };
    });
    route(app, activationEndpoints.registerMultipleBSs).handle(async (req, reply) => {
      // The stations' secrets are in the answer, once.
      void reply.header('cache-control', 'no-store');
      return {
        status_code: 0 as const,
        results: await ctx.activation.registerStations(actorOf(req), req.body),
      };
    });
    route(app, activationEndpoints.registerMultipleSets).handle(async (req, reply) => {
      void reply.header('cache-control', 'no-store');
      return { status_code: 0 as const, results: await ctx.activation.registerSets(actorOf(req), req.body) };
    });
    route(app, activationEndpoints.activateUsersSet).handle(async (req) => ({
      status_code: 0 as const,
      kit: await ctx.activation.activateUsersSet(actorOf(req), req.body),
    }));
    route(app, activationEndpoints.activateKitAdmin).handle(async (req) => ({
      status_code: 0 as const,
      kit: await ctx.activation.activateKitAdmin(actorOf(req), req.body),
    }));
    route(app, activationEndpoints.removeSet).handle(async (req) => {
      await ctx.activation.removeSet(actorOf(req), req.body);
      return { status_code: 0 as const };
    });
    route(app, activationEndpoints.undoBSActivation).handle(async (req) => {
      await ctx.activation.undoBSActivation(actorOf(req), req.body);
      return { status_code: 0 as const };
    });
  };
}
