import { sql, type ExpressionBuilder, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Engine } from '../../db/engine.js';
import { ALL_PROBES_LOCK_SPACE, DAY_LOCK_SPACE } from '../../db/probeLocks.js';
import { packDay, unpackDay, type PackedReading } from './packedDay.js';
import { HOUR_S, hourIn, readingHours } from './readingHours.js';
import { packingStepLength } from './packingStep.js';
import { READING_VALUE_COLUMNS } from './readingHistory.js';

const DAY_S = 86_400;
const dayOf = (ts: number): number => ts - (((ts % DAY_S) + DAY_S) % DAY_S);

/** Days packed in one transaction at most: a probe's long history moves in short steps. */
const DAYS_PER_TRANSACTION = 32;
/** Progress goes to the log every this many days. */
const LOG_EVERY_DAYS = 2_000;

export interface PackingProgress {
  days: number;
  readings: number;
}

export interface PackerLog {
  info(obj: object, msg: string): void;
}

/**
 * Moves each probe's complete days from `readings` into `readings_packed`, one row a day
 * (decision 0054). A day is packed once it ended `packAfterDays` days ago; a late reading of a packed
 * day waits in `readings` and is merged into the day's row by the next run.
 *
 * A probe's raw days are listed once per run, then packed up to 32 at a time (spanning at most 32 days,
 * packingStepLength, decision 0149), each step one transaction of four statements whatever its days
 * (decision 0142; five on PostgreSQL, with the locks): read the step's raw rows, read its days' packed
 * rows, write the packed rows, delete the raw rows that were read.
 *
 * Resumable by construction: a step's days move in one transaction (their rows written, their raw rows
 * deleted), so after a crash a day is either still raw or packed, and the next run starts from
 * whatever raw days are left. On PostgreSQL a probe's days are packed under the same advisory lock
 * ingest takes for the probe (and the all-probes lock shared, which a large ingest commit holds
 * exclusive instead), and under each day's lock exclusive, which an ingest commit whose probes are
 * settled holds shared instead (decision 0149), so a commit of new readings for that probe and the
 * packing of its days never interleave, on any instance.
 */
export class ReadingPacker {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly engine: Engine,
    private readonly nowS: () => number,
    private readonly packAfterDays: number,
    private readonly log: PackerLog,
  ) {}

  /** Packs every raw day old enough (at most `maxDays` this run); what it packed. */
  async run(maxDays = Number.POSITIVE_INFINITY): Promise<PackingProgress> {
    const cutoff = dayOf(this.nowS()) - this.packAfterDays * DAY_S;
    const done: PackingProgress = { days: 0, readings: 0 };
    let logged = 0;
    // PostgreSQL: every probe's raw days at once. SQLite: the hours before the cutoff that hold rows,
    // for a seek per probe and hour. Either way, none: nothing to pack, no probe is asked.
    const daysOf = this.engine === 'postgres' ? await this.rawDaysByProbe(cutoff) : undefined;
    const hours = daysOf ? [] : await readingHours(this.db, this.engine, 0, cutoff - 1);
    if (daysOf ? daysOf.size === 0 : hours.length === 0) return done;
    const probes = await this.db
      .selectFrom('probe_latest')
      .select('sensor_id')
      .orderBy('sensor_id')
      .execute();
    for (const { sensor_id: sensorId } of probes) {
      if (done.days >= maxDays) break;
      const days = daysOf ? (daysOf.get(sensorId) ?? []) : await this.rawDays(sensorId, cutoff, hours);
      for (let i = 0; i < days.length && done.days < maxDays;) {
        const step = days.slice(
          i,
          i + packingStepLength(days, i, Math.min(DAYS_PER_TRANSACTION, maxDays - done.days)),
        );
        i += step.length;
        const packed = await this.db.transaction().execute((trx) => this.packDays(trx, sensorId, step));
        done.days += packed.days;
        done.readings += packed.readings;
        if (done.days - logged >= LOG_EVERY_DAYS) {
          logged = done.days;
          this.log.info({ ...done, sensorId }, 'packing readings');
        }
      }
    }
    if (done.days > 0) this.log.info(done, 'packed readings');
    return done;
  }

  /**
   * PostgreSQL: every probe's days before `cutoff` that hold raw rows, oldest first, from one pass over
   * the key's hours before the cutoff — the rows this run packs. A seek per probe and hour, as on
   * SQLite, cost its backend three times the CPU of the packing itself (decision 0156).
   */
  private async rawDaysByProbe(cutoff: number): Promise<Map<string, number[]>> {
    const { rows } = await sql<{ sensor_id: string; day: number }>`
      select sensor_id, hour / 24 as day from readings where hour < ${Math.floor(cutoff / HOUR_S)}
      group by 1, 2 order by 1, 2`.execute(this.db);
    const out = new Map<string, number[]>();
    for (const r of rows) {
      let days = out.get(r.sensor_id);
      if (!days) out.set(r.sensor_id, (days = []));
      days.push(Number(r.day) * DAY_S);
    }
    return out;
  }

  /**
   * SQLite: the probe's days before `cutoff` that hold raw rows, oldest first: one seek per hour that
   * held rows when the run began (`hours`, one parameter: a long history has more hours than a statement
   * has parameters).
   */
  private async rawDays(sensorId: string, cutoff: number, hours: readonly number[]): Promise<number[]> {
    const { rows } = await sql<{ hour: number }>`
      select distinct hour from readings
      where ${hourIn(this.engine, hours)} and sensor_id = ${sensorId} and meas_ts < ${cutoff}`.execute(
      this.db,
    );
    const days = new Set(rows.map((r) => Math.floor(Number(r.hour) / 24) * DAY_S));
    return [...days].sort((a, b) => a - b);
  }

  /**
   * Packs the probe's raw rows of `days` (ascending) into their packed rows, merging any packed row a
   * day already has, and deletes the raw rows read: one step, in the caller's transaction. A day whose
   * raw rows are gone by now (another instance packed it) is not counted.
   */
  private async packDays(
    trx: Transaction<Database>,
    sensorId: string,
    days: readonly number[],
  ): Promise<PackingProgress> {
    const from = days[0] as number;
    const to = (days.at(-1) as number) + DAY_S;
    // The all-probes lock shared first: an ingest commit of many probes holds it exclusive instead of
    // each probe's lock (decision 0148). Then every day of the span the step reads and deletes,
    // exclusive and ascending: an ingest commit whose probes are settled holds its old readings' days
    // shared instead of its probes' locks (decision 0149). In one statement, one round trip.
    if (this.engine === 'postgres')
      await sql`with every_probe as materialized (
          select pg_advisory_xact_lock_shared(${sql.lit(ALL_PROBES_LOCK_SPACE)}, 0)),
        probe as materialized (select pg_advisory_xact_lock(hashtext(${sensorId})) from every_probe)
        select count(*) from (
          select pg_advisory_xact_lock(${sql.lit(DAY_LOCK_SPACE)}, d)
          from probe, generate_series(${from / DAY_S}::int, ${to / DAY_S - 1}::int) as d) as days`.execute(
        trx,
      );
    // The same rows are read and then deleted: the probe's in [from, to) — on SQLite only in the days'
    // own hours (a seek each), on PostgreSQL in every hour of the span, where a row that arrived since
    // the days were listed is packed with the others (ingest waits for the probe's lock or the day's).
    // PostgreSQL deletes them as it reads them (one seek per hour, not two; the transaction puts them
    // back if the step fails) — unless a journal row of keys may name one of them: a merge from the
    // journal (a crashed instance's rows) reads the values of the readings it names from `readings`, so
    // such a step deletes nothing and its days stay raw until a later run (decision 0157). Every commit
    // that wrote into these days has committed by now (the day's or the probe's lock), so this statement
    // sees its row; the next commits wait for the locks. Rows of live readings are newer than anything
    // packed (`oldest_ts`); one written before migration 0077 has none and counts as old.
    const hours =
      this.engine === 'sqlite' ? days.flatMap((day) => hoursOfSpan(day, day + DAY_S)) : hoursOfSpan(from, to);
    const stepRows = (eb: ExpressionBuilder<Database, 'readings'>) =>
      eb.and([
        eb('hour', 'in', hours),
        eb('sensor_id', '=', sensorId),
        eb('meas_ts', '>=', from),
        eb('meas_ts', '<', to),
      ]);
    const raw =
      this.engine === 'postgres'
        ? await trx
            .deleteFrom('readings')
            .where(stepRows)
            .where(
              sql<boolean>`not exists (select from ingest_rollup_journal j where j.bs_ids is null
                and (j.oldest_ts is null or j.oldest_ts < ${to}) and j.sensor_ids::text[] @> array[${sensorId}]::text[])`,
            )
            .returning(READING_VALUE_COLUMNS)
            .execute()
        : await trx.selectFrom('readings').select(READING_VALUE_COLUMNS).where(stepRows).execute();
    if (raw.length === 0) return { days: 0, readings: 0 };
    const byDay = new Map<number, Map<number, PackedReading>>();
    for (const r of raw) {
      const ts = Number(r.meas_ts);
      const day = dayOf(ts);
      let readings = byDay.get(day);
      if (!readings) byDay.set(day, (readings = new Map<number, PackedReading>()));
      readings.set(ts, { ...r, meas_ts: ts, received_ts: Number(r.received_ts) });
    }
    const existing = await trx
      .selectFrom('readings_packed')
      .select(['day', 'data'])
      .where('sensor_id', '=', sensorId)
      .where('day', 'in', [...byDay.keys()])
      .execute();
    // A time already packed keeps its packed reading: the first stored wins, as ingest decides.
    for (const e of existing) {
      const readings = byDay.get(Number(e.day));
      if (readings) for (const r of unpackDay(e.data)) readings.set(r.meas_ts, r);
    }
    const rows = [...byDay].map(([day, readings]) => {
      const all = [...readings.values()];
      return { sensor_id: sensorId, day, n: all.length, data: packDay(all) };
    });
    await trx
      .insertInto('readings_packed')
      .values(rows)
      .onConflict((oc) =>
        oc.columns(['sensor_id', 'day']).doUpdateSet((eb) => ({
          n: eb.ref('excluded.n'),
          data: eb.ref('excluded.data'),
        })),
      )
      .execute();
    if (this.engine === 'sqlite') await trx.deleteFrom('readings').where(stepRows).execute();
    return { days: rows.length, readings: raw.length };
  }
}

/** Every hour of [from, to) (whole days), as the readings key names them (migrations 0036, 0076). */
function hoursOfSpan(from: number, to: number): number[] {
  const first = Math.floor(from / HOUR_S);
  return Array.from({ length: Math.ceil(to / HOUR_S) - first }, (_, i) => first + i);
}
