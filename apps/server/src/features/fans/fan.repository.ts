import type { Insertable, Selectable, Transaction, Updateable } from 'kysely';
import type { Engine } from '../../db/engine.js';
import { runPrepared } from '../../db/runPrepared.js';
import type { Database } from '../../db/schema.js';
import { valueIn } from '../../db/valueIn.js';
import type {
  FanChannelsTable,
  FanControllersTable,
  FanEventsTable,
  FanSchedulersTable,
  FansDb,
  FanTables,
} from './fans.tables.js';

export type ControllerRow = Selectable<FanControllersTable>;
export type ChannelRow = Selectable<FanChannelsTable>;
export type ChannelPatch = Updateable<FanChannelsTable>;
export type FanEventRow = Insertable<FanEventsTable>;
export type FanTrx = Transaction<Database & FanTables>;

/** A channel with what the decision and the presenter need of its controller. */
export type ChannelWithController = ChannelRow & {
  owner_user_id: number;
  type: string;
  channel_count: number;
  climate: string | null;
  connection: string | null;
  last_poll_ts: number | null;
  offline: number;
  offline_logged: number;
};

export interface StorageRef {
  id: number;
  owner_user_id: number;
  bs_id: string;
  monitor_id: number | null;
}

export interface LatestReading {
  sensor_id: string;
  meas_ts: number;
  temperature: number;
  temps: string;
}

/** SQLite's default limit is 32,766 bound values; lists are read in slices far below it. */
const SLICE = 500;

function slices<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += SLICE) out.push(items.slice(i, i + SLICE));
  return out;
}

/** The only SQL of the fans feature. */
export class FanRepository {
  constructor(
    private readonly db: FansDb,
    private readonly engine: Engine,
  ) {}

  /** The connection, for single writes outside a transaction. */
  get database(): FansDb {
    return this.db;
  }

  transaction<T>(work: (trx: FanTrx) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }

  // --- controllers -----------------------------------------------------------------------------

  findController(id: string): Promise<ControllerRow | undefined> {
    return this.db.selectFrom('fan_controllers').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async controllersByIds(ids: readonly string[]): Promise<ControllerRow[]> {
    const out: ControllerRow[] = [];
    for (const part of slices([...new Set(ids)]))
      out.push(
        ...(await this.db.selectFrom('fan_controllers').selectAll().where('id', 'in', part).execute()),
      );
    return out;
  }

  controllersOf(ownerId: number): Promise<ControllerRow[]> {
    return this.db
      .selectFrom('fan_controllers')
      .selectAll()
      .where('owner_user_id', '=', ownerId)
      .orderBy('id')
      .execute();
  }

  async insertController(
    row: Insertable<FanControllersTable>,
    channels: Insertable<FanChannelsTable>[],
  ): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.insertInto('fan_controllers').values(row).execute();
      await trx.insertInto('fan_channels').values(channels).execute();
    });
  }

  async updateController(trx: FanTrx, id: string, patch: Updateable<FanControllersTable>): Promise<void> {
    await trx.updateTable('fan_controllers').set(patch).where('id', '=', id).execute();
  }

  /**
   * Controllers that were online and have been silent since `before`. One that never polled is shown
   * offline by its missing poll time and has no outage to log.
   */
  silentSince(before: number): Promise<ControllerRow[]> {
    return this.db
      .selectFrom('fan_controllers')
      .selectAll()
      .where('offline', '=', 0)
      .where('last_poll_ts', '<', before)
      .execute();
  }

  /** Marks it offline unless a poll got there first (offline = 0 and the same last poll). */
  async markOffline(trx: FanTrx, c: ControllerRow): Promise<boolean> {
    if (c.last_poll_ts === null) return false;
    const res = await trx
      .updateTable('fan_controllers')
      .set({ offline: 1, offline_since_ts: c.last_poll_ts, offline_logged: 1 })
      .where('id', '=', c.id)
      .where('offline', '=', 0)
      .where('last_poll_ts', '=', c.last_poll_ts)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) > 0;
  }

  // --- channels --------------------------------------------------------------------------------

  private channelQuery(db: FansDb | FanTrx = this.db) {
    return db
      .selectFrom('fan_channels as ch')
      .innerJoin('fan_controllers as c', 'c.id', 'ch.fc_id')
      .selectAll('ch')
      .select([
        'c.owner_user_id',
        'c.type',
        'c.channels as channel_count',
        'c.climate',
        'c.connection',
        'c.last_poll_ts',
        'c.offline',
        'c.offline_logged',
      ]);
  }

  channelsOf(fcId: string, db: FansDb | FanTrx = this.db): Promise<ChannelWithController[]> {
    return this.channelQuery(db).where('ch.fc_id', '=', fcId).orderBy('ch.channel').execute();
  }

  async channelsOfMany(fcIds: readonly string[]): Promise<ChannelWithController[]> {
    const out: ChannelWithController[] = [];
    for (const part of slices([...new Set(fcIds)]))
      out.push(...(await this.channelQuery().where('ch.fc_id', 'in', part).execute()));
    return out.sort((a, b) => (a.fc_id === b.fc_id ? a.channel - b.channel : a.fc_id < b.fc_id ? -1 : 1));
  }

  allChannels(): Promise<ChannelWithController[]> {
    return this.channelQuery().orderBy('ch.fc_id').orderBy('ch.channel').execute();
  }

  /** Channels serving storages on these stations, or reading an outdoor probe of theirs. */
  async channelsTouchedBy(bsIds: readonly string[]): Promise<string[]> {
    if (bsIds.length === 0) return [];
    // Asked after every ingest commit: one text for any number of stations, prepared on PostgreSQL.
    const stations = [...new Set(bsIds)];
    const rows = await runPrepared(
      this.db,
      this.db
        .selectFrom('fan_channels as ch')
        .leftJoin('storages as s', 's.id', 'ch.in_use')
        .leftJoin('probes as p', 'p.sensor_id', 'ch.outdoor_id')
        .select('ch.fc_id')
        .where((eb) =>
          eb.or([
            valueIn(this.engine, 's.bs_id', stations, 'text'),
            valueIn(this.engine, 'p.bs_id', stations, 'text'),
          ]),
        ),
    );
    return [...new Set(rows.map((r) => r.fc_id))];
  }

  async updateChannel(
    trx: FanTrx | FansDb,
    fcId: string,
    channel: number,
    patch: ChannelPatch,
  ): Promise<void> {
    await trx
      .updateTable('fan_channels')
      .set(patch)
      .where('fc_id', '=', fcId)
      .where('channel', '=', channel)
      .execute();
  }

  /**
   * Writes a decision unless another writer (another server instance) moved the channel's revision
   * since it was read: two instances deciding alike bump the revision once.
   */
  async writeDecision(
    trx: FanTrx,
    fcId: string,
    channel: number,
    readRev: number,
    patch: ChannelPatch,
  ): Promise<boolean> {
    const res = await trx
      .updateTable('fan_channels')
      .set(patch)
      .where('fc_id', '=', fcId)
      .where('channel', '=', channel)
      .where('rev', '=', readRev)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) > 0;
  }

  async insertEvents(trx: FanTrx | FansDb, rows: FanEventRow[]): Promise<void> {
    if (rows.length > 0) await trx.insertInto('fan_events').values(rows).execute();
  }

  events(fcId: string, channel: number, limit: number): Promise<Selectable<FanEventsTable>[]> {
    return this.db
      .selectFrom('fan_events')
      .selectAll()
      .where('fc_id', '=', fcId)
      .where('channel', '=', channel)
      .orderBy('ts', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  /** The RC event log of an account's channels that served a batch, in a time range, newest first. */
  eventsOfBatch(q: {
    ownerId: number;
    batchId: number;
    fromTs: number;
    toTs: number;
    limit: number;
  }): Promise<Selectable<FanEventsTable>[]> {
    return this.db
      .selectFrom('fan_events')
      .selectAll('fan_events')
      .innerJoin('fan_controllers', 'fan_controllers.id', 'fan_events.fc_id')
      .where('fan_controllers.owner_user_id', '=', q.ownerId)
      .where('fan_events.batch_ref', '=', q.batchId)
      .where('fan_events.ts', '>=', q.fromTs)
      .where('fan_events.ts', '<=', q.toTs)
      .orderBy('fan_events.ts', 'desc')
      .orderBy('fan_events.id', 'desc')
      .limit(q.limit)
      .execute();
  }

  /** GET rcLogs: a controller's event log lines, newest first. */
  eventLog(q: {
    fcId: string;
    channel?: number;
    batchId?: number;
    fromTs?: number;
    toTs?: number;
    limit: number;
  }): Promise<Selectable<FanEventsTable>[]> {
    let query = this.db.selectFrom('fan_events').selectAll().where('fc_id', '=', q.fcId);
    if (q.channel !== undefined) query = query.where('channel', '=', q.channel);
    if (q.batchId !== undefined) query = query.where('batch_ref', '=', q.batchId);
    if (q.fromTs !== undefined) query = query.where('ts', '>=', q.fromTs);
    if (q.toTs !== undefined) query = query.where('ts', '<=', q.toTs);
    return query.orderBy('ts', 'desc').orderBy('id', 'desc').limit(q.limit).execute();
  }

  /** The RC schedulers of these controllers (those that have one). */
  schedulers(fcIds: readonly string[]): Promise<Selectable<FanSchedulersTable>[]> {
    if (fcIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('fan_schedulers')
      .selectAll()
      .where('fc_id', 'in', [...fcIds])
      .execute();
  }

  async saveScheduler(row: Selectable<FanSchedulersTable>): Promise<void> {
    const { fc_id: _id, ...rest } = row;
    await this.db
      .insertInto('fan_schedulers')
      .values(row)
      .onConflict((oc) => oc.column('fc_id').doUpdateSet(rest))
      .execute();
  }

  // --- what a decision reads ------------------------------------------------------------------

  async storages(ids: readonly number[]): Promise<StorageRef[]> {
    const out: StorageRef[] = [];
    for (const part of slices([...new Set(ids)]))
      out.push(
        ...(await this.db
          .selectFrom('storages')
          .select(['id', 'owner_user_id', 'bs_id', 'monitor_id'])
          .where('id', 'in', part)
          .execute()),
      );
    return out;
  }

  async monitorRules(
    ownerIds: readonly number[],
  ): Promise<{ owner_user_id: number; item_id: number; rules: string }[]> {
    const out: { owner_user_id: number; item_id: number; rules: string }[] = [];
    for (const part of slices([...new Set(ownerIds)]))
      out.push(
        ...(await this.db
          .selectFrom('monitors')
          .select(['owner_user_id', 'item_id', 'rules'])
          .where('owner_user_id', 'in', part)
          .execute()),
      );
    return out;
  }

  async storageProbes(
    storageIds: readonly number[],
  ): Promise<{ storage_id: number; sensor_id: string; kind: string | null }[]> {
    const out: { storage_id: number; sensor_id: string; kind: string | null }[] = [];
    for (const part of slices([...new Set(storageIds)]))
      out.push(
        ...(await this.db
          .selectFrom('storage_probes as sp')
          .leftJoin('probes as p', 'p.sensor_id', 'sp.sensor_id')
          .select(['sp.storage_id', 'sp.sensor_id', 'p.kind'])
          .where('sp.storage_id', 'in', part)
          .execute()),
      );
    return out;
  }

  async latest(sensorIds: readonly string[]): Promise<LatestReading[]> {
    const out: LatestReading[] = [];
    for (const part of slices([...new Set(sensorIds)]))
      out.push(
        ...(await this.db
          .selectFrom('probe_latest')
          .select(['sensor_id', 'meas_ts', 'temperature', 'temps'])
          .where('sensor_id', 'in', part)
          .execute()),
      );
    return out;
  }

  async timeZones(bsIds: readonly string[]): Promise<Map<string, string | null>> {
    const out = new Map<string, string | null>();
    for (const part of slices([...new Set(bsIds)]))
      for (const r of await this.db
        .selectFrom('base_stations')
        .select(['id', 'timezone'])
        .where('id', 'in', part)
        .execute())
        out.set(r.id, r.timezone);
    return out;
  }

  // --- checks of what a call names ------------------------------------------------------------

  storageOwner(storageId: number): Promise<{ owner_user_id: number; bs_id: string } | undefined> {
    return this.db
      .selectFrom('storages')
      .select(['owner_user_id', 'bs_id'])
      .where('id', '=', storageId)
      .executeTakeFirst();
  }

  /** The account owning the station a probe is configured on. */
  async probeOwner(sensorId: string): Promise<number | undefined> {
    const r = await this.db
      .selectFrom('probes as p')
      .innerJoin('base_stations as b', 'b.id', 'p.bs_id')
      .select('b.owner_user_id')
      .where('p.sensor_id', '=', sensorId)
      .executeTakeFirst();
    return r?.owner_user_id;
  }

  async stationOwner(bsId: string): Promise<number | undefined> {
    const r = await this.db
      .selectFrom('base_stations')
      .select('owner_user_id')
      .where('id', '=', bsId)
      .executeTakeFirst();
    return r?.owner_user_id;
  }

  /**
   * Why a channel may not name this batch (spec doc 2 §5 "RC batch choices: only non-admin ongoing
   * batches (or the current one); those used by another RC are disabled"), or null when it may. The
   * batches' own table, read by the columns that decide: the web offers the same choices.
   */
  async batchRefProblem(
    ownerId: number,
    batchId: number,
    fcId: string,
    channel: number,
  ): Promise<'noSuchBatch' | 'notOffered' | 'usedByAnotherRc' | null> {
    const db = this.db.withTables<{
      batches: {
        id: number;
        owner_user_id: number;
        status: number;
        is_admin: number;
        archived_ts: number | null;
      };
    }>();
    const batch = await db
      .selectFrom('batches')
      .select(['status', 'is_admin', 'archived_ts'])
      .where('id', '=', batchId)
      .where('owner_user_id', '=', ownerId)
      .executeTakeFirst();
    if (!batch) return 'noSuchBatch';
    const current = await this.db
      .selectFrom('fan_channels')
      .select('batch_ref')
      .where('fc_id', '=', fcId)
      .where('channel', '=', channel)
      .executeTakeFirst();
    const offered = batch.status === 1 && batch.is_admin === 0 && batch.archived_ts === null;
    if (!offered && current?.batch_ref !== batchId) return 'notOffered';
    const other = await this.db
      .selectFrom('fan_channels')
      .select('fc_id')
      .where('batch_ref', '=', batchId)
      .where('fc_id', '!=', fcId)
      .executeTakeFirst();
    return other ? 'usedByAnotherRc' : null;
  }

  async monitorExists(ownerId: number, itemId: number): Promise<boolean> {
    const r = await this.db
      .selectFrom('monitors')
      .select('item_id')
      .where('owner_user_id', '=', ownerId)
      .where('item_id', '=', itemId)
      .executeTakeFirst();
    return r !== undefined;
  }
}
