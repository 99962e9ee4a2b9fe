import { z } from 'zod';
import { bsIdSchema } from './baseStations.js';
import { defineEndpoint, defineEndpoints } from './endpoint.js';
import { sensorIdSchema } from './ingest.js';
import { statusOkSchema } from './statusOk.js';

/** Spec doc 2 §5: correction factor −1…1 in steps of 0.1. */
export const CORRECTION_MIN = -1;
export const CORRECTION_MAX = 1;
/** Spec doc 2 §5: measurement interval 0–60 minutes, stored in seconds; 0 removes the setting. */
export const MEASUREMENT_INTERVAL_MAX_MIN = 60;
/** Spec doc 2 §5: receiving time 3–10, default 3; 3 removes the setting. */
export const RECEIVING_TIME_MIN = 3;
export const RECEIVING_TIME_MAX = 10;
export const RECEIVING_TIME_DEFAULT = 3;
/** Spec doc 2 §4: measurement interval from firmware 2, receiving time from firmware 3. */
export const FIRMWARE_MEASUREMENT_INTERVAL = 2;
export const FIRMWARE_RECEIVING_TIME = 3;

/** One probe's change; only the fields present are changed (spec doc 2 §7 "Save probe config"). */
export const sensorConfigurationChangeSchema = z.strictObject({
  sensor_id_sys: sensorIdSchema,
  /** Empty falls back to the probe id (subid). */
  sensor_name: z.string().trim().max(60).nullable().optional(),
  /** Correction in °C, −1…1, one decimal. */
  correction: z
    .number()
    .min(CORRECTION_MIN)
    .max(CORRECTION_MAX)
    .refine((v) => Math.abs(Math.round(v * 10) - v * 10) < 1e-9, 'correction moves in steps of 0.1')
    .optional(),
  /** Minutes, 0–60; 0 removes the setting. Admins only. */
  measurement_interval: z.int().min(0).max(MEASUREMENT_INTERVAL_MAX_MIN).optional(),
  /** 3–10; 3 removes the setting. Admins only. */
  receiving_time: z.int().min(RECEIVING_TIME_MIN).max(RECEIVING_TIME_MAX).optional(),
});
export type SensorConfigurationChange = z.infer<typeof sensorConfigurationChangeSchema>;

/** POST /client/sensorConf */
export const sensorConfRequestSchema = z.strictObject({
  bs_id: bsIdSchema,
  sensorConfigurations: z.array(sensorConfigurationChangeSchema).min(1).max(500),
  UID: z.coerce.number().int().positive().optional(),
});

/** POST /client/toggleSensors — spec doc 2 §7 "Enable/disable probes (bs_id, selected_sensor_ids, is_disabled)". */
export const toggleSensorsRequestSchema = z.strictObject({
  bs_id: bsIdSchema,
  selected_sensor_ids: z.array(sensorIdSchema).min(1).max(1000),
  is_disabled: z.boolean(),
});

/** POST /client/transferSensors — spec doc 2 §7 "Transfer probes (currentBS, selectedBS, selectedSensors)". */
export const transferSensorsRequestSchema = z.strictObject({
  currentBS: bsIdSchema,
  selectedBS: bsIdSchema,
  selectedSensors: z.array(sensorIdSchema).min(1, 'Select at least one probe').max(1000),
});

/** POST /client/updateBsDisplayName and /client/setBsTimezone (spec doc 1 §7). */
export const updateBsDisplayNameRequestSchema = z.strictObject({
  bs_id: bsIdSchema,
  display_name: z.string().trim().max(60),
});
export const setBsTimezoneRequestSchema = z.strictObject({
  bs_id: bsIdSchema,
  timezone: z.string().min(1).max(64),
});

export { probeCorrectionSchema, type ProbeCorrection } from './probeCorrection.js';

export { statusOkSchema, type StatusOk } from './statusOk.js';

export const transferSensorsResponseSchema = z.object({
  status_code: z.literal(0),
  transferred: z.int().describe('Probes moved to the target station.'),
});
export type TransferSensorsResponse = z.infer<typeof transferSensorsResponseSchema>;

export const setBsTimezoneResponseSchema = z.object({
  status_code: z.literal(0),
  timezone: z.string().describe('The time zone as saved.'),
});
export type SetBsTimezoneResponse = z.infer<typeof setBsTimezoneResponseSchema>;

/** Probe and station settings (spec doc 2 §7), served by the probes feature. */
export const probeConfigEndpoints = defineEndpoints({
  sensorConf: defineEndpoint({
    method: 'POST',
    path: '/client/sensorConf',
    body: sensorConfRequestSchema,
    response: statusOkSchema,
    auth: 'user',
    summary: "Saves probes' names, corrections, measurement intervals and receiving times.",
  }),
  toggleSensors: defineEndpoint({
    method: 'POST',
    path: '/client/toggleSensors',
    body: toggleSensorsRequestSchema,
    response: statusOkSchema,
    auth: 'user',
    summary: 'Enables or disables probes of a station.',
  }),
  transferSensors: defineEndpoint({
    method: 'POST',
    path: '/client/transferSensors',
    body: transferSensorsRequestSchema,
    response: transferSensorsResponseSchema,
    auth: 'user',
    summary: 'Moves probes from one base station to another.',
  }),
  updateBsDisplayName: defineEndpoint({
    method: 'POST',
    path: '/client/updateBsDisplayName',
    body: updateBsDisplayNameRequestSchema,
    response: statusOkSchema,
    auth: 'user',
    summary: 'Renames a base station (empty: back to its id).',
  }),
  setBsTimezone: defineEndpoint({
    method: 'POST',
    path: '/client/setBsTimezone',
    body: setBsTimezoneRequestSchema,
    response: setBsTimezoneResponseSchema,
    auth: 'user',
    summary: "Sets a base station's time zone.",
  }),
});
