import { sql, type Kysely, type Transaction } from 'kysely';
import type { MergeCounts } from '@emberwatch/shared/domain/accountMerge/mergeRules';
import type { Database } from '../../db/schema.js';
import { accountMergeDb, type AccountMergeDb, type AccountMergeTables } from './accountMerge.tables.js';

export type Trx = Transaction<Database & AccountMergeTables>;
type Q = AccountMergeDb | Trx;

const n = (r: { n: unknown } | undefined) => Number(r?.n ?? 0);

/**
 * The SQL of account merges (decision 0101). Every step takes the transaction: the merge is one, and on
 * SQLite it holds the store's one connection.
 */
export class AccountMergeRepository {
  private readonly db: AccountMergeDb;

  constructor(base: Kysely<Database>) {
    this.db = accountMergeDb(base);
  }

  /** The store outside a transaction, for the check's reads. */
  get reader(): AccountMergeDb {
    return this.db;
  }

  transaction<T>(work: (trx: Trx) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }

  user(q: Q, id: number) {
    return q.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The owner of a station, or the user of that username (exact, then case-insensitive). */
  async findTarget(q: Q, target: string): Promise<number | null> {
    const station = await q
      .selectFrom('base_stations')
      .select('owner_user_id')
      .where('id', '=', target.toUpperCase())
      .executeTakeFirst();
    if (station) return station.owner_user_id;
    const user =
      (await q.selectFrom('users').select('id').where('username', '=', target).executeTakeFirst()) ??
      (await q
        .selectFrom('users')
        .select('id')
        .where(sql<string>`lower(username)`, '=', target.toLowerCase())
        .orderBy('id')
        .executeTakeFirst());
    return user?.id ?? null;
  }

  async stationsOf(q: Q, ownerId: number): Promise<string[]> {
    const rows = await q
      .selectFrom('base_stations')
      .select('id')
      .where('owner_user_id', '=', ownerId)
      .orderBy('id')
      .execute();
    return rows.map((r) => r.id);
  }

  private countOwned(
    q: Q,
    table:
      | 'storages'
      | 'monitors'
      | 'batches'
      | 'delivery_alerts'
      | 'alert_log'
      | 'bs_replacements'
      | 'sites'
      | 'fan_controllers'
      | 'notifications',
    ownerId: number,
  ) {
    return (q as AccountMergeDb)
      .selectFrom(table as 'storages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('owner_user_id', '=', ownerId)
      .executeTakeFirst()
      .then(n);
  }

  /** What belongs to the account, as a merge moves it (decision 0101 names each count). */
  async counts(q: Q, ownerId: number): Promise<MergeCounts> {
    const stations = q.selectFrom('base_stations').select('id').where('owner_user_id', '=', ownerId);
    const probes = q.selectFrom('probes').select('sensor_id').where('bs_id', 'in', stations);
    const probeCount = await q
      .selectFrom('probes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('bs_id', 'in', stations)
      .executeTakeFirst()
      .then(n);
    const raw = await q
      .selectFrom('readings')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('sensor_id', 'in', probes)
      .executeTakeFirst()
      .then(n);
    const packed = await q
      .selectFrom('readings_packed')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('n'), sql<number>`0`).as('n'))
      .where('sensor_id', 'in', probes)
      .executeTakeFirst()
      .then(n);
    const subUsers = await q
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('main_user_id', '=', ownerId)
      .executeTakeFirst()
      .then(n);
    return {
      stations: (await this.stationsOf(q, ownerId)).length,
      probes: probeCount,
      storages: await this.countOwned(q, 'storages', ownerId),
      monitors: await this.countOwned(q, 'monitors', ownerId),
      alerts: await this.countOwned(q, 'delivery_alerts', ownerId),
      batches: await this.countOwned(q, 'batches', ownerId),
      readings: raw + packed,
      history:
        (await this.countOwned(q, 'alert_log', ownerId)) +
        (await this.countOwned(q, 'bs_replacements', ownerId)),
      sites: await this.countOwned(q, 'sites', ownerId),
      controllers: await this.countOwned(q, 'fan_controllers', ownerId),
      notifications: await this.countOwned(q, 'notifications', ownerId),
      subUsers,
    };
  }

  /** The probes on the account's stations (the caches of their station are told after the merge). */
  async probesOf(trx: Trx, stations: readonly string[]): Promise<string[]> {
    if (stations.length === 0) return [];
    const rows = await trx.selectFrom('probes').select('sensor_id').where('bs_id', 'in', stations).execute();
    return rows.map((r) => r.sensor_id);
  }

  async monitorIds(trx: Trx, ownerId: number): Promise<{ item_id: number; default_monitor: number }[]> {
    return trx
      .selectFrom('monitors')
      .select(['item_id', 'default_monitor'])
      .where('owner_user_id', '=', ownerId)
      .orderBy('item_id')
      .execute();
  }

  /**
   * Moves one monitor and everything naming it by number to the target under its new number: its
   * rules' state, logbook, delivered alerts, the storages it watches and the fan channels it drives.
   * New numbers are free in the target and are no other source monitor's (renumberMonitors), so no
   * step meets a row it has already moved.
   */
  async moveMonitor(
    trx: Trx,
    from: number,
    to: number,
    m: { oldId: number; newId: number; keepDefault: boolean },
  ): Promise<void> {
    const { oldId, newId } = m;
    // The rule states name their monitor by a foreign key without an update rule: the monitor is
    // copied under its new key, its states follow, and then the old row goes.
    const row = await trx
      .selectFrom('monitors')
      .selectAll()
      .where('owner_user_id', '=', from)
      .where('item_id', '=', oldId)
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('monitors')
      .values({
        ...row,
        owner_user_id: to,
        item_id: newId,
        default_monitor: m.keepDefault ? row.default_monitor : 0,
      })
      .execute();
    await trx
      .updateTable('monitor_rule_state')
      .set({ owner_user_id: to, monitor_id: newId })
      .where('owner_user_id', '=', from)
      .where('monitor_id', '=', oldId)
      .execute();
    await trx.deleteFrom('monitors').where('owner_user_id', '=', from).where('item_id', '=', oldId).execute();
    await trx
      .updateTable('alert_log')
      .set({ owner_user_id: to, monitor_id: newId })
      .where('owner_user_id', '=', from)
      .where('monitor_id', '=', oldId)
      .execute();
    await trx
      .updateTable('delivery_alerts')
      .set({ owner_user_id: to, monitor_id: newId })
      .where('owner_user_id', '=', from)
      .where('monitor_id', '=', oldId)
      .execute();
    await trx
      .updateTable('storages')
      .set({ monitor_id: newId })
      .where('owner_user_id', '=', from)
      .where('monitor_id', '=', oldId)
      .execute();
    await trx
      .updateTable('fan_channels')
      .set({ monitor_ref: newId })
      .where('monitor_ref', '=', oldId)
      .where('fc_id', 'in', trx.selectFrom('fan_controllers').select('id').where('owner_user_id', '=', from))
      .execute();
  }

  /** Every row of these tables moves: no key of theirs can meet the target's (decision 0101). */
  async moveOwned(trx: Trx, from: number, to: number): Promise<void> {
    const tables = [
      'base_stations',
      'storages',
      'storage_probes',
      'sites',
      'batches',
      'alert_log',
      'delivery_alerts',
      'delivery_groups',
      'delivery_messages',
      'fan_controllers',
      'bs_replacements',
    ] as const;
    for (const table of tables)
      await (trx as unknown as Kysely<Record<string, { owner_user_id: number }>>)
        .updateTable(table)
        .set({ owner_user_id: to })
        .where('owner_user_id', '=', from)
        .execute();
    await trx
      .updateTable('activation_kits')
      .set({ claimed_user_id: to })
      .where('claimed_user_id', '=', from)
      .execute();
  }

  /**
   * Tables with one row per account (batch defaults, Insight survey and migration key, Sentinel
   * target): the source's moves when the target has none; otherwise the target's stays in force and
   * the source's stays with the merged account (kept, not deleted, and no longer read).
   */
  async moveIfTargetHasNone(trx: Trx, from: number, to: number): Promise<void> {
    const single = ['batch_defaults', 'insight_migrations', 'sentinel_targets'] as const;
    const db = trx as unknown as Kysely<Record<string, { owner_user_id: number }>>;
    for (const table of single)
      if (
        !(await db
          .selectFrom(table)
          .select('owner_user_id')
          .where('owner_user_id', '=', to)
          .executeTakeFirst())
      )
        await db.updateTable(table).set({ owner_user_id: to }).where('owner_user_id', '=', from).execute();
    // The survey and the storages made of it go together.
    if (
      !(await db
        .selectFrom('insight_surveys')
        .select('owner_user_id')
        .where('owner_user_id', '=', to)
        .executeTakeFirst())
    )
      for (const table of ['insight_surveys', 'insight_survey_storages'])
        await db.updateTable(table).set({ owner_user_id: to }).where('owner_user_id', '=', from).execute();
  }

  /**
   * Rows keyed by account and something else: the source's move unless the target has the same key
   * (a notification of the same kind and subject, a condition, a master's authorisation, a user's name
   * for a site); then the target's holds and the source's stays with the merged account.
   */
  async moveUnlessClash(trx: Trx, from: number, to: number): Promise<void> {
    await trx
      .updateTable('notifications as s')
      .set({ owner_user_id: to })
      .where('s.owner_user_id', '=', from)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('notifications as t')
              .select('t.id')
              .where('t.owner_user_id', '=', to)
              .whereRef('t.kind', '=', 's.kind')
              .whereRef('t.subject', '=', 's.subject'),
          ),
        ),
      )
      .execute();
    await trx
      .updateTable('notification_conditions as s')
      .set({ owner_user_id: to })
      .where('s.owner_user_id', '=', from)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('notification_conditions as t')
              .select('t.id')
              .where('t.owner_user_id', '=', to)
              .whereRef('t.id', '=', 's.id'),
          ),
        ),
      )
      .execute();
    await trx
      .updateTable('master_authorizations as s')
      .set({ owner_user_id: to })
      .where('s.owner_user_id', '=', from)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('master_authorizations as t')
              .select('t.id')
              .where('t.owner_user_id', '=', to)
              .whereRef('t.master_user_id', '=', 's.master_user_id'),
          ),
        ),
      )
      .execute();
    // Names of the source's sites: they are the target's sites now.
    await trx.updateTable('site_names').set({ site_uid: to }).where('site_uid', '=', from).execute();
    // The source user's own names for sites, unless the target user named the same site.
    await trx
      .updateTable('site_names as s')
      .set({ user_id: to })
      .where('s.user_id', '=', from)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('site_names as t')
              .select('t.user_id')
              .where('t.user_id', '=', to)
              .whereRef('t.site_uid', '=', 's.site_uid')
              .whereRef('t.bs_id', '=', 's.bs_id'),
          ),
        ),
      )
      .execute();
  }

  /** The source's sub-users work in the target account now; both accounts' counts follow. */
  async moveSubUsers(trx: Trx, from: number, to: number): Promise<void> {
    await trx.updateTable('users').set({ main_user_id: to }).where('main_user_id', '=', from).execute();
    const count = await trx
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('main_user_id', '=', to)
      .executeTakeFirst()
      .then(n);
    await trx.updateTable('users').set({ sub_user_count: count }).where('id', '=', to).execute();
    await trx.updateTable('users').set({ sub_user_count: 0 }).where('id', '=', from).execute();
  }

  /** The emptied account: blocked (login refused) and its sessions ended. */
  async closeSource(trx: Trx, from: number, now: number): Promise<void> {
    await trx.updateTable('users').set({ blocked: 1 }).where('id', '=', from).execute();
    await trx
      .updateTable('refresh_tokens')
      .set({ revoked_ts: now })
      .where('user_id', '=', from)
      .where('revoked_ts', 'is', null)
      .execute();
  }

  async recordMerge(
    trx: Trx,
    r: {
      source_user_id: number;
      source_username: string;
      target_user_id: number;
      target_username: string;
      merged_ts: number;
      admin: string;
      counts: string;
    },
  ): Promise<void> {
    await trx.insertInto('account_merges').values(r).execute();
  }
}
