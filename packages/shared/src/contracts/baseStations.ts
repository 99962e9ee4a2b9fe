import { z } from 'zod';
import type { ProbeCorrection } from './probeConfig.js';

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
export interface BsListEntry {
  bsId: string;
  bsName: string | null;
  bsGroup: string | null;
}

export interface BasestationSummary {
  bs_id: string;
  display_name: string | null;
  bsGroup: string | null;
  /** Number of stations sharing this station's group (1 when ungrouped). */
  groupSize: number;
  owner_UID: number;
  timezone: string | null;
  bs_type: number | null;
  typeLabel: string;
  last_data_ts: number | null;
  probeCount: number;
}

export interface BasestationArrayResponse {
  status_code: 0;
  results: BasestationSummary[];
}

export interface SensorConfiguration {
  sensor_id_sys: string;
  sensor_id_bs: string;
  sensor_name: string | null;
  /** The station whose radio heard the probe most recently. */
  realBs: string;
  disabled: boolean;
  depths: number;
  kind: 'hay' | 'grain' | 'compost' | 'other';
  storage_location: string | null;
  column: number | null;
  /** Value corrections, oldest first (spec doc 2 §3); absent or empty when there are none. */
  corrections?: ProbeCorrection[];
  /** Measurement interval in seconds as stored (the form shows minutes); null = the station's default. */
  measurement_interval?: number | null;
  /** Receiving time 4–10; null = the default 3. */
  receiving_time?: number | null;
}

/** Spec doc 2 §3 "Base station conf". */
export interface BsConfResponse {
  status_code: 0;
  bs_id: string;
  bs_BS_ID: string;
  bsGroup: string | null;
  display_name: string | null;
  timezone: string | null;
  bs_type: number | null;
  bast_ver: string | null;
  firmware_ver: string | null;
  typeLabel: string;
  activation_date: number | null;
  last_boot_ts: number | null;
  last_conf_ts: number | null;
  last_data_ts: number | null;
  sensor_configurations: SensorConfiguration[];
  disabled_sensors: string[];
  conf_data: { bsGroup: string | null; sensor_groups: Record<string, string[]>; timezone: string | null };
}
