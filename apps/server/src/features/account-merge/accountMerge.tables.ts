import type { Generated, Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** The table of migration 0061 (decision 0101): one row per merge, never changed. */
export interface AccountMergesTable {
  id: Generated<number>;
  source_user_id: number;
  source_username: string;
  target_user_id: number;
  target_username: string;
  merged_ts: number;
  /** The staff member's username, kept as text: the record outlives staff accounts. */
  admin: string;
  /** JSON MergeCounts: what moved. */
  counts: string;
}

/** An owner column: the tables that belong to an account and move with it as they are. */
type Owned = { owner_user_id: number };

/**
 * Other features' tables a merge changes, with only the columns it names (most of those features keep
 * their table types to themselves): what each holds is theirs; which of them moves, merges or stays is
 * decision 0101's table.
 */
// A type alias, not an interface: withTables wants an indexable record.
export type AccountMergeTables = {
  account_merges: AccountMergesTable;
  batches: Owned;
  batch_defaults: Owned;
  delivery_alerts: Owned & { monitor_id: number };
  delivery_groups: Owned;
  delivery_messages: Owned;
  fan_controllers: Owned & { id: string };
  fan_channels: { fc_id: string; monitor_ref: number | null };
  notifications: Owned & { id: number; kind: string; subject: string };
  notification_conditions: Owned & { id: string };
  insight_surveys: Owned;
  insight_survey_storages: Owned;
  insight_migrations: Owned;
  sentinel_targets: Owned;
  bs_replacements: { owner_user_id: number | null };
  activation_kits: { claimed_user_id: number | null };
};

export type AccountMergeDb = Kysely<Database & AccountMergeTables>;

export function accountMergeDb(db: Kysely<Database>): AccountMergeDb {
  return db.withTables<AccountMergeTables>();
}
