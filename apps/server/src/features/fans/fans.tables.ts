import type { Generated, Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/**
 * The tables of migration 0021 (decision 0037), typed beside their only reader and added to the
 * store's type with Kysely's `withTables` (as the account feature does): db/schema.ts keeps the
 * tables several features share.
 */
export interface FanControllersTable {
  id: string;
  owner_user_id: number;
  /** ControllerType: FC or RC. */
  type: string;
  channels: number;
  name: string | null;
  /** SHA-256 of the controller's secret; the secret itself is never stored. */
  secret_hash: string;
  firmware: string | null;
  last_poll_ts: number | null;
  /** 1 once the offline job found it silent; a poll sets it back to 0. */
  offline: number;
  offline_since_ts: number | null;
  /** 1 once the offline period has its line in the event log (connectionStatus.newOfflineLogged). */
  offline_logged: number;
  /** JSON {temperature, rh, ts} of the controller's own air sensor, or null. */
  climate: string | null;
  /** JSON {net, rssi} as last reported, or null. */
  connection: string | null;
  created_ts: number;
}

export interface FanChannelsTable {
  fc_id: string;
  channel: number;
  name: string | null;
  verbose: number;
  /** The storage (storages.id, the spec's itemID) the channel serves. */
  in_use: number | null;
  use_ts: number | null;
  outdoor_id: string | null;
  bs_id: string | null;
  batch_ref: number | null;
  monitor_ref: number | null;
  is_manual: number;
  manual_command: number;
  /** The server's command, 0/1, and its revision (grows with every change of command or offline rule). */
  command: number;
  rev: number;
  /** The fan rule type that decided last, or null. */
  rule_type: string | null;
  /** JSON FanState (domain/fans/decideFan.ts). */
  state: string;
  /** JSON OfflineRule. */
  offline_rule: string;
  decided_ts: number | null;
  /** As the controller reported it. */
  fc_mode: string | null;
  drive: number | null;
  applied_rev: number | null;
  mode_change_ts: number | null;
  drive_change_ts: number | null;
  counter_on: number;
  counter_off: number;
  switches: number;
  cycle_secs: number | null;
  updated_ts: number;
}

/** The RC event log (spec doc 3 §2: Date, Batch, C, Net, Mode, Vent, Comm, Manual, DataTS, Temps, Cycle, Secs). */
export interface FanEventsTable {
  id: Generated<number>;
  fc_id: string;
  channel: number;
  ts: number;
  batch_ref: number | null;
  command: number;
  net: string | null;
  fc_mode: string | null;
  vent_mode: string | null;
  /** 'online' | 'offline'. */
  comm: string;
  manual: number;
  data_ts: number | null;
  /** JSON [refTemp, outdoorTemp] in tenths of °C, or null. */
  temps: string | null;
  cycle: number | null;
  secs: number | null;
}

/** An RC unit's scheduler (migration 0032). */
export interface FanSchedulersTable {
  fc_id: string;
  scheduler_enabled: number;
  /** JSON [[from, to] × 7], Monday first, station hours. */
  disabled_hours: string;
  reverse_disabled: number;
  updated_by: number | null;
  updated_ts: number;
}

// A type alias, not an interface: withTables wants an indexable record.
export type FanTables = {
  fan_controllers: FanControllersTable;
  fan_channels: FanChannelsTable;
  fan_events: FanEventsTable;
  fan_schedulers: FanSchedulersTable;
};

export type FansDb = Kysely<Database & FanTables>;

export function fansDb(db: Kysely<Database>): FansDb {
  return db.withTables<FanTables>();
}
