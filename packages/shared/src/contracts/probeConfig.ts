import { z } from 'zod';
import { bsIdSchema } from './baseStations.js';
import { sensorIdSchema } from './ingest.js';

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

/** A correction entry (spec doc 2 §3: corrections list of date in epoch seconds, factor, user). */
export interface ProbeCorrection {
  date: number;
  factor: number;
  user: string;
}

export interface StatusOk {
  status_code: 0;
}
