import type { Generated, Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { ActivationTables } from '../activation/index.js';
import type { FansDb } from '../fans/index.js';
import type { FirmwareTables } from '../firmware/index.js';

/** The tables of migration 0054 (decision 0094), typed beside their only reader. */

/** One replacement of a station by another (spec doc 2 §3 "Replacement history"). */
export interface BsReplacementsTable {
  id: Generated<number>;
  replaced: string;
  bs_id: string;
  owner_user_id: number | null;
  replaced_ts: number;
  /** The staff member's username, kept as text: the history outlives staff accounts. */
  admin: string;
}

/** The fleet's probe stop settings: one row, id 1, once an operator saved them. */
export interface ProbeStopSettingsTable {
  id: number;
  default_s: number;
  reporting_intervals: number;
  updated_ts: number;
  updated_by: string;
}

/** A station's settings as POST /client/bsConf saved them. */
export interface StationSettingsTable {
  bs_id: string;
  temp_interval_degrees: number | null;
  /** 1 or 0. */
  user_bs_intervals: number;
  alarm_threshold_1: number | null;
  alarm_threshold_2: number | null;
  updated_ts: number;
}

// A type alias, not an interface: withTables wants an indexable record.
export type StationAdminTables = {
  bs_replacements: BsReplacementsTable;
  probe_stop_settings: ProbeStopSettingsTable;
  station_settings: StationSettingsTable;
  // Other features' tables a replacement moves (their own types, named where they are exported);
  // the batches feature keeps its type to itself, its one column used here is typed in place.
  batches: { bs_id: string };
};

type FansTables = FansDb extends Kysely<infer T> ? T : never;
/** This feature's tables and the others' a replacement or a removal changes. */
export type AllTables = StationAdminTables &
  ActivationTables &
  Pick<FansTables, 'fan_channels'> &
  Pick<FirmwareTables, 'ota_pending'>;

export type StationAdminDb = Kysely<Database & AllTables>;

export function stationAdminDb(db: Kysely<Database>): StationAdminDb {
  return db.withTables<AllTables>();
}
