import type { FastifyInstance, FastifyReply } from 'fastify';
import { masterUsersEndpoints as e } from '@emberwatch/shared/contracts/masterUsers';
import { actorOf, type Authenticate } from '../../http/authenticate.js';
import { route } from '../../http/route.js';
import { MasterThrottledError, type MasterUsersService } from './masterUsers.service.js';

/** RFC 9110: a throttled call says how long to wait, in seconds. */
async function withRetryAfter<T>(reply: FastifyReply, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof MasterThrottledError) reply.header('retry-after', String(err.retryAfterS));
    throw err;
  }
}

/** The registration's public calls and the master's own (spec doc 1 §7); the service checks who may. */
export function masterUsersRoutes(ctx: { authenticate: Authenticate; masterUsers: MasterUsersService }) {
  return (app: FastifyInstance): void => {
    void app.register((pub: FastifyInstance) => {
      route(pub, e.registerMasterUser).handle((req, reply) =>
        withRetryAfter(reply, () => ctx.masterUsers.register(req.body, req.ip)),
      );
      route(pub, e.activateMasterPhone).handle((req, reply) =>
        withRetryAfter(reply, () => ctx.masterUsers.activatePhone(req.body)),
      );
      route(pub, e.confirmMasterMobile).handle((req) => ctx.masterUsers.confirmMobile(req.body));
      route(pub, e.finalizeMasterUser).handle(async (req) => ({
        status_code: 0 as const,
        ...(await ctx.masterUsers.finalize(req.body)),
      }));
    });
    void app.register((own: FastifyInstance) => {
      own.addHook('preValidation', ctx.authenticate);
      route(own, e.saveMasterUser).handle(async (req) => {
        await ctx.masterUsers.save(actorOf(req), req.body);
        return { status_code: 0 as const };
      });
      route(own, e.removeMasterUser).handle(async (req, reply) => {
        await withRetryAfter(reply, () => ctx.masterUsers.remove(actorOf(req), req.body));
        return { status_code: 0 as const };
      });
      route(own, e.stopWatchingAccount).handle(async (req) => {
        await ctx.masterUsers.stopWatching(actorOf(req), req.body);
        return { status_code: 0 as const };
      });
    });
  };
}
