import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { healthEndpoints } from '@emberwatch/shared/contracts/health';
import type { Store } from '../db/createDatabase.js';
import { ApiError } from './ApiError.js';
import { route } from './route.js';

/** How long the store may take to answer the readiness query before the instance says it is not ready. */
const READY_TIMEOUT_MS = 2000;

/**
 * GET /health, for operators and liveness checks: the process answers, and on which store.
 * GET /ready, for a load balancer's health check: the store answers too.
 */
export function healthRoutes(store: Pick<Store, 'db' | 'engine'>) {
  return (app: FastifyInstance): void => {
    route(app, healthEndpoints.health).handle(() => ({ status_code: 0, engine: store.engine }));
    route(app, healthEndpoints.ready).handle(async () => {
      const started = performance.now();
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('timeout')), READY_TIMEOUT_MS);
      });
      try {
        await Promise.race([sql`select 1`.execute(store.db), timeout]);
      } catch {
        throw ApiError.unavailable('The store does not answer.');
      } finally {
        clearTimeout(timer);
      }
      return {
        status_code: 0 as const,
        engine: store.engine,
        store_ms: Math.round((performance.now() - started) * 10) / 10,
      };
    });
  };
}
