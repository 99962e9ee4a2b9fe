import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** The table of migration 0058 (decision 0098), typed beside its only writer. */
export interface CustomerLocationsTable {
  owner_user_id: number;
  /** Degrees north × 10⁶ (domain/customers/customerLocation.ts). */
  lat_e6: number;
  /** Degrees east × 10⁶. */
  lon_e6: number;
  set_ts: number;
  set_by_user_id: number | null;
}

/**
 * The insight feature's migration keys (migration 0030), read here only, for the columns the lists
 * need: a row means the account's migration to the separate app has started (its key was handed out).
 */
export interface MigrationStartsTable {
  owner_user_id: number;
  created_ts: number;
}

// A type alias, not an interface: withTables wants an indexable record.
export type CustomersTables = {
  customer_locations: CustomerLocationsTable;
  insight_migrations: MigrationStartsTable;
};

export type CustomersDb = Kysely<Database & CustomersTables>;

export function customersDb(db: Kysely<Database>): CustomersDb {
  return db.withTables<CustomersTables>();
}
