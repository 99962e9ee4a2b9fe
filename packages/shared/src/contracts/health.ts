import { z } from 'zod';
import { defineEndpoint, defineEndpoints } from './endpoint.js';

/** GET /health: the server answers and which store it runs on (for load balancers and operators). */
export const healthResponseSchema = z.object({
  status_code: z.literal(0),
  engine: z.enum(['sqlite', 'postgres']),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;

export const healthEndpoints = defineEndpoints({
  health: defineEndpoint({
    method: 'GET',
    path: '/health',
    response: healthResponseSchema,
    auth: 'public',
    summary: 'The server is up; which store it uses.',
  }),
});
