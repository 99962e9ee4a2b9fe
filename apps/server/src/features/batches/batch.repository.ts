import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import type { Engine } from '../../db/engine.js';
import { runPrepared } from '../../db/runPrepared.js';
import type { Database } from '../../db/schema.js';
import { valueIn } from '../../db/valueIn.js';
import {
  batchesDb,
  type BatchesDb,
  type BatchesTable,
  type BatchPhaseProgressTable,
  type BatchPhasesTable,
  type BatchTables,
  type BatchTurningsTable,
} from './batches.tables.js';

export type BatchRow = Selectable<BatchesTable>;
export type PhaseRow = Selectable<BatchPhasesTable>;
export type ProgressRow = Selectable<BatchPhaseProgressTable>;
export type TurningRow = Selectable<BatchTurningsTable>;
export type BatchTrx = Transaction<Database & BatchTables>;
export type NewBatch = Insertable<BatchesTable>;
export type PhaseValues = Omit<PhaseRow, 'batch_id' | 'idx'>;

/** Large id lists are read in slices: SQLite allows so many bound values per statement. */
function slices<T>(list: readonly T[], size = 500): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

export interface LatestRow {
  sensor_id: string;
  meas_ts: number;
  temps: string;
}

export class BatchRepository {
  readonly db: BatchesDb;

  constructor(
    db: Kysely<Database>,
    private readonly engine: Engine,
  ) {
    this.db = batchesDb(db);
  }

  transaction<T>(fn: (trx: BatchTrx) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(fn);
  }

  find(id: number, trx: BatchesDb | BatchTrx = this.db): Promise<BatchRow | undefined> {
    return trx.selectFrom('batches').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async findMany(ids: readonly number[]): Promise<BatchRow[]> {
    const out: BatchRow[] = [];
    for (const part of slices([...new Set(ids)]))
      out.push(...(await this.db.selectFrom('batches').selectAll().where('id', 'in', part).execute()));
    return out;
  }

  /** The batches of these stations, newest first. */
  list(
    bsIds: readonly string[],
    f: { archived: boolean; status?: number; id?: number },
  ): Promise<BatchRow[]> {
    if (bsIds.length === 0) return Promise.resolve([]);
    let q = this.db
      .selectFrom('batches')
      .selectAll()
      .where('bs_id', 'in', [...bsIds]);
    // One batch by id is found archived or not (a link to it keeps working).
    if (f.id !== undefined) q = q.where('id', '=', f.id);
    else q = q.where('archived_ts', f.archived ? 'is not' : 'is', null);
    if (f.status !== undefined) q = q.where('status', '=', f.status);
    return q.orderBy('created_ts', 'desc').orderBy('id', 'desc').execute();
  }

  /** Batches changed after `since`, and the ongoing ones of stations that received data after it. */
  changedSince(bsIds: readonly string[], since: number): Promise<BatchRow[]> {
    if (bsIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('batches')
      .selectAll()
      .where('bs_id', 'in', [...bsIds])
      .where((eb) =>
        eb.or([
          eb('updated_ts', '>', since),
          eb.and([
            eb('status', '=', 1),
            eb('archived_ts', 'is', null),
            eb(
              'bs_id',
              'in',
              eb
                .selectFrom('base_stations')
                .select('base_stations.id')
                .where('base_stations.id', 'in', [...bsIds])
                .where('base_stations.last_data_ts', '>', since),
            ),
          ]),
        ]),
      )
      .orderBy('created_ts', 'desc')
      .orderBy('id', 'desc')
      .execute();
  }

  /** Ongoing, not archived batches (of these stations, or all). */
  ongoing(bsIds?: readonly string[]): Promise<BatchRow[]> {
    const q = this.db
      .selectFrom('batches')
      .selectAll()
      .where('status', '=', 1)
      .where('archived_ts', 'is', null);
    if (!bsIds) return q.execute();
    if (bsIds.length === 0) return Promise.resolve([]);
    // Asked after every ingest commit: one text for any number of stations, prepared on PostgreSQL.
    return runPrepared(this.db, q.where(valueIn(this.engine, 'bs_id', bsIds, 'text')));
  }

  counts(bsIds: readonly string[]) {
    if (bsIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('batches')
      .select((eb) => [
        'bs_id',
        'status',
        eb.case().when('archived_ts', 'is', null).then(0).else(1).end().as('archived'),
        eb.fn.countAll<number | string>().as('n'),
      ])
      .where('bs_id', 'in', [...bsIds])
      .groupBy(['bs_id', 'status', 'archived'])
      .execute();
  }

  async phases(batchIds: readonly number[], trx: BatchesDb | BatchTrx = this.db): Promise<PhaseRow[]> {
    const out: PhaseRow[] = [];
    for (const part of slices([...new Set(batchIds)]))
      out.push(
        ...(await trx
          .selectFrom('batch_phases')
          .selectAll()
          .where('batch_id', 'in', part)
          .orderBy('batch_id')
          .orderBy('idx')
          .execute()),
      );
    return out;
  }

  async progress(batchIds: readonly number[]): Promise<ProgressRow[]> {
    const out: ProgressRow[] = [];
    for (const part of slices([...new Set(batchIds)]))
      out.push(
        ...(await this.db
          .selectFrom('batch_phase_progress')
          .selectAll()
          .where('batch_id', 'in', part)
          .execute()),
      );
    return out;
  }

  async saveProgress(rows: readonly ProgressRow[]): Promise<void> {
    for (const part of slices(rows, 100))
      await this.db
        .insertInto('batch_phase_progress')
        .values(part)
        .onConflict((oc) =>
          oc.columns(['batch_id', 'idx', 'sensor_id']).doUpdateSet((eb) => ({
            hot_s: eb.ref('excluded.hot_s'),
            last_ts: eb.ref('excluded.last_ts'),
            last_temp: eb.ref('excluded.last_temp'),
            max_temp: eb.ref('excluded.max_temp'),
          })),
        )
        .execute();
  }

  async forgetProgress(trx: BatchTrx, batchId: number, idxs: readonly number[]): Promise<void> {
    if (idxs.length === 0) return;
    await trx
      .deleteFrom('batch_phase_progress')
      .where('batch_id', '=', batchId)
      .where('idx', 'in', [...idxs])
      .execute();
  }

  async turnings(batchIds: readonly number[]): Promise<TurningRow[]> {
    const out: TurningRow[] = [];
    for (const part of slices([...new Set(batchIds)]))
      out.push(
        ...(await this.db
          .selectFrom('batch_turnings')
          .selectAll()
          .where('batch_id', 'in', part)
          .orderBy('ts')
          .orderBy('id')
          .execute()),
      );
    return out;
  }

  async insertBatch(trx: BatchTrx, row: NewBatch): Promise<number> {
    const r = await trx.insertInto('batches').values(row).returning('id').executeTakeFirstOrThrow();
    return Number(r.id);
  }

  async updateBatch(
    trx: BatchTrx | BatchesDb,
    id: number,
    patch: Partial<Omit<BatchRow, 'id'>>,
  ): Promise<void> {
    await trx.updateTable('batches').set(patch).where('id', '=', id).execute();
  }

  /** The batch's phases become exactly these, in order. */
  async replacePhases(trx: BatchTrx, batchId: number, phases: readonly PhaseValues[]): Promise<void> {
    await trx.deleteFrom('batch_phases').where('batch_id', '=', batchId).execute();
    if (phases.length > 0)
      await trx
        .insertInto('batch_phases')
        .values(phases.map((p, idx) => ({ ...p, batch_id: batchId, idx })))
        .execute();
  }

  async insertTurning(trx: BatchTrx, row: Insertable<BatchTurningsTable>): Promise<void> {
    await trx.insertInto('batch_turnings').values(row).execute();
  }

  async deleteTurning(trx: BatchTrx, batchId: number, id: number): Promise<boolean> {
    const r = await trx
      .deleteFrom('batch_turnings')
      .where('batch_id', '=', batchId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }

  async defaults(ownerId: number): Promise<string | undefined> {
    const r = await this.db
      .selectFrom('batch_defaults')
      .select('defaults')
      .where('owner_user_id', '=', ownerId)
      .executeTakeFirst();
    return r?.defaults;
  }

  async saveDefaults(ownerId: number, defaults: string, nowS: number): Promise<void> {
    await this.db
      .insertInto('batch_defaults')
      .values({ owner_user_id: ownerId, defaults, updated_ts: nowS })
      .onConflict((oc) => oc.column('owner_user_id').doUpdateSet({ defaults, updated_ts: nowS }))
      .execute();
  }

  // --- what a batch reads of the stations and probes ----------------------------------------

  /** The probes among these that are configured on the station. */
  async probesOnStation(bsId: string, sensorIds: readonly string[]): Promise<Set<string>> {
    const out = new Set<string>();
    for (const part of slices([...new Set(sensorIds)]))
      for (const r of await this.db
        .selectFrom('probes')
        .select('sensor_id')
        .where('bs_id', '=', bsId)
        .where('sensor_id', 'in', part)
        .execute())
        out.add(r.sensor_id);
    return out;
  }

  /** Probes' stored corrections (JSON), by probe. */
  async corrections(sensorIds: readonly string[]): Promise<Map<string, string | null>> {
    const out = new Map<string, string | null>();
    for (const part of slices([...new Set(sensorIds)]))
      for (const r of await this.db
        .selectFrom('probes')
        .select(['sensor_id', 'corrections'])
        .where('sensor_id', 'in', part)
        .execute())
        out.set(r.sensor_id, r.corrections);
    return out;
  }

  async station(bsId: string): Promise<{ name: string | null; timezone: string | null } | undefined> {
    const r = await this.db
      .selectFrom('base_stations')
      .select(['display_name', 'timezone'])
      .where('id', '=', bsId)
      .executeTakeFirst();
    return r ? { name: r.display_name, timezone: r.timezone } : undefined;
  }

  async latest(sensorIds: readonly string[]): Promise<LatestRow[]> {
    const out: LatestRow[] = [];
    for (const part of slices([...new Set(sensorIds)]))
      out.push(
        ...(await this.db
          .selectFrom('probe_latest')
          .select(['sensor_id', 'meas_ts', 'temps'])
          .where('sensor_id', 'in', part)
          .execute()),
      );
    return out;
  }
}
