import { z } from 'zod';
import { defineEndpoint, defineEndpoints } from './endpoint.js';
import { probeCorrectionSchema } from './probeCorrection.js';
import { dataResponseSchema } from './readings.js';

export const bsIdSchema = z
  .string()
  .trim()
  .min(1, 'basestationID is required')
  .max(32)
  .regex(/^[A-Za-z0-9_-]+$/, 'basestationID may hold letters, digits, _ and - only');

export const basestationQuerySchema = z.object({
  basestationID: bsIdSchema,
  UID: z.coerce.number().int().positive().optional(),
});

export const uidQuerySchema = z.object({ UID: z.coerce.number().int().positive().optional() });

/** One entry of a user's bs_list (spec doc 1 §3). */
export const bsListEntrySchema = z.object({
  bsId: z.string(),
  bsName: z.string().nullable(),
  bsGroup: z.string().nullable(),
});
export type BsListEntry = z.infer<typeof bsListEntrySchema>;

export const basestationSummarySchema = z.object({
  bs_id: z.string(),
  display_name: z.string().nullable(),
  bsGroup: z.string().nullable(),
  groupSize: z.int().describe("Number of stations sharing this station's group (1 when ungrouped)."),
  owner_UID: z.int(),
  timezone: z.string().nullable(),
  bs_type: z.int().nullable(),
  typeLabel: z.string(),
  last_data_ts: z.int().nullable(),
  probeCount: z.int(),
  probeKind: z
    .enum(['hay', 'grain', 'compost', 'other'])
    .nullable()
    .describe('What the station holds: the kind most of its probes are; null without probes.'),
});
export type BasestationSummary = z.infer<typeof basestationSummarySchema>;

/** GET /client/basestationArray */
export const basestationArrayResponseSchema = z.object({
  status_code: z.literal(0),
  results: z.array(basestationSummarySchema),
});
export type BasestationArrayResponse = z.infer<typeof basestationArrayResponseSchema>;

export const sensorConfigurationSchema = z.object({
  sensor_id_sys: z.string(),
  sensor_id_bs: z.string(),
  sensor_name: z.string().nullable(),
  realBs: z.string().describe('The station whose radio heard the probe most recently.'),
  disabled: z.boolean(),
  depths: z.int(),
  kind: z.enum(['hay', 'grain', 'compost', 'other']),
  storage_location: z.string().nullable(),
  column: z.int().nullable(),
  corrections: z
    .array(probeCorrectionSchema)
    .optional()
    .describe('Value corrections, oldest first (spec doc 2 §3); absent or empty when there are none.'),
  measurement_interval: z
    .int()
    .nullable()
    .optional()
    .describe(
      "Measurement interval in seconds as stored (the form shows minutes); null = the station's default.",
    ),
  receiving_time: z.int().nullable().optional().describe('Receiving time 4–10; null = the default 3.'),
});
export type SensorConfiguration = z.infer<typeof sensorConfigurationSchema>;

/** A station's own settings, saved by POST /client/bsConf?basestationID and shown by GET bsConf — the station's settings (spec doc 2 §3 "Base station conf"). */
export const stationSettingsSchema = z.strictObject({
  tempIntervalDegrees: z
    .int()
    .min(0)
    .max(100)
    .nullable()
    .describe(
      'Tenths of °C a probe’s change must pass to be sent before its interval; null: the station’s own.',
    ),
  userBSIntervals: z
    .boolean()
    .describe('The probes’ measurement intervals are the user’s (true) or the station firmware’s.'),
  alarm_treshold_1: z.int().min(-400).max(1500).nullable().describe('First alarm threshold, tenths of °C.'),
  alarm_treshold_2: z.int().min(-400).max(1500).nullable().describe('Second alarm threshold, tenths of °C.'),
});
export type StationSettings = z.infer<typeof stationSettingsSchema>;

/** GET /client/bsConf — spec doc 2 §3 "Base station conf". */
export const bsConfResponseSchema = z.object({
  status_code: z.literal(0),
  bs_id: z.string(),
  bs_BS_ID: z.string(),
  bsGroup: z.string().nullable(),
  display_name: z.string().nullable(),
  timezone: z.string().nullable(),
  bs_type: z.int().nullable(),
  bast_ver: z.string().nullable(),
  firmware_ver: z.string().nullable(),
  typeLabel: z.string(),
  activation_date: z.int().nullable(),
  last_boot_ts: z.int().nullable(),
  last_conf_ts: z.int().nullable(),
  last_data_ts: z.int().nullable(),
  sim_exp_date: z.int().nullable().describe('When the SIM card expires, epoch s; null while unknown.'),
  ...stationSettingsSchema.shape,
  sensor_configurations: z.array(sensorConfigurationSchema),
  disabled_sensors: z.array(z.string()),
  conf_data: z.object({
    bsGroup: z.string().nullable(),
    sensor_groups: z.record(z.string(), z.array(z.string())),
    timezone: z.string().nullable(),
  }),
});
export type BsConfResponse = z.infer<typeof bsConfResponseSchema>;

/** The station list, a station's configuration and its latest data, served by the base-stations feature. */
export const baseStationEndpoints = defineEndpoints({
  basestationArray: defineEndpoint({
    method: 'GET',
    path: '/client/basestationArray',
    query: uidQuerySchema,
    response: basestationArrayResponseSchema,
    auth: 'user',
    summary: 'The base stations of the caller, or of an account it may act for (UID).',
  }),
  bsConf: defineEndpoint({
    method: 'GET',
    path: '/client/bsConf',
    query: basestationQuerySchema,
    response: bsConfResponseSchema,
    auth: 'user',
    summary: "A base station's configuration and its probes' settings.",
  }),
  data: defineEndpoint({
    method: 'GET',
    path: '/client/data',
    query: basestationQuerySchema,
    response: dataResponseSchema,
    auth: 'user',
    summary: 'The latest reading of every probe of a base station.',
  }),
});
