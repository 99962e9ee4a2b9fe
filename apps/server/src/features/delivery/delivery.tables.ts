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
  /** 'web' | 'sms' | 'voice' | 'email'. */
  ack_via: string | null;
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
  delivery_messages: DeliveryMessagesTable;
  delivery_inbound: DeliveryInboundTable;
  delivery_keys: DeliveryKeysTable;
};

export type DeliveryDb = Kysely<Database & DeliveryTables>;

export function deliveryDb(db: Kysely<Database>): DeliveryDb {
  return db.withTables<DeliveryTables>();
}
