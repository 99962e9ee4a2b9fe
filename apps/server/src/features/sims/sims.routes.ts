import type { FastifyInstance } from 'fastify';
import { simEndpoints } from '@emberwatch/shared/contracts/sims';
import { actorOf, type Authenticate } from '../../http/authenticate.js';
import { route } from '../../http/route.js';
import type { SimsService } from './sims.service.js';

/** The SIM calls (decision 0092); the operator's callback in a scope of its own, without a session. */
export function simsRoutes(ctx: { authenticate: Authenticate; sims: SimsService }) {
  const { sims } = ctx;
  return (app: FastifyInstance): void => {
    void app.register((hook, _opts, next) => {
      route(hook, simEndpoints.teliaAPI).handle(async (req) => {
        const secret = req.headers['x-callback-secret'];
        return {
          status_code: 0,
          changed: await sims.operatorEvent(typeof secret === 'string' ? secret : undefined, req.body),
        };
      });
      next();
    });

    void app.register((api, _opts, next) => {
      api.addHook('preValidation', ctx.authenticate);
      route(api, simEndpoints.getSIM).handle((req) => sims.getSim(actorOf(req), req.query));
      route(api, simEndpoints.simList).handle(async (req) => ({
        status_code: 0,
        results: await sims.list(actorOf(req), req.query),
      }));
      route(api, simEndpoints.checkSIMs).handle(async (req) => ({
        status_code: 0,
        ...(await sims.check(actorOf(req), req.body)),
      }));
      route(api, simEndpoints.storeSIMs).handle(async (req) => ({
        status_code: 0,
        ...(await sims.store(actorOf(req), req.body)),
      }));
      route(api, simEndpoints.setBSSIM).handle(async (req) => ({
        status_code: 0,
        sim: await sims.setBsSim(actorOf(req), req.body),
      }));
      route(api, simEndpoints.setSIMExpiration).handle(async (req) => ({
        status_code: 0,
        ...(await sims.setExpiration(actorOf(req), req.body)),
      }));
      route(api, simEndpoints.getValidityOverview).handle(async (req) => ({
        status_code: 0,
        ...(await sims.validity(actorOf(req), req.query)),
      }));
      next();
    });
  };
}
