import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/schema.js';
import { pushDb, type PushDb, type PushSubscriptionsTable } from './push.tables.js';

export type PushSubscriptionRow = Selectable<PushSubscriptionsTable>;

export interface NewPushSubscription {
  userId: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  label: string;
}

/** Push subscriptions and the VAPID key pair (migration 0028): Kysely only. */
export class PushRepository {
  private readonly db: PushDb;

  constructor(db: Kysely<Database>) {
    this.db = pushDb(db);
  }

  /** The key pair, creating it from `generate` when there is none yet (first start; any instance). */
  async vapidKeys(
    generate: () => { publicKey: string; privateKey: string },
    nowS: number,
  ): Promise<{ publicKey: string; privateKey: string }> {
    const existing = await this.readVapidKeys();
    if (existing) return existing;
    const keys = generate();
    // Two instances starting together both try; the first insert wins and both read it back.
    await this.db
      .insertInto('push_vapid_keys')
      .values({ id: 1, public_key: keys.publicKey, private_key: keys.privateKey, created_ts: nowS })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    const stored = await this.readVapidKeys();
    if (!stored) throw new Error('the VAPID key pair could not be stored');
    return stored;
  }

  private async readVapidKeys(): Promise<{ publicKey: string; privateKey: string } | undefined> {
    const row = await this.db
      .selectFrom('push_vapid_keys')
      .select(['public_key', 'private_key'])
      .where('id', '=', 1)
      .executeTakeFirst();
    return row ? { publicKey: row.public_key, privateKey: row.private_key } : undefined;
  }

  forUser(userId: number): Promise<PushSubscriptionRow[]> {
    return this.db
      .selectFrom('push_subscriptions')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();
  }

  async countForUser(userId: number): Promise<number> {
    const row = await this.db
      .selectFrom('push_subscriptions')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** Whether this endpoint is one of the user's devices. */
  async owns(userId: number, endpoint: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('push_subscriptions')
      .select('id')
      .where('user_id', '=', userId)
      .where('endpoint', '=', endpoint)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Of these users, those with at least one device. */
  async usersWithSubscriptions(userIds: number[]): Promise<Set<number>> {
    if (userIds.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('push_subscriptions')
      .select('user_id')
      .distinct()
      .where('user_id', 'in', userIds)
      .execute();
    return new Set(rows.map((r) => r.user_id));
  }

  /**
   * Saves a browser's subscription for a user: a row per (user, endpoint), so the same browser again
   * updates the user's row and never another user's (decision 0073). Another user's row for this
   * endpoint stays; when it holds other keys, this cannot be the same browser's subscription (a
   * browser has one key pair per subscription) and nothing is saved: answers 'foreignKeys'. Beyond
   * `max` devices the user's least recently used go. One transaction: a device count never passes
   * `max`.
   */
  async upsert(s: NewPushSubscription, max: number, nowS: number): Promise<'saved' | 'foreignKeys'> {
    return this.db.transaction().execute(async (trx) => {
      const others = await trx
        .selectFrom('push_subscriptions')
        .select(['p256dh', 'auth'])
        .where('endpoint', '=', s.endpoint)
        .where('user_id', '!=', s.userId)
        .execute();
      if (others.some((o) => o.p256dh !== s.p256dh || o.auth !== s.auth)) return 'foreignKeys';
      await trx
        .insertInto('push_subscriptions')
        .values({
          user_id: s.userId,
          endpoint: s.endpoint,
          p256dh: s.p256dh,
          auth: s.auth,
          label: s.label,
          created_ts: nowS,
        })
        .onConflict((oc) =>
          oc.columns(['user_id', 'endpoint']).doUpdateSet({
            p256dh: s.p256dh,
            auth: s.auth,
            label: s.label,
            created_ts: nowS,
            last_success_ts: null,
            last_failure_ts: null,
            last_error: null,
          }),
        )
        .execute();
      const rows = await trx
        .selectFrom('push_subscriptions')
        .select(['id', 'endpoint', 'created_ts', 'last_success_ts'])
        .where('user_id', '=', s.userId)
        .execute();
      const lastUse = (r: (typeof rows)[number]) => Math.max(r.created_ts, r.last_success_ts ?? 0);
      const extra = rows
        .filter((r) => r.endpoint !== s.endpoint)
        .sort((a, b) => lastUse(a) - lastUse(b) || a.id - b.id)
        .slice(0, Math.max(0, rows.length - max))
        .map((r) => r.id);
      if (extra.length > 0) await trx.deleteFrom('push_subscriptions').where('id', 'in', extra).execute();
      return 'saved';
    });
  }

  /** How many other users' rows hold this endpoint (the same browser, shared). */
  async otherUsersOf(userId: number, endpoint: string): Promise<number> {
    const row = await this.db
      .selectFrom('push_subscriptions')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('endpoint', '=', endpoint)
      .where('user_id', '!=', userId)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** Removes one of the user's devices; false when the endpoint is not the user's. */
  async removeForUser(userId: number, endpoint: string): Promise<boolean> {
    const res = await this.db
      .deleteFrom('push_subscriptions')
      .where('user_id', '=', userId)
      .where('endpoint', '=', endpoint)
      .executeTakeFirst();
    return Number(res.numDeletedRows) > 0;
  }

  /** The push service no longer knows this subscription (404, 410). */
  async remove(id: number): Promise<void> {
    await this.db.deleteFrom('push_subscriptions').where('id', '=', id).execute();
  }

  async recordSuccess(id: number, nowS: number): Promise<void> {
    await this.db
      .updateTable('push_subscriptions')
      .set({ last_success_ts: nowS })
      .where('id', '=', id)
      .execute();
  }

  async recordFailure(id: number, error: string, nowS: number): Promise<void> {
    await this.db
      .updateTable('push_subscriptions')
      .set({ last_failure_ts: nowS, last_error: error.slice(0, 300) })
      .where('id', '=', id)
      .execute();
  }
}
