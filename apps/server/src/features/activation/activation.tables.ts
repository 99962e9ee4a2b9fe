import type { Generated, Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/**
 * The table of migration 0033 (decision 0052), typed beside its only reader and added to the store's
 * type with Kysely's `withTables`, as the account feature does with its tables.
 */
export interface ActivationKitsTable {
  id: Generated<number>;
  /** 'system' (a base station) or 'probes' (a probe set). */
  kind: string;
  code_hash: string;
  /** The code as printed, while the kit is open; null once claimed. */
  code: string | null;
  bs_id: string | null;
  set_id: string | null;
  /** JSON [{sensor_id, depths}]. */
  probes: string;
  credential_hash: string | null;
  partner_app: string | null;
  created_ts: number;
  claimed_user_id: number | null;
  claimed_bs_id: string | null;
  claimed_ts: number | null;
}

// A type alias, not an interface: withTables wants an indexable record.
export type ActivationTables = { activation_kits: ActivationKitsTable };

export type ActivationDb = Kysely<Database & ActivationTables>;

export function activationDb(db: Kysely<Database>): ActivationDb {
  return db.withTables<ActivationTables>();
}
