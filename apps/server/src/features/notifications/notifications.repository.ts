import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Engine } from '../../db/engine.js';
import { notificationDb, type NotificationDb } from './notifications.tables.js';

export interface StationRow {
  id: string;
  display_name: string | null;
  last_data_ts: number | null;
  sim_exp_ts: number | null;
}

export interface ProbeRow {
  sensor_id: string;
  bs_id: string;
  meas_ts: number | null;
  temps: string | null;
}

export interface StorageRow {
  id: number;
  name: string;
  bs_id: string;
  monitor_id: number | null;
  alert_messaging: string | null;
}

export interface StoredNotificationRow {
  kind: string;
  subject: string;
  params: string;
  count: number;
  updated_ts: number;
}

export interface NewsRow {
  id: number;
  published_ts: number;
  icon: string;
  link: string | null;
  popup: number;
  texts: string;
}

/** A news item as the dialog reads it: with a campaign's audience (JSON) and schedule (decision 0100). */
export interface NewsCampaignRow extends NewsRow {
  audience: string | null;
  start_ts: number | null;
  end_ts: number | null;
}

/** The notifications feature's reads and writes: Kysely only. */
export class NotificationRepository {
  private readonly db: NotificationDb;

  constructor(
    db: Kysely<Database>,
    private readonly engine: Engine,
  ) {
    this.db = notificationDb(db);
  }

  stations(ownerId: number): Promise<StationRow[]> {
    return this.db
      .selectFrom('base_stations')
      .select(['id', 'display_name', 'last_data_ts', 'sim_exp_ts'])
      .where('owner_user_id', '=', ownerId)
      .orderBy('id')
      .execute();
  }

  /** The enabled probes of these stations with their latest reading, if any. */
  async probes(bsIds: readonly string[]): Promise<ProbeRow[]> {
    if (bsIds.length === 0) return [];
    return this.db
      .selectFrom('probes')
      .leftJoin('probe_latest', 'probe_latest.sensor_id', 'probes.sensor_id')
      .select(['probes.sensor_id', 'probes.bs_id', 'probe_latest.meas_ts', 'probe_latest.temps'])
      .where('probes.bs_id', 'in', [...bsIds])
      .where('probes.disabled', '=', 0)
      .execute();
  }

  storages(ownerId: number): Promise<StorageRow[]> {
    return this.db
      .selectFrom('storages')
      .select(['id', 'name', 'bs_id', 'monitor_id', 'alert_messaging'])
      .where('owner_user_id', '=', ownerId)
      .execute();
  }

  storageProbes(ownerId: number): Promise<{ storage_id: number; sensor_id: string }[]> {
    return this.db
      .selectFrom('storage_probes')
      .select(['storage_id', 'sensor_id'])
      .where('owner_user_id', '=', ownerId)
      .execute();
  }

  /** The current alerts of the account's rules, per monitor (JSON Alert[] each). */
  currentAlerts(ownerId: number): Promise<{ monitor_id: number; current_alerts: string }[]> {
    return this.db
      .selectFrom('monitor_rule_state')
      .select(['monitor_id', 'current_alerts'])
      .where('owner_user_id', '=', ownerId)
      .where('current_alerts', '!=', '[]')
      .execute();
  }

  stored(ownerId: number, sinceTs: number): Promise<StoredNotificationRow[]> {
    return this.db
      .selectFrom('notifications')
      .select(['kind', 'subject', 'params', 'count', 'updated_ts'])
      .where('owner_user_id', '=', ownerId)
      .where('updated_ts', '>=', sinceTs)
      .execute()
      .then((rows) => rows.map((r) => ({ ...r, count: Number(r.count), updated_ts: Number(r.updated_ts) })));
  }

  /**
   * When each of these conditions was first seen: those seen before keep their time, new ones get
   * `nowS`; conditions of this account no longer present are forgotten (a new start counts again).
   */
  async conditions(ownerId: number, ids: readonly string[], nowS: number): Promise<Map<string, number>> {
    const known = await this.db
      .selectFrom('notification_conditions')
      .select(['id', 'first_ts'])
      .where('owner_user_id', '=', ownerId)
      .execute();
    const result = new Map(known.map((r) => [r.id, Number(r.first_ts)]));
    const gone = known.filter((r) => !ids.includes(r.id)).map((r) => r.id);
    const fresh = ids.filter((id) => !result.has(id));
    if (gone.length > 0)
      await this.db
        .deleteFrom('notification_conditions')
        .where('owner_user_id', '=', ownerId)
        .where('id', 'in', gone)
        .execute();
    if (fresh.length > 0) {
      // Two readers at once both insert: the first one's time stands.
      await this.db
        .insertInto('notification_conditions')
        .values(fresh.map((id) => ({ owner_user_id: ownerId, id, first_ts: nowS })))
        .onConflict((oc) => oc.columns(['owner_user_id', 'id']).doNothing())
        .execute();
      const now = await this.db
        .selectFrom('notification_conditions')
        .select(['id', 'first_ts'])
        .where('owner_user_id', '=', ownerId)
        .where('id', 'in', fresh)
        .execute();
      for (const r of now) result.set(r.id, Number(r.first_ts));
    }
    return result;
  }

  async reader(userId: number): Promise<{ seen_ts: number | null; news_seen_ts: number | null }> {
    const row = await this.db
      .selectFrom('notification_readers')
      .select(['seen_ts', 'news_seen_ts'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
    const num = (v: number | null | undefined) => (v === null || v === undefined ? null : Number(v));
    return { seen_ts: num(row?.seen_ts), news_seen_ts: num(row?.news_seen_ts) };
  }

  async markSeen(userId: number, nowS: number): Promise<void> {
    await this.db
      .insertInto('notification_readers')
      .values({ user_id: userId, seen_ts: nowS, news_seen_ts: null })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ seen_ts: nowS }))
      .execute();
  }

  /** newsSeenDate only moves forward: an older tab closing its dialog does not bring news back. */
  async markNewsSeen(userId: number, date: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      let q = trx.selectFrom('notification_readers').select('news_seen_ts').where('user_id', '=', userId);
      if (this.engine === 'postgres') q = q.forUpdate();
      const row = await q.executeTakeFirst();
      if (!row) {
        await trx
          .insertInto('notification_readers')
          .values({ user_id: userId, seen_ts: null, news_seen_ts: date })
          .onConflict((oc) => oc.column('user_id').doUpdateSet({ news_seen_ts: date }))
          .execute();
        return;
      }
      const current = row.news_seen_ts === null ? null : Number(row.news_seen_ts);
      if (current !== null && current >= date) return;
      await trx
        .updateTable('notification_readers')
        .set({ news_seen_ts: date })
        .where('user_id', '=', userId)
        .execute();
    });
  }

  /** The news items not deleted, with their audience and schedule (decision 0100), newest first. */
  news(): Promise<NewsCampaignRow[]> {
    return this.db
      .selectFrom('news')
      .select(['id', 'published_ts', 'icon', 'link', 'popup', 'texts', 'audience', 'start_ts', 'end_ts'])
      .where('deleted_ts', 'is', null)
      .orderBy('published_ts', 'desc')
      .orderBy('id', 'desc')
      .execute()
      .then((rows) =>
        rows.map((r) => ({
          ...r,
          published_ts: Number(r.published_ts),
          start_ts: r.start_ts === null ? null : Number(r.start_ts),
          end_ts: r.end_ts === null ? null : Number(r.end_ts),
        })),
      );
  }

  /** The facts a campaign's audience looks at: the account's plan and origin, the user's own contacts. */
  async audienceFacts(userId: number, accountId: number) {
    const [user, account] = await Promise.all([
      this.db.selectFrom('users').select(['phone', 'email']).where('id', '=', userId).executeTakeFirst(),
      this.db
        .selectFrom('users')
        .select(['plan_level', 'segment', 'country', 'partner_app'])
        .where('id', '=', accountId)
        .executeTakeFirst(),
    ]);
    return user && account ? { ...user, ...account } : undefined;
  }

  /** Seeds the given items by id once; an item already there (edited or not) is left as it is. */
  async seedNews(items: readonly NewsRow[]): Promise<void> {
    if (items.length === 0) return;
    await this.db
      .insertInto('news')
      .values(items.map((i) => ({ ...i })))
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  }
}

/**
 * Raises a stored notification: one row per account, kind and subject, raised again in place (count
 * up, params merged by `merge`, time moved on); `update` only merges the params of a row that exists
 * (an alert's final peak when it ends), leaving its count and time. Race-safe on PostgreSQL with several instances: the
 * row is inserted if missing (a conflict does nothing), then locked and updated. Runs on whatever it
 * is given — a transaction (an alert's, so the notice commits or rolls back with it) or the store.
 */
export async function raiseStored<P extends object>(
  db: Kysely<Database>,
  engine: Engine,
  row: { ownerId: number; kind: string; subject: string; nowS: number; params: P; count?: number },
  merge: (old: P | null, next: P) => P = (_old, next) => next,
  mode: 'raise' | 'update' = 'raise',
): Promise<void> {
  const ndb = notificationDb(db);
  if (mode === 'raise') {
    const inserted = await ndb
      .insertInto('notifications')
      .values({
        owner_user_id: row.ownerId,
        kind: row.kind,
        subject: row.subject,
        params: JSON.stringify(merge(null, row.params)),
        count: row.count ?? 1,
        created_ts: row.nowS,
        updated_ts: row.nowS,
      })
      .onConflict((oc) => oc.columns(['owner_user_id', 'kind', 'subject']).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) return;
  }
  let q = ndb
    .selectFrom('notifications')
    .select(['params', 'count'])
    .where('owner_user_id', '=', row.ownerId)
    .where('kind', '=', row.kind)
    .where('subject', '=', row.subject);
  if (engine === 'postgres') q = q.forUpdate();
  const old = await q.executeTakeFirst();
  if (!old && mode === 'update') return;
  let oldParams: P | null = null;
  try {
    oldParams = old ? (JSON.parse(old.params) as P) : null;
  } catch {
    oldParams = null;
  }
  await ndb
    .updateTable('notifications')
    .set({
      params: JSON.stringify(merge(oldParams, row.params)),
      ...(mode === 'raise'
        ? { count: Number(old?.count ?? 0) + (row.count ?? 1), updated_ts: row.nowS }
        : {}),
    })
    .where('owner_user_id', '=', row.ownerId)
    .where('kind', '=', row.kind)
    .where('subject', '=', row.subject)
    .execute();
}
