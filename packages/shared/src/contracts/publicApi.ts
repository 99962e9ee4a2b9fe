import { z } from 'zod';
import { defineEndpoint, defineEndpoints } from './endpoint.js';

/**
 * The public API (spec doc 1 §2 routes, §7 "Public API"; issue 33 items 2 and 3, decisions 0109–0112):
 * calls for integrators and partner systems, made with an API key (`X-API-Key`) rather than a login.
 * v1 reads (any key); v2 activates kits and stations for partners that sell them (a key with the
 * `activate` scope). Refusals carry a stable `code` beside the usual envelope (PUBLIC_API_ERRORS).
 * The versioned OpenAPI document of these calls alone is served at /api/v1/openapi.json.
 */

const bsIdSchema = z
  .string()
  .regex(/^[A-Z][0-9]{7}$/, 'A base station id is one capital letter and seven digits')
  .describe('A base station id, e.g. F1000001.');
const sensorIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9-]{1,32}$/, 'A probe id is letters, digits and dashes')
  .describe('A probe id, e.g. H10001.');

export const publicUnitsSchema = z
  .enum(['account', 'si'])
  .describe('account: temperatures in the account’s unit (°C or °F); si: always °C.');

export const publicStationSchema = z.object({
  bs_id: z.string(),
  name: z.string().nullable().describe('The station’s display name.'),
  probes: z.int().describe('Probes configured on it.'),
  last_data_ts: z.int().nullable().describe('Its newest data (epoch s); null: none yet.'),
});

export const getSummaryResponseSchema = z.object({
  status_code: z.literal(0),
  account: z.object({
    UID: z.int(),
    username: z.string(),
    unit: z.enum(['C', 'F']).describe('The account’s temperature unit (units=account).'),
    api_plan: z.object({ due: z.int().nullable() }),
  }),
  key: z.object({ id: z.string(), scope: z.enum(['read', 'activate']) }),
  stations: z.array(publicStationSchema),
});
export type GetSummaryResponse = z.infer<typeof getSummaryResponseSchema>;

export const getOverviewQuerySchema = z.strictObject({
  bs_id: bsIdSchema.optional().describe('One station of the account; all of them when absent.'),
  units: publicUnitsSchema.default('account'),
});

export const overviewProbeSchema = z.object({
  bs_id: z.string(),
  sensor_id: z.string(),
  name: z.string().nullable(),
  kind: z.string().describe('hay, grain, compost or other.'),
  ts: z.int().nullable().describe('Its newest reading (epoch s); null: none in the last 30 days.'),
  temperature: z.number().nullable().describe('Its hottest depth then, in the unit asked for.'),
  temps: z.array(z.number().nullable()).describe('Each depth then, top first, in the unit asked for.'),
});
export type OverviewProbe = z.infer<typeof overviewProbeSchema>;

export const getOverviewResponseSchema = z.object({
  status_code: z.literal(0),
  unit: z.enum(['C', 'F']),
  probes: z.array(overviewProbeSchema),
});

export const MEASUREMENTS_PAGE_MAX = 10_000;
export const MEASUREMENTS_PAGE_DEFAULT = 1_000;

export const getMeasurementsQuerySchema = z.strictObject({
  bs_id: bsIdSchema,
  sensor_id: sensorIdSchema,
  from: z.coerce
    .number()
    .int()
    .min(0)
    .describe('Start (epoch s, inclusive). Default: 7 days before `to`.')
    .optional(),
  to: z.coerce.number().int().min(0).describe('End (epoch s, inclusive). Default: now.').optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(MEASUREMENTS_PAGE_MAX)
    .default(MEASUREMENTS_PAGE_DEFAULT)
    .describe('Readings per page.'),
  cursor: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'Not a cursor of this call')
    .optional()
    .describe('The next_cursor of the page before; absent for the first page.'),
  units: publicUnitsSchema.default('account'),
  format: z
    .enum(['json', 'csv'])
    .default('json')
    .describe('csv: one line per reading, the cursor in a header.'),
});
export type GetMeasurementsQuery = z.infer<typeof getMeasurementsQuerySchema>;

export const measurementSchema = z.object({
  ts: z.int().describe('When it was measured (epoch s).'),
  temperature: z.number().describe('The hottest depth, in the unit asked for.'),
  temps: z.array(z.number().nullable()).describe('Each depth, top first, in the unit asked for.'),
  batt: z.number().nullable(),
  rssi: z.number().nullable().describe('The probe’s radio signal at the station.'),
});
export type Measurement = z.infer<typeof measurementSchema>;

export const getMeasurementsResponseSchema = z.object({
  status_code: z.literal(0),
  bs_id: z.string(),
  sensor_id: z.string(),
  unit: z.enum(['C', 'F']),
  from: z.int(),
  to: z.int(),
  readings: z.array(measurementSchema).describe('In time order, at most `limit`.'),
  next_cursor: z.string().nullable().describe('Pass as `cursor` for the next page; null: this was the last.'),
});
export type GetMeasurementsResponse = z.infer<typeof getMeasurementsResponseSchema>;

export const activateSystemRequestSchema = z.strictObject({
  code: z.string().trim().min(4, 'Activation code is required').max(64, 'This is not an activation code'),
});
export const activateProbesRequestSchema = z.strictObject({
  code: z.string().trim().min(4, 'Activation code is required').max(64, 'This is not an activation code'),
  bs_id: bsIdSchema.optional().describe('The station the probes go on (default: the account’s first).'),
});
export const stationRequestSchema = z.strictObject({ bs_id: bsIdSchema });

export const activatedSchema = z.object({
  status_code: z.literal(0),
  bs_id: z.string(),
  set_id: z.string().nullable(),
  probes: z.array(z.string()),
});
export const stationStateResponseSchema = z.object({
  status_code: z.literal(0),
  bs_id: z.string(),
  active: z.boolean(),
});

/** The public API's own calls, with an API key (X-API-Key); served by the public-api feature. */
export const publicApiEndpoints = defineEndpoints({
  getSummary: defineEndpoint({
    method: 'GET',
    path: '/api/v1/getSummary',
    response: getSummaryResponseSchema,
    auth: 'apiKey',
    summary: 'The key’s account: its unit, API plan and stations.',
  }),
  getOverview: defineEndpoint({
    method: 'GET',
    path: '/api/v1/getOverview',
    query: getOverviewQuerySchema,
    response: getOverviewResponseSchema,
    auth: 'apiKey',
    summary: 'Every probe of the account (or one station) with its newest reading.',
  }),
  getMeasurements: defineEndpoint({
    method: 'GET',
    path: '/api/v1/getMeasurements',
    query: getMeasurementsQuerySchema,
    response: getMeasurementsResponseSchema,
    auth: 'apiKey',
    summary: 'A probe’s readings in a time range, a page at a time (cursor), as JSON or CSV.',
  }),
  activateSystem: defineEndpoint({
    method: 'POST',
    path: '/api/v2/activateSystem',
    body: activateSystemRequestSchema,
    response: activatedSchema,
    auth: 'apiKey',
    summary: 'Activates a base station kit by its code into the key’s account (activate scope).',
  }),
  activateProbes: defineEndpoint({
    method: 'POST',
    path: '/api/v2/activateProbes',
    body: activateProbesRequestSchema,
    response: activatedSchema,
    auth: 'apiKey',
    summary: 'Activates a probe set by its code onto a station of the key’s account (activate scope).',
  }),
  deactivateBS: defineEndpoint({
    method: 'POST',
    path: '/api/v2/deactivateBS',
    body: stationRequestSchema,
    response: stationStateResponseSchema,
    auth: 'apiKey',
    summary:
      'Takes a base station out of the key’s account; its kit can be activated again (activate scope).',
  }),
  reactivateBS: defineEndpoint({
    method: 'POST',
    path: '/api/v2/reactivateBS',
    body: stationRequestSchema,
    response: stationStateResponseSchema,
    auth: 'apiKey',
    summary: 'Brings back a base station this account deactivated through the API (activate scope).',
  }),
});
