import type { Generated, Kysely } from 'kysely';
import type { OtaResult } from '@emberwatch/shared/contracts/firmware';
import type { Database } from '../../db/schema.js';

/** The tables of migration 0053 (decision 0093), typed beside their only reader. */

/** A firmware image an operator added. */
export interface FirmwareImagesTable {
  rev: string;
  size: number;
  /** Hex SHA-256 of `data`. */
  sha256: string;
  notes: string;
  data: Uint8Array;
  added_ts: number;
  added_by_user_id: number | null;
}

/** A station's pending update: at most one a station. */
export interface OtaPendingTable {
  bs_id: string;
  rev: string;
  /** The station's revision when it was assigned. */
  from_rev: string | null;
  assigned_ts: number;
  by_user_id: number | null;
}

/** How each update ended. */
export interface OtaLogTable {
  id: Generated<number>;
  bs_id: string;
  from_rev: string | null;
  to_rev: string;
  ts: number;
  result: OtaResult;
  reason: string | null;
  /** Who cancelled it (null when the station ended it). */
  by_user_id: number | null;
}

// A type alias, not an interface: withTables wants an indexable record.
export type FirmwareTables = {
  firmware_images: FirmwareImagesTable;
  ota_pending: OtaPendingTable;
  ota_log: OtaLogTable;
};

export type FirmwareDb = Kysely<Database & FirmwareTables>;

export function firmwareDb(db: Kysely<Database>): FirmwareDb {
  return db.withTables<FirmwareTables>();
}
