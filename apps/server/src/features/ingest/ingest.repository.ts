import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Engine } from '../../db/engine.js';
import type {
  BsPacketsTable,
  Database,
  ProbeDailyTable,
  ProbesTable,
  ReadingsTable,
} from '../../db/schema.js';

export type ReadingInsert = Selectable<ReadingsTable>;
export type DailyRow = Selectable<ProbeDailyTable>;
export type ProbeDiscovery = Pick<ProbesTable, 'sensor_id' | 'bs_id' | 'kind' | 'depths' | 'created_ts'>;

export interface StationUpdate {
  bs_id: string;
  last_data_ts?: number;
  last_boot_ts?: number;
  last_conf_ts?: number;
  firmware?: string;
  version?: string;
  bs_type?: number;
}

export type PacketLogRow = Omit<Selectable<BsPacketsTable>, 'id'>;

// Rows per statement: 100 rows × 10 columns stays far below both engines' parameter limits, and a
// fixed size makes the statements of the ingest path repeat (the SQLite statement cache keys on SQL).
const CHUNK = 100;
/** First key of the stations' two-key advisory locks (an arbitrary constant naming the use). */
const STATION_LOCK_SPACE = 7_310;

function chunks<T>(list: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/** The only SQL of the ingest path. Every method runs inside the caller's transaction. */
export class IngestRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly engine: Engine,
  ) {}

  /**
   * PostgreSQL with several server instances: two commits that touch the same probe run one after
   * the other, taking their locks in one sorted order, so batches that share probes neither deadlock
   * (their row locks would otherwise be taken in arrival order) nor fold the daily roll-up from a
   * stale read. SQLite has one writer already.
   */
  async lockProbes(trx: Transaction<Database>, sensorIds: string[]): Promise<void> {
    if (this.engine !== 'postgres' || sensorIds.length === 0) return;
    await sql`select pg_advisory_xact_lock(h) from (select distinct hashtext(s) as h from unnest(${sensorIds}::text[]) as s order by h) as locks`.execute(
      trx,
    );
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

  /** Inserts readings not stored yet and returns exactly those (a duplicate returns nothing). */
  async insertReadings(
    trx: Transaction<Database>,
    rows: ReadingInsert[],
  ): Promise<{ sensor_id: string; meas_ts: number }[]> {
    const inserted: { sensor_id: string; meas_ts: number }[] = [];
    for (const part of chunks(rows)) {
      const res = await trx
        .insertInto('readings')
        .values(part)
        .onConflict((oc) => oc.columns(['sensor_id', 'meas_ts']).doNothing())
        .returning(['sensor_id', 'meas_ts'])
        .execute();
      inserted.push(...res);
    }
    return inserted;
  }

  /** probe_latest only moves forward in time, so late readings never overwrite newer ones. */
  async upsertLatest(trx: Transaction<Database>, rows: Omit<ReadingInsert, 'received_ts'>[]): Promise<void> {
    for (const part of chunks(rows)) {
      await trx
        .insertInto('probe_latest')
        .values(part)
        .onConflict((oc) =>
          oc
            .column('sensor_id')
            .doUpdateSet((eb) => ({
              bs_id: eb.ref('excluded.bs_id'),
              meas_ts: eb.ref('excluded.meas_ts'),
              temperature: eb.ref('excluded.temperature'),
              temps: eb.ref('excluded.temps'),
              sensor_rssi: eb.ref('excluded.sensor_rssi'),
              bs_rssi: eb.ref('excluded.bs_rssi'),
              batt: eb.ref('excluded.batt'),
            }))
            .where('excluded.meas_ts', '>', (eb) => eb.ref('probe_latest.meas_ts')),
        )
        .execute();
    }
  }

  async findDaily(
    trx: Transaction<Database>,
    keys: { sensor_id: string; day: number }[],
  ): Promise<DailyRow[]> {
    const out: DailyRow[] = [];
    for (const part of chunks(keys, 400)) {
      const rows = await trx
        .selectFrom('probe_daily')
        .selectAll()
        .where((eb) =>
          eb(
            eb.refTuple('sensor_id', 'day'),
            'in',
            part.map((k) => eb.tuple(k.sensor_id, k.day)),
          ),
        )
        .execute();
      out.push(...rows);
    }
    return out;
  }

  async upsertDaily(trx: Transaction<Database>, rows: DailyRow[]): Promise<void> {
    for (const part of chunks(rows)) {
      await trx
        .insertInto('probe_daily')
        .values(part)
        .onConflict((oc) =>
          oc.columns(['sensor_id', 'day']).doUpdateSet((eb) => ({
            n: eb.ref('excluded.n'),
            max_temp: eb.ref('excluded.max_temp'),
            min_temp: eb.ref('excluded.min_temp'),
            max_temps: eb.ref('excluded.max_temps'),
            min_temps: eb.ref('excluded.min_temps'),
            min_batt: eb.ref('excluded.min_batt'),
            max_batt: eb.ref('excluded.max_batt'),
          })),
        )
        .execute();
    }
  }

  /** Times only move forward: a delayed packet must not make a station look older than it is. */
  async updateStation(trx: Transaction<Database>, u: StationUpdate): Promise<void> {
    const greatest = (col: 'last_data_ts' | 'last_boot_ts' | 'last_conf_ts', v: number) =>
      sql<number>`case when ${sql.ref(col)} is null or ${sql.ref(col)} < ${v} then ${v} else ${sql.ref(col)} end`;
    const set: Record<string, unknown> = {};
    if (u.last_data_ts !== undefined) set.last_data_ts = greatest('last_data_ts', u.last_data_ts);
    if (u.last_boot_ts !== undefined) set.last_boot_ts = greatest('last_boot_ts', u.last_boot_ts);
    if (u.last_conf_ts !== undefined) set.last_conf_ts = greatest('last_conf_ts', u.last_conf_ts);
    if (u.firmware !== undefined) set.firmware = u.firmware;
    if (u.version !== undefined) set.version = u.version;
    if (u.bs_type !== undefined) set.bs_type = u.bs_type;
    if (Object.keys(set).length === 0) return;
    await trx.updateTable('base_stations').set(set).where('id', '=', u.bs_id).execute();
  }

  async logPackets(trx: Transaction<Database>, rows: PacketLogRow[]): Promise<void> {
    for (const part of chunks(rows)) await trx.insertInto('bs_packets').values(part).execute();
  }
}
