import { z } from 'zod';
import { defineEndpoint, defineEndpoints } from './endpoint.js';

/** GET /health: the server answers and which store it runs on (for load balancers and operators). */
export const healthResponseSchema = z.object({
  status_code: z.literal(0),
  engine: z.enum(['sqlite', 'postgres']),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;

/**
 * GET /ready: this instance can serve — its store answers. A load balancer's health check sends
 * traffic only to instances that say so; a 503 (the store unreachable, or the instance stopping) takes
 * it out until it answers again.
 */
export const readyResponseSchema = z.object({
  status_code: z.literal(0),
  engine: z.enum(['sqlite', 'postgres']),
  /** How long the store took to answer one query, in milliseconds. */
  store_ms: z.number(),
});
export type ReadyResponse = z.infer<typeof readyResponseSchema>;

export const healthEndpoints = defineEndpoints({
  health: defineEndpoint({
    method: 'GET',
    path: '/health',
    response: healthResponseSchema,
    auth: 'public',
    summary: 'The server is up; which store it uses.',
  }),
  ready: defineEndpoint({
    method: 'GET',
    path: '/ready',
    response: readyResponseSchema,
    auth: 'public',
    summary: 'This instance can serve: its store answers (503 otherwise).',
  }),
});
