import type { FastifyInstance } from 'fastify';
import { healthEndpoints } from '@emberwatch/shared/contracts/health';
import type { Engine } from '../db/engine.js';
import { route } from './route.js';

/** GET /health, for load balancers and operators: the server answers, and on which store. */
export function healthRoutes(engine: Engine) {
  return (app: FastifyInstance): void => {
    route(app, healthEndpoints.health).handle(() => ({ status_code: 0, engine }));
  };
}
