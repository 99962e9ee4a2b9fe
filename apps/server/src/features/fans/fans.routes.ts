import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fanEndpoints } from '@emberwatch/shared/contracts/fans';
import { ApiError } from '../../http/ApiError.js';
import { actorOf, type Authenticate } from '../../http/authenticate.js';
import { route } from '../../http/route.js';
import { parseControllerAuthorization, type ControllerCredentials } from './controllerCredentials.js';
import type { ControllerProtocol } from './controllerProtocol.js';
import type { FanService } from './fan.service.js';

const POLL_BODY_LIMIT = 16 * 1024;

/** POST /fc/poll2 — the controller protocol (docs/fan-controller-protocol.md). */
export function controllerRoutes(ctx: { protocol: ControllerProtocol; credentials: ControllerCredentials }) {
  const controllerOf = new WeakMap<FastifyRequest, string>();
  return (app: FastifyInstance): void => {
    route(app, fanEndpoints.poll2, {
      bodyLimit: POLL_BODY_LIMIT,
      // A thousand controllers poll every 30 s: their requests are logged only when something goes wrong.
      logLevel: 'warn',
      // The controller is checked before its report: an unknown one learns nothing about the format.
      preValidation: async (req) => {
        const auth = parseControllerAuthorization(req.headers.authorization);
        if (!auth || !(await ctx.credentials.verify(auth.fcId, auth.secret)))
          throw ApiError.unauthenticated('Unknown controller or wrong controller secret.');
        controllerOf.set(req, auth.fcId);
      },
    }).handle(async (req) => {
      const fcId = controllerOf.get(req);
      if (fcId === undefined)
        throw ApiError.unauthenticated('Unknown controller or wrong controller secret.');
      try {
        return await ctx.protocol.poll(fcId, req.body);
      } catch (err) {
        if (err instanceof ApiError) throw err;
        // The controller keeps its last command (and its offline rule) and polls again.
        req.log.error({ err, fcId }, 'controller poll failed');
        throw ApiError.unavailable('The store is unavailable; keep the last command and poll again.');
      }
    });
  };
}

/** The fan calls of the web (spec doc 1 §7 "Field controllers"); the service checks every access. */
export function fanRoutes(ctx: { authenticate: Authenticate; fans: FanService }) {
  return (app: FastifyInstance): void => {
    app.addHook('preValidation', ctx.authenticate);
    const e = fanEndpoints;
    const ok = <T>(results: T) => ({ status_code: 0 as const, results });

    route(app, e.getFcItem).handle(async (req) =>
      ok(await ctx.fans.items(actorOf(req), req.query.id, req.query.UID)),
    );
    route(app, e.runScheduler).handle(async (req) =>
      ok(await ctx.fans.runScheduler(actorOf(req), req.query.id, req.query.itemID)),
    );
    route(app, e.setFcUse).handle(async (req) => ok(await ctx.fans.setUse(actorOf(req), req.body)));
    route(app, e.setFcAssignment).handle(async (req) =>
      ok(await ctx.fans.setAssignment(actorOf(req), req.body)),
    );
    route(app, e.clearFcAssignment).handle(async (req) =>
      ok(await ctx.fans.clearAssignment(actorOf(req), req.body.fc_id, req.body.channel, req.body.UID)),
    );
    route(app, e.setFcManualCommand).handle(async (req) =>
      ok(await ctx.fans.setManualCommand(actorOf(req), req.body)),
    );
    route(app, e.rcLogs).handle(async (req) => ok(await ctx.fans.rcLogs(actorOf(req), req.query)));
    route(app, e.getRcScheduler).handle(async (req) =>
      ctx.fans.rcScheduler(actorOf(req), req.query.fc_id, req.query.UID),
    );
    route(app, e.saveRcScheduler).handle(async (req) => ctx.fans.saveRcScheduler(actorOf(req), req.body));
    route(app, e.registerController).handle(async (req) => ({
      status_code: 0 as const,
      ...(await ctx.fans.register(actorOf(req), req.body)),
    }));
  };
}
