import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/**
 * The table of migration 0026 (decision 0046), typed beside its only writer and added to the store's
 * type with Kysely's `withTables` (as the account and fans features do).
 */
export interface SentinelTargetsTable {
  owner_user_id: number;
  site_id: string;
  url: string;
  /** The HMAC key, 64 hex characters; never in a response but the owner's one look, never logged. */
  secret: string;
  secret_created_ts: number;
  /** 1 once the owner has been shown the current secret. */
  secret_shown: number;
  created_ts: number;
  updated_ts: number;
}

// A type alias, not an interface: withTables wants an indexable record.
export type SentinelTables = {
  sentinel_targets: SentinelTargetsTable;
};

export type SentinelDb = Kysely<Database & SentinelTables>;

export function sentinelDb(db: Kysely<Database>): SentinelDb {
  return db.withTables<SentinelTables>();
}
