import type { Generated, Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/**
 * The tables of migration 0027 (decision 0047), typed beside their only reader and added to the
 * store's type with Kysely's `withTables`, like the account feature's.
 */
export interface NotificationsTable {
  id: Generated<number>;
  owner_user_id: number;
  /** A NotificationType. */
  kind: string;
  /** What it is about within its kind (a storage's id, a channel); '' when the kind has one subject. */
  subject: string;
  /** JSON NotificationProps. */
  params: string;
  /** How often it was raised. */
  count: number;
  created_ts: number;
  /** When it was last raised (epoch s): newer than a user's last look makes it unread. */
  updated_ts: number;
}

export interface NotificationConditionsTable {
  owner_user_id: number;
  /** The notification's id (type:subject). */
  id: string;
  first_ts: number;
}

export interface NotificationReadersTable {
  user_id: number;
  /** When the user last opened the notifications. */
  seen_ts: number | null;
  /** Spec doc 1 §3 newsSeenDate. */
  news_seen_ts: number | null;
}

export interface NewsTable {
  id: Generated<number>;
  published_ts: number;
  /** A NewsIcon. */
  icon: string;
  link: string | null;
  /** 0/1: marked with a green dot (spec doc 1 §3 popupNews). */
  popup: number;
  /** JSON { [language]: { title, text } }; English is always there. */
  texts: string;
  /** Migration 0060 (decision 0100): a campaign's audience (JSON Audience); null: everyone. */
  audience: string | null;
  /** Shown from (epoch s); null: from its publication. */
  start_ts: number | null;
  /** Shown until (epoch s, not included); null: for ever. */
  end_ts: number | null;
  updated_ts: number | null;
  updated_by_user_id: number | null;
  /** Deleted in the console: never shown, never seeded again. */
  deleted_ts: number | null;
}

// A type alias, not an interface: withTables wants an indexable record.
export type NotificationTables = {
  notifications: NotificationsTable;
  notification_conditions: NotificationConditionsTable;
  notification_readers: NotificationReadersTable;
  news: NewsTable;
};

export type NotificationDb = Kysely<Database & NotificationTables>;

export function notificationDb(db: Kysely<Database>): NotificationDb {
  return db.withTables<NotificationTables>();
}
