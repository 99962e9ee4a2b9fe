import type { Generated, Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/**
 * The tables of migration 0025 (decision 0045), typed beside their only reader and added to the
 * store's type with Kysely's `withTables`, as the account and fans features do.
 */

/** Where a delivered alert stands. */
export type DeliveryAlertStatus =
  /** Recorded with the alert; its first messages are not written yet. */
  | 'new'
  /** Its messages are out; repeats follow until someone acknowledges or it ends. */
  | 'open'
  | 'acknowledged'
  | 'cleared'
  /** Its probe is in no storage using the monitor, or nobody is chosen: nothing to send. */
  | 'unrouted';

export interface DeliveryAlertsTable {
  id: Generated<number>;
  owner_user_id: number;
  monitor_id: number;
  rule_id: number;
  rule_type: string;
  sensor_id: string;
  /** The depth index; −1 for the average of the depths (the alert's null). */
  depth: number;
  /** The reading time of the reading that raised it (the alert's ts). */
  alert_ts: number;
  /** Tenths of °C. */
  temperature: number;
  /** Tenths of °C: the value it crossed (the limit, or the reference ± tolerance); null if unknown. */
  threshold: number | null;
  is_min: number;
  /** Tenths of °C: a relative rule's reference (the alert's TP); null for an absolute rule (0043). */
  reference: number | null;
  /** Tenths of °C an hour: a rise-rate rule's rate; null for other rules (0043). */
  rate: number | null;
  /** Hours: the window a relative rule compares a probe's own past over; null when it compares with other probes or is absolute (0043). */
  window_h: number | null;
  /** Tenths of °C: the value that ended the alert; null while current or when no reading ended it (0043). */
  clear_temperature: number | null;
  status: DeliveryAlertStatus;
  /** Steps written so far: 0 the first messages, 1… the repeats. */
  step: number;
  /** When the next repeat is due; null when no more follow. */
  next_step_ts: number | null;
  /** The alert ended (recovered, reset, probe removed) and its all-clear is not written yet. */
  clear_pending: number;
  cleared_ts: number | null;
  clear_reason: string | null;
  storage_id: number | null;
  ack_by_user_id: number | null;
  ack_ts: number | null;
  /** 'web' | 'sms' | 'voice' | 'email' | 'push'. */
  ack_via: string | null;
  created_ts: number;
  /** The group it is told in (decision 0067); null until the planner groups it. */
  group_id: number | null;
  /** 1 once a message of its group listed it: it is owed the all-clear. */
  told: Generated<number>;
  /** A data break's station (rule_type noBSData/noProbeData); null for temperature alerts. */
  bs_id: string | null;
}

/** Where a group of alerts stands (decision 0067). */
export type DeliveryGroupStatus =
  /** Its first messages go at next_step_ts; alerts of its subject raised until then join it. */
  | 'gathering'
  /** Its messages are out; repeats follow until someone acknowledges or every alert ends. */
  | 'open'
  | 'acknowledged'
  | 'cleared';

/** What a group tells of: a storage's temperature alerts, or a base station's data break. */
export type DeliveryGroupKind = 'alert' | 'dataBreak';

export interface DeliveryGroupsTable {
  id: Generated<number>;
  owner_user_id: number;
  kind: DeliveryGroupKind;
  /** What groups its alerts: "storage:<id>" or "station:<bs id>". */
  subject: string;
  storage_id: number | null;
  bs_id: string | null;
  status: DeliveryGroupStatus;
  /** Steps written so far: 0 the first messages, 1… the repeats. */
  step: number;
  /** When the first messages (gathering) or the next repeat (open) are due; null: none follows. */
  next_step_ts: number | null;
  ack_by_user_id: number | null;
  ack_ts: number | null;
  ack_via: string | null;
  cleared_ts: number | null;
  created_ts: number;
}

/** 'notice' (decision 0070): tells the owner that messages to a recipient fail for good. */
export type DeliveryMessageKind = 'raise' | 'repeat' | 'clear' | 'code' | 'test' | 'notice';
export type DeliveryMessageStatus =
  | 'pending'
  | 'sending'
  | 'sent'
  /** Not retried: a permanent error, or too many attempts. */
  | 'failed'
  /** Not sent: the account's daily cap for the channel was reached. */
  | 'capped';

export interface DeliveryMessagesTable {
  id: Generated<number>;
  owner_user_id: number;
  delivery_alert_id: number | null;
  storage_id: number | null;
  kind: DeliveryMessageKind;
  step: number;
  channel: string;
  recipient_user_id: number | null;
  recipient_name: string;
  address: string;
  /** The caller number or sender address chosen for the recipient (voice: by country). */
  sender: string | null;
  language: string;
  subject: string;
  body: string;
  html: string | null;
  /** JSON for machine channels. */
  payload: string | null;
  status: DeliveryMessageStatus;
  attempts: number;
  next_attempt_ts: number;
  /** While 'sending': the claim expires then, and another worker may take the message. */
  lease_until_ts: number | null;
  last_error: string | null;
  provider_id: string | null;
  created_ts: number;
  sent_ts: number | null;
  /** The group the message told of (decision 0067); null for codes, tests and older messages. */
  delivery_group_id: number | null;
}

export interface DeliveryInboundTable {
  provider_id: string;
  kind: string;
  created_ts: number;
}

export interface DeliveryKeysTable {
  name: string;
  value: string;
  created_ts: number;
}

// A type alias, not an interface: withTables wants an indexable record.
export type DeliveryTables = {
  delivery_alerts: DeliveryAlertsTable;
  delivery_groups: DeliveryGroupsTable;
  delivery_messages: DeliveryMessagesTable;
  delivery_inbound: DeliveryInboundTable;
  delivery_keys: DeliveryKeysTable;
};

export type DeliveryDb = Kysely<Database & DeliveryTables>;

export function deliveryDb(db: Kysely<Database>): DeliveryDb {
  return db.withTables<DeliveryTables>();
}
