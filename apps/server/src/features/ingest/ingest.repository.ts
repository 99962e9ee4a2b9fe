import { CompiledQuery, sql, type Kysely, type Transaction } from 'kysely';
import type { Engine } from '../../db/engine.js';
import { namedStatement } from '../../db/postgresClient.js';
import { ALL_PROBES_LOCK_SPACE, DAY_LOCK_SPACE } from '../../db/probeLocks.js';
import type { Database, ProbesTable } from '../../db/schema.js';
import { intArray, textArray } from './postgresArrays.js';

export type ProbeDiscovery = Pick<ProbesTable, 'sensor_id' | 'bs_id' | 'kind' | 'depths' | 'created_ts'>;

// Rows per statement: 100 rows × 10 columns stays far below both engines' parameter limits, and a
// fixed size makes the statements of the ingest path repeat (the SQLite statement cache keys on SQL).
const CHUNK = 100;
/** First key of the stations' two-key advisory locks (an arbitrary constant naming the use). */
const STATION_LOCK_SPACE = 7_310;
/**
 * A commit naming more probes than this locks all probes at once instead of each one. PostgreSQL's
 * shared lock table holds about max_locks_per_transaction × max_connections locks (6,400 by default)
 * for every session together; one commit of 64 large packets names up to 64,000 probes and would fail
 * with "out of shared memory" on every retry.
 */
export const MAX_PROBE_LOCKS = 512;

function chunks<T>(list: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/**
 * The all-probes lock shared, then each probe's lock in sorted order ($1: the probes). The probes' locks
 * are taken while rows of the join are projected, so only after the shared lock; one row comes back,
 * not one per probe (parsing those was a few per cent of the server's CPU).
 */
const PROBE_LOCKS = namedStatement(`
  with every_probe as materialized (select pg_advisory_xact_lock_shared(${ALL_PROBES_LOCK_SPACE}, 0))
  select count(*)::int as n from (
    select pg_advisory_xact_lock(h) from every_probe,
      (select distinct hashtext(s) as h from unnest($1::text[]) as s order by h) as locks) as locked`);

/**
 * The days' locks shared, in the order given ($1: day numbers, ascending), one row back. Shared locks
 * never wait for each other: only for the packing job, which takes a day's lock exclusive.
 */
const DAY_LOCKS = namedStatement(`
  select count(*)::int as n from (
    select pg_advisory_xact_lock_shared(${DAY_LOCK_SPACE}, d) from unnest($1::int[]) as d) as locked`);

/**
 * The ingest path's SQL off the hot path (probe and station lookups, discovery, locks), in Kysely; the
 * statements every reading runs are the store's IngestWriter. Every method runs inside the caller's
 * transaction.
 */
export class IngestRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly engine: Engine,
    /** Tests lower it to reach the all-probes lock with a few probes. */
    private readonly maxProbeLocks = MAX_PROBE_LOCKS,
  ) {}

  /**
   * PostgreSQL with several server instances: two commits that touch the same probe run one after
   * the other, so batches that share probes never lock rows crosswise (the order in which a plan
   * updates rows is its own) and a probe's discovery is decided once. A commit first takes the
   * all-probes lock — shared, or exclusive when it names more than `maxProbeLocks` probes — and then,
   * when shared, one lock per probe in sorted order: small commits of different probes run side by
   * side, a large one runs alone and holds one lock instead of thousands. SQLite has one writer already.
   */
  async lockProbes(trx: Transaction<Database>, sensorIds: ReadonlySet<string>): Promise<void> {
    if (this.engine !== 'postgres' || sensorIds.size === 0) return;
    if (sensorIds.size > this.maxProbeLocks) {
      await sql`select pg_advisory_xact_lock(${ALL_PROBES_LOCK_SPACE}::int, 0)`.execute(trx);
      return;
    }
    await trx.executeQuery(CompiledQuery.raw(PROBE_LOCKS, [textArray([...sensorIds])]));
  }

  /**
   * PostgreSQL: a commit whose probes the directory settles, with readings old enough to be packed,
   * waits while the packing job packs one of those days and keeps the job from packing them until it
   * commits (decision 0149): the days' locks shared (`days`: day numbers, ascending), a few instead of
   * one per probe. SQLite has one writer already.
   */
  async lockDays(trx: Transaction<Database>, days: readonly number[]): Promise<void> {
    if (this.engine !== 'postgres' || days.length === 0) return;
    await trx.executeQuery(CompiledQuery.raw(DAY_LOCKS, [intArray(days)]));
  }

  transaction<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }

  /**
   * PostgreSQL: commits that add probes to the same station run one after the other, so two
   * instances cannot both find room under the station's probe limit. Taken after the probe locks, in
   * sorted order, and in the two-key lock space, which never meets the probes' one-key locks.
   */
  async lockStations(trx: Transaction<Database>, bsIds: string[]): Promise<void> {
    if (this.engine !== 'postgres' || bsIds.length === 0) return;
    await sql`select pg_advisory_xact_lock(${STATION_LOCK_SPACE}::int, h) from (select distinct hashtext(s) as h from unnest(${bsIds}::text[]) as s order by h) as locks`.execute(
      trx,
    );
  }

  /** Each probe's station, the radio that last heard it and the account that owns it. */
  async findProbes(
    trx: Transaction<Database>,
    sensorIds: string[],
  ): Promise<{ sensor_id: string; bs_id: string; real_bs: string | null; owner_user_id: number }[]> {
    const out: { sensor_id: string; bs_id: string; real_bs: string | null; owner_user_id: number }[] = [];
    for (const part of chunks(sensorIds)) {
      out.push(
        ...(await trx
          .selectFrom('probes')
          .innerJoin('base_stations', 'base_stations.id', 'probes.bs_id')
          .select(['probes.sensor_id', 'probes.bs_id', 'probes.real_bs', 'base_stations.owner_user_id'])
          .where('probes.sensor_id', 'in', part)
          .execute()),
      );
    }
    return out;
  }

  /** The account that owns each station. */
  async findStationAccounts(trx: Transaction<Database>, bsIds: string[]): Promise<Map<string, number>> {
    const out = new Map<string, number>();
    for (const part of chunks(bsIds)) {
      const rows = await trx
        .selectFrom('base_stations')
        .select(['id', 'owner_user_id'])
        .where('id', 'in', part)
        .execute();
      for (const r of rows) out.set(r.id, r.owner_user_id);
    }
    return out;
  }

  /** How many probes each station holds (for the per-station limit on discovered probes). */
  async countProbes(trx: Transaction<Database>, bsIds: string[]): Promise<Map<string, number>> {
    const out = new Map<string, number>();
    for (const part of chunks(bsIds)) {
      const rows = await trx
        .selectFrom('probes')
        .select((eb) => ['bs_id', eb.fn.countAll<number | string>().as('n')])
        .where('bs_id', 'in', part)
        .groupBy('bs_id')
        .execute();
      for (const r of rows) out.set(r.bs_id, Number(r.n));
    }
    return out;
  }

  /** A probe never seen before joins the configuration of the station that heard it. */
  async insertProbes(trx: Transaction<Database>, probes: ProbeDiscovery[]): Promise<void> {
    for (const part of chunks(probes)) {
      await trx
        .insertInto('probes')
        .values(part.map((p) => ({ ...p, disabled: 0, real_bs: p.bs_id })))
        .onConflict((oc) => oc.column('sensor_id').doNothing())
        .execute();
    }
  }

  /** Records which station's radio last heard these probes. */
  async setRealBs(trx: Transaction<Database>, bsId: string, sensorIds: string[]): Promise<void> {
    for (const part of chunks(sensorIds)) {
      await trx.updateTable('probes').set({ real_bs: bsId }).where('sensor_id', 'in', part).execute();
    }
  }
}
