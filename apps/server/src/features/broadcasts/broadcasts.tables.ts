import type { Generated, Kysely } from 'kysely';
import type { RecipientStatus } from '@emberwatch/shared/domain/broadcasts/broadcastRules';
import type { Database } from '../../db/schema.js';
import type { NewsTable } from '../notifications/index.js';

/** The tables of migration 0060 (decision 0100), typed beside their only reader. */
export interface BroadcastsTable {
  id: Generated<number>;
  created_ts: number;
  by_user_id: number | null;
  /** JSON BroadcastChannel[]. */
  channels: string;
  /** JSON Audience. */
  audience: string;
  /** JSON { [language]: { subject, text } }. */
  texts: string;
  /** Messages written (one per recipient and channel), capped ones included. */
  total: number;
}

export interface BroadcastRecipientsTable {
  id: Generated<number>;
  broadcast_id: number;
  user_id: number | null;
  channel: string;
  /** Masked when written: a broadcast keeps no phone number or address of its own. */
  address_masked: string;
  language: string;
  /** 'queued' once in the outbox (the outbox's row says the rest), 'capped' when the cap kept it out. */
  status: RecipientStatus;
  error: string | null;
  /** The outbox message (delivery_messages.id) carrying it; null when capped. */
  message_id: number | null;
}

/**
 * The outbox's columns this feature reads (the delivery feature's table, migration 0025): the status
 * of the messages it wrote through `sendCode`, and the day's SMS of an account for the caps. Read
 * only; decision 0100 says why it is read here.
 */
export interface OutboxReadTable {
  id: number;
  owner_user_id: number;
  recipient_user_id: number | null;
  kind: string;
  channel: string;
  status: string;
  last_error: string | null;
  created_ts: number;
  sent_ts: number | null;
}

// A type alias, not an interface: withTables wants an indexable record.
export type BroadcastTables = {
  broadcasts: BroadcastsTable;
  broadcast_recipients: BroadcastRecipientsTable;
  delivery_messages: OutboxReadTable;
  news: NewsTable;
};

export type BroadcastsDb = Kysely<Database & BroadcastTables>;

export function broadcastsDb(db: Kysely<Database>): BroadcastsDb {
  return db.withTables<BroadcastTables>();
}
