import type { Generated, Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/**
 * The tables of migration 0029 (decision 0049), typed beside their only reader and added to the
 * store's type with Kysely's `withTables` (as the fans and sentinel features do).
 */
export interface BatchesTable {
  id: Generated<number>;
  owner_user_id: number;
  bs_id: string;
  name: string;
  /** 1 ongoing, 2 completed. */
  status: number;
  /** CompostMethod. */
  method: string;
  /** SanitisationStandard. */
  standard: string;
  /** High-temperature alert limit, tenths of °C; null: none. */
  alert_temp: number | null;
  /** JSON list of the probes in the pile now. */
  probes: string;
  notes: string;
  created_by: number | null;
  /** 1 when an admin made it. */
  is_admin: number;
  created_ts: number;
  updated_ts: number;
  completed_ts: number | null;
  archived_ts: number | null;
}

export interface BatchPhasesTable {
  batch_id: number;
  idx: number;
  name: string;
  target_temp: number | null;
  target_hours: number | null;
  start_ts: number | null;
  completed_ts: number | null;
  /** JSON list of {from, to, ts}. */
  replacements: string;
}

/** A probe's progress in a phase, folded from the readings up to last_ts (ProgressState). */
export interface BatchPhaseProgressTable {
  batch_id: number;
  idx: number;
  sensor_id: string;
  hot_s: number;
  last_ts: number | null;
  last_temp: number | null;
  max_temp: number | null;
}

export interface BatchTurningsTable {
  id: Generated<number>;
  batch_id: number;
  ts: number;
  note: string | null;
  user_id: number | null;
  created_ts: number;
}

export interface BatchDefaultsTable {
  owner_user_id: number;
  /** JSON BatchDefaults. */
  defaults: string;
  updated_ts: number;
}

// A type alias, not an interface: withTables wants an indexable record.
export type BatchTables = {
  batches: BatchesTable;
  batch_phases: BatchPhasesTable;
  batch_phase_progress: BatchPhaseProgressTable;
  batch_turnings: BatchTurningsTable;
  batch_defaults: BatchDefaultsTable;
};

export type BatchesDb = Kysely<Database & BatchTables>;

export function batchesDb(db: Kysely<Database>): BatchesDb {
  return db.withTables<BatchTables>();
}
