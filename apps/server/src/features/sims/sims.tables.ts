import type { Kysely } from 'kysely';
import type { SimStatus } from '@emberwatch/shared/domain/sims';
import type { Database } from '../../db/schema.js';

/**
 * The table of migration 0052 (decision 0092), typed beside its only reader and added to the store's
 * type with Kysely's `withTables`, as the station-logs feature does.
 */
export interface SimsTable {
  /** The ICCID, digits only (domain/sims.ts normalizeIccid). */
  iccid: string;
  msisdn: string | null;
  imsi: string | null;
  status: SimStatus;
  /** When the status began, epoch s; null while unknown. */
  status_ts: number | null;
  /** When the card's subscription ends at the operator, epoch s; null: not set. */
  exp_ts: number | null;
  created_ts: number;
  updated_ts: number;
}

// A type alias, not an interface: withTables wants an indexable record.
export type SimsTables = { sims: SimsTable };

export type SimsDb = Kysely<Database & SimsTables>;

export function simsDb(db: Kysely<Database>): SimsDb {
  return db.withTables<SimsTables>();
}
