import type { Generated, Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/**
 * The tables of migration 0028 (decision 0048), typed beside their only writer and added to the
 * store's type with Kysely's `withTables` (as the account and sentinel features do).
 */
export interface PushSubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  /** The push service's URL for one browser: a capability, never logged. */
  endpoint: string;
  /** The browser's P-256 public key and auth secret (base64url), for the payload's encryption. */
  p256dh: string;
  auth: string;
  label: string;
  created_ts: number;
  last_success_ts: number | null;
  last_failure_ts: number | null;
  last_error: string | null;
}

export interface PushVapidKeysTable {
  /** Always 1: one key pair per installation. */
  id: number;
  public_key: string;
  /** Never in a response or a log. */
  private_key: string;
  created_ts: number;
}

// A type alias, not an interface: withTables wants an indexable record.
export type PushTables = {
  push_subscriptions: PushSubscriptionsTable;
  push_vapid_keys: PushVapidKeysTable;
};

export type PushDb = Kysely<Database & PushTables>;

export function pushDb(db: Kysely<Database>): PushDb {
  return db.withTables<PushTables>();
}
