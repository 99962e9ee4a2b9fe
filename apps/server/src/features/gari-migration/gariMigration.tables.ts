import type { Kysely } from 'kysely';
import type { GariMigrationState } from '@emberwatch/shared/domain/gariMigration/gariMigrationPlan';
import type { Database } from '../../db/schema.js';

/** The table of migration 0062 (decision 0102), typed beside its only reader. */
export interface GariMigrationsTable {
  /** The account's id in the older system. */
  gari_id: string;
  /** The Emberwatch account it went into; null while the first try has not completed. */
  user_id: number | null;
  username: string;
  /** The phone the export gave, as stored (normalizePhone): the one the code confirms. */
  phone: string;
  state: GariMigrationState;
  /** 1: the migration created the account; 0: it attached to a Gari user's. */
  created_account: number;
  /** Stations and probes the migration added (all tries together). */
  stations: number;
  probes: number;
  /** Who started it. */
  staff_user_id: number;
  started_ts: number;
  completed_ts: number | null;
  phone_confirmed_ts: number | null;
  last_error: string | null;
  /** The pending phone code's keyed hash (never the code), when it ends, wrong tries, when sent. */
  code_hash: string | null;
  code_expires_ts: number | null;
  code_attempts: number;
  code_sent_ts: number | null;
}

// A type alias, not an interface: withTables wants an indexable record.
export type GariMigrationTables = { gari_migrations: GariMigrationsTable };

export type GariMigrationDb = Kysely<Database & GariMigrationTables>;

export function gariMigrationDb(db: Kysely<Database>): GariMigrationDb {
  return db.withTables<GariMigrationTables>();
}
