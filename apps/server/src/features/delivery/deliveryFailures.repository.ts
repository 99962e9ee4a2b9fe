import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { deliveryDb, type DeliveryDb } from './delivery.tables.js';

/** A failure notice as it is queued (decision 0070). */
export interface NewNotice {
  ownerId: number;
  recipientUserId: number;
  recipientName: string;
  channel: 'sms' | 'email';
  address: string;
  sender: string | null;
  language: string;
  subject: string;
  body: string;
  /** Which recipient it is about (the once-per-failing-period key). */
  about: string;
}

/** Kysely only: what the failure notices read and write in the outbox and the users. */
export class DeliveryFailuresRepository {
  private readonly db: DeliveryDb;

  constructor(db: Kysely<Database>) {
    this.db = deliveryDb(db);
  }

  /** The account a user belongs to (its main user); undefined for an unknown user. */
  async accountOf(userId: number): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('users')
      .select(['id', 'main_user_id'])
      .where('id', '=', userId)
      .executeTakeFirst();
    return row ? (row.main_user_id ?? row.id) : undefined;
  }

  /** The account owner as a notice reaches them: the phone the alerts use, the address, the country. */
  async owner(ownerId: number) {
    return this.db
      .selectFrom('users')
      .select(['id', 'username', 'firstname', 'lastname', 'email', 'phone', 'language', 'country'])
      .where('id', '=', ownerId)
      .executeTakeFirst();
  }

  /**
   * Whether a notice about this recipient went to the owner since `sinceTs` (the start of its failing
   * period): one notice per recipient and channel per failing period, not one per message.
   */
  async noticeSince(ownerId: number, about: string, sinceTs: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('delivery_messages')
      .select('id')
      .where('owner_user_id', '=', ownerId)
      .where('kind', '=', 'notice')
      .where('payload', '=', about)
      .where('created_ts', '>=', sinceTs)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Queues a notice through the outbox, due now: sent, retried and logged like every message. */
  async insertNotice(n: NewNotice, nowS: number): Promise<void> {
    await this.db
      .insertInto('delivery_messages')
      .values({
        owner_user_id: n.ownerId,
        delivery_alert_id: null,
        storage_id: null,
        kind: 'notice',
        step: 0,
        channel: n.channel,
        recipient_user_id: n.recipientUserId,
        recipient_name: n.recipientName,
        address: n.address,
        sender: n.sender,
        language: n.language,
        subject: n.subject,
        body: n.body,
        html: null,
        payload: n.about,
        status: 'pending',
        attempts: 0,
        next_attempt_ts: nowS,
        created_ts: nowS,
      })
      .execute();
  }
}
