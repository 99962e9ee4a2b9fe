import type { Kysely } from 'kysely';
import type { FailingRecipient, RecipientHealth } from '@emberwatch/shared/contracts/delivery';
import type { AlertChannel } from '@emberwatch/shared/domain/kinds/alertChannels';
import type { Database } from '../../db/schema.js';
import { deliveryDb, type DeliveryDb } from './delivery.tables.js';
import { healthKey, recipientHealth, type MessageOutcome } from './recipientHealth.js';

/** How far back the admin's list of every account's failing recipients looks (a per-account read does not stop). */
export const ADMIN_FAILING_WINDOW_S = 30 * 86_400;

/**
 * Recipient health read from the outbox (decision 0070): Kysely only, no table of its own. A failed
 * message's failure time is its `next_attempt_ts`, which the worker sets to the time it recorded the
 * outcome; a sent one's is `sent_ts`.
 */
export class RecipientHealthRepository {
  private readonly db: DeliveryDb;

  constructor(db: Kysely<Database>) {
    this.db = deliveryDb(db);
  }

  /** The failing recipients of one account. */
  async ofAccount(ownerId: number): Promise<RecipientHealth[]> {
    return (await this.failing({ ownerId })).map(({ ownerId: _o, ...h }) => h);
  }

  /** One recipient's health: null while it is not failing. */
  async of(ownerId: number, channel: string, address: string): Promise<RecipientHealth | null> {
    const list = await this.failing({ ownerId, channel, address });
    return list[0] ?? null;
  }

  /**
   * Failing recipients of one account or (the admin's outbox) of every account, whose latest failure is
   * within `sinceTs`. Two indexed reads: the failed messages (few: a failure is the exception), then
   * only for their recipients the time of the last message sent to each.
   */
  async failing(filter: {
    ownerId?: number;
    channel?: string;
    address?: string;
    sinceTs?: number;
  }): Promise<FailingRecipient[]> {
    let failedQ = this.db
      .selectFrom('delivery_messages')
      .select([
        'id',
        'owner_user_id',
        'channel',
        'address',
        'recipient_user_id',
        'recipient_name',
        'next_attempt_ts',
        'last_error',
      ])
      .where('status', '=', 'failed');
    if (filter.ownerId !== undefined) failedQ = failedQ.where('owner_user_id', '=', filter.ownerId);
    if (filter.channel !== undefined) failedQ = failedQ.where('channel', '=', filter.channel);
    if (filter.address !== undefined) failedQ = failedQ.where('address', '=', filter.address);
    if (filter.sinceTs !== undefined) failedQ = failedQ.where('next_attempt_ts', '>=', filter.sinceTs);
    const failed = await failedQ.execute();
    if (failed.length === 0) return [];

    const owners = [...new Set(failed.map((f) => f.owner_user_id))];
    const addresses = [...new Set(failed.map((f) => f.address))];
    const sent = await this.db
      .selectFrom('delivery_messages')
      .select((eb) => [
        'owner_user_id',
        'channel',
        'address',
        eb.fn.max('sent_ts').as('sent_ts'),
        eb.fn.max('id').as('id'),
      ])
      .where('status', '=', 'sent')
      .where('owner_user_id', 'in', owners)
      .where('address', 'in', addresses)
      .groupBy(['owner_user_id', 'channel', 'address'])
      .execute();

    const byOwner = new Map<number, MessageOutcome[]>();
    const add = (ownerId: number, o: MessageOutcome) =>
      byOwner.set(ownerId, [...(byOwner.get(ownerId) ?? []), o]);
    const failedKeys = new Set(failed.map((f) => `${f.owner_user_id} ${healthKey(f.channel, f.address)}`));
    for (const f of failed)
      add(f.owner_user_id, {
        id: f.id,
        channel: f.channel as AlertChannel,
        address: f.address,
        recipientUserId: f.recipient_user_id,
        recipientName: f.recipient_name,
        status: 'failed',
        ts: Number(f.next_attempt_ts),
        error: f.last_error,
      });
    for (const s of sent)
      if (s.sent_ts !== null && failedKeys.has(`${s.owner_user_id} ${healthKey(s.channel, s.address)}`))
        add(s.owner_user_id, {
          id: Number(s.id),
          channel: s.channel as AlertChannel,
          address: s.address,
          recipientUserId: null,
          recipientName: '',
          status: 'sent',
          ts: Number(s.sent_ts),
          error: null,
        });
    const out: FailingRecipient[] = [];
    for (const [ownerId, outcomes] of byOwner)
      for (const h of recipientHealth(outcomes)) out.push({ ownerId, ...h });
    return out.sort((a, b) => a.failingSince - b.failingSince || a.ownerId - b.ownerId);
  }
}
