import type { Generated, Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { fansDb, type FanTables } from '../fans/index.js';

/**
 * The tables of migration 0056 (decision 0096), typed beside their only reader and added to the
 * store's type with Kysely's `withTables`. The fan controllers' tables are the fans feature's: this
 * feature only reads them (the RC list, the field systems).
 */

/** Users whose live updates an operator disabled. */
export interface LiveMutedUsersTable {
  user_id: number;
  since_ts: number;
  by_user_id: number | null;
}

/** The live channel's switches by name (`push`: 'on' | 'off'). */
export interface LiveSettingsTable {
  name: string;
  value: string;
  ts: number;
  by_user_id: number | null;
}

/** Each server instance's last report of its live channel (JSON InstanceSnapshot), every 10 s. */
export interface LiveInstancesTable {
  instance: string;
  started_ts: number;
  seen_ts: number;
  snapshot: string;
}

export interface RcTestResponsesTable {
  fc_id: string;
  channel: number | null;
  command: number;
  once: number;
  minutes: number;
  enabled: number;
  enabled_ts: number | null;
  expires_ts: number | null;
  answered_ts: number | null;
  answers: number;
  set_ts: number;
  set_by_user_id: number | null;
}

export interface RcTestLogTable {
  id: Generated<number>;
  fc_id: string;
  ts: number;
  /** RC_TEST_LOG_KINDS: set, enabled, disabled, answered. */
  kind: string;
  channel: number | null;
  command: number | null;
  by_user_id: number | null;
}

// A type alias, not an interface: withTables wants an indexable record.
export type ConnectionsTables = {
  live_muted_users: LiveMutedUsersTable;
  live_settings: LiveSettingsTable;
  live_instances: LiveInstancesTable;
  rc_test_responses: RcTestResponsesTable;
  rc_test_log: RcTestLogTable;
};

export type ConnectionsDb = Kysely<Database & FanTables & ConnectionsTables>;

export function connectionsDb(db: Kysely<Database>): ConnectionsDb {
  return fansDb(db).withTables<ConnectionsTables>();
}
