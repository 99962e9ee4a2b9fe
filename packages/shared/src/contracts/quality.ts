import { z } from 'zod';
import { DAYS_TO_DROP_NONE } from '../domain/daysToDrop.js';
import { defineEndpoint, defineEndpoints } from './endpoint.js';

/**
 * Hay quality per probe of a storage (spec doc 3 §3 "Stack-based quality, per probe", §4 "Quality
 * view", §6 "Hay quality: available to users with a valid paid or trial service", §9 "Hay quality").
 * The spec's catalogue names no path for it (doc 3 §7 shares "Sensor data for export, period chart
 * and quality" with export, as day maxima); these two calls are designed in
 * docs/decisions/0028-hay-quality-service.md. The model is decision 0020.
 */

/** The longest period one call sums (a hay season and more; the ≤ 100 ms budget is for a year). */
export const QUALITY_PERIOD_MAX_DAYS = 400;

const epochSeconds = z.coerce.number().int().min(0);

/**
 * The storage and a period: none (the storage's own, else the last 30 days), `unset=1` (the last 30
 * days), `from` alone (ongoing, to = now), or `from` and `to` (set).
 */
export const getQualityQuerySchema = z
  .object({
    itemID: z.coerce.number().int().positive().describe('The storage.'),
    from: epochSeconds.optional().describe("Period start, epoch seconds; absent: the storage's period."),
    to: epochSeconds
      .optional()
      .describe('Period end, epoch seconds; absent with `from`: ongoing (to = now).'),
    unset: z
      .literal('1')
      .optional()
      .describe("1: the unset period (the last 30 days up to now), whatever the storage's is."),
  })
  .refine((q) => q.unset === undefined || (q.from === undefined && q.to === undefined), {
    message: 'An unset period has no start or end',
    path: ['unset'],
  })
  .refine((q) => q.to === undefined || q.from !== undefined, {
    message: 'A period end needs a start',
    path: ['to'],
  })
  .refine((q) => q.to === undefined || q.from === undefined || q.to > q.from, {
    message: 'The period ends before it starts',
    path: ['to'],
  });
export type GetQualityQuery = z.infer<typeof getQualityQuerySchema>;

/** The period the answer covers, resolved (domain/qualityPeriod.ts). */
export const resolvedQualityPeriodSchema = z.object({
  state: z.enum(['unset', 'set', 'ongoing']),
  from: z.int(),
  to: z.int().describe('Epoch seconds; now for an ongoing period.'),
  ongoing: z.boolean().describe('The period reaches now: days-to-drop is extrapolated.'),
});
export type ResolvedQualityPeriodAnswer = z.infer<typeof resolvedQualityPeriodSchema>;

/** Spec doc 3 §3 "Stack-based quality, per probe" (plus score, the bars' 0–1000 scale). */
export const probeQualitySchema = z.object({
  ID: z.string().describe('The probe serial.'),
  HDD: z.number().describe('Heat-degree hours above 30 °C in the period, °C·h.'),
  TDN: z.number().describe('Estimated total digestible nutrients, % of dry matter.'),
  quality: z.number().describe('(n + 12) / 13: the share of TDN kept.'),
  score: z.int().describe('1000·n, the scale of the bar thresholds 700/600/350/200/0.'),
  color: z.string(),
  color3D: z.string(),
  bars: z.int().min(1).max(5),
  size: z.number().describe('Relative marker size, 0.5 (unheated) to 1.'),
  intensity: z.number().describe('1 − n: how much of the heat-labile value is spent.'),
  lastTemp: z.int().nullable().describe('The last hourly maximum in the period, tenths of °C.'),
  daysToDrop: z
    .number()
    .describe(`Days until the next bar is lost; ${DAYS_TO_DROP_NONE} when none is in sight.`),
  isDemo: z.boolean().describe('The storage belongs to a demo account (demo warning limit 4 days).'),
});
export type ProbeQuality = z.infer<typeof probeQualitySchema>;

export const storageQualitySchema = z.object({
  itemID: z.int(),
  name: z.string(),
  BS_ID: z.string(),
  period: resolvedQualityPeriodSchema,
  probes: z.array(probeQualitySchema).describe("The storage's hay probes, by id."),
});
export type StorageQuality = z.infer<typeof storageQualitySchema>;

export const getQualityResponseSchema = z.object({ status_code: z.literal(0), result: storageQualitySchema });
export type GetQualityResponse = z.infer<typeof getQualityResponseSchema>;

export const getQualityOverviewQuerySchema = z.object({
  UID: z.coerce.number().int().positive().optional().describe('An account the caller may act for.'),
});
export const getQualityOverviewResponseSchema = z.object({
  status_code: z.literal(0),
  results: z
    .array(storageQualitySchema)
    .describe('Storages with hay probes, by name; each over its own period.'),
});
export type GetQualityOverviewResponse = z.infer<typeof getQualityOverviewResponseSchema>;

/** Hay quality, served by the quality feature. */
export const qualityEndpoints = defineEndpoints({
  getQuality: defineEndpoint({
    method: 'GET',
    path: '/client/getQuality',
    query: getQualityQuerySchema,
    response: getQualityResponseSchema,
    auth: 'user',
    summary:
      "Hay quality of a storage's hay probes over a period (default: the storage's, else the last 30 days).",
  }),
  getQualityOverview: defineEndpoint({
    method: 'GET',
    path: '/client/getQualityOverview',
    query: getQualityOverviewQuerySchema,
    response: getQualityOverviewResponseSchema,
    auth: 'user',
    summary: 'Hay quality of every storage with hay probes the caller sees, each over its own period.',
  }),
});
