import type { Generated, Kysely } from 'kysely';
import type { RegistrationState } from '@emberwatch/shared/domain/masterUsers/masterRegistration';
import type { Database } from '../../db/schema.js';

/** The table of migration 0064 (decision 0104), typed beside its only reader. */
export interface MasterRegistrationsTable {
  id: Generated<number>;
  /** SHA-256 of the registration's secret; the secret itself is only in the advisor's page. */
  token_hash: string;
  username: string;
  password_hash: string;
  firstname: string;
  /** The advisor's company (a farm keeps its company there too). */
  lastname: string | null;
  email: string;
  /** As stored (normalizePhone): the number the code goes to. */
  phone: string;
  country: string | null;
  language: string;
  state: RegistrationState;
  /** The pending code's keyed hash (never the code), when it ends, wrong tries. */
  code_hash: string | null;
  code_expires_ts: number | null;
  code_attempts: number;
  /** The sends' pacing (masterRegistration.ts sendWait). */
  sent_ts: number | null;
  window_start_ts: number | null;
  sends_in_window: number;
  started_ts: number;
}

// A type alias, not an interface: withTables wants an indexable record.
export type MasterUsersTables = { master_registrations: MasterRegistrationsTable };

export type MasterUsersDb = Kysely<Database & MasterUsersTables>;

export function masterUsersDb(db: Kysely<Database>): MasterUsersDb {
  return db.withTables<MasterUsersTables>();
}
