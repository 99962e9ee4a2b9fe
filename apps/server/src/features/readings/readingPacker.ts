import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Engine } from '../../db/engine.js';
import { packDay, unpackDay, type PackedReading } from './packedDay.js';
import { HOUR_S, readingHours } from './readingHours.js';

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
 * Resumable by construction: a day moves in one transaction (its row written, its raw rows deleted),
 * so after a crash a day is either still raw or packed, and the next run starts from whatever raw days
 * are left. On PostgreSQL a probe's days are packed under the same advisory lock ingest takes for the
 * probe, so a commit of new readings for that probe and the packing of its day never interleave, on
 * any instance.
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
    // SQLite: the hours before the cutoff that hold rows (none: nothing to pack, no probe is asked).
    const hours = await readingHours(this.db, this.engine, 0, cutoff - 1);
    if (hours !== null && hours.length === 0) return done;
    const probes = await this.db
      .selectFrom('probe_latest')
      .select('sensor_id')
      .orderBy('sensor_id')
      .execute();
    for (const { sensor_id: sensorId } of probes) {
      while (done.days < maxDays) {
        const step = await this.db
          .transaction()
          .execute((trx) =>
            this.packOldest(
              trx,
              sensorId,
              cutoff,
              hours,
              Math.min(DAYS_PER_TRANSACTION, maxDays - done.days),
            ),
          );
        if (step.days === 0) break;
        done.days += step.days;
        done.readings += step.readings;
        if (done.days - logged >= LOG_EVERY_DAYS) {
          logged = done.days;
          this.log.info({ ...done, sensorId }, 'packing readings');
        }
      }
    }
    if (done.days > 0) this.log.info(done, 'packed readings');
    return done;
  }

  /** Packs up to `limit` of the probe's oldest raw days before `cutoff`, in the caller's transaction. */
  private async packOldest(
    trx: Transaction<Database>,
    sensorId: string,
    cutoff: number,
    /** SQLite: the hours before the cutoff that held rows when the run began (null: PostgreSQL). */
    hours: number[] | null,
    limit: number,
  ): Promise<PackingProgress> {
    if (this.engine === 'postgres')
      await sql`select pg_advisory_xact_lock(hashtext(${sensorId}))`.execute(trx);
    const done: PackingProgress = { days: 0, readings: 0 };
    while (done.days < limit) {
      const first = await trx
        .selectFrom('readings')
        .select('meas_ts')
        .$if(hours !== null, (q) => q.where('hour', 'in', hours as number[]))
        .where('sensor_id', '=', sensorId)
        .where('meas_ts', '<', cutoff)
        .orderBy('meas_ts')
        .limit(1)
        .executeTakeFirst();
      if (!first) break;
      const day = dayOf(Number(first.meas_ts));
      done.readings += await this.packDayOf(trx, sensorId, day);
      done.days += 1;
    }
    return done;
  }

  /** Merges the day's raw rows into its packed row and deletes them; how many readings were raw. */
  private async packDayOf(trx: Transaction<Database>, sensorId: string, day: number): Promise<number> {
    const raw = await trx
      .selectFrom('readings')
      .select(['meas_ts', 'bs_id', 'received_ts', 'temperature', 'temps', 'sensor_rssi', 'bs_rssi', 'batt'])
      .$if(this.engine === 'sqlite', (q) => q.where('hour', 'in', hoursOfDay(day)))
      .where('sensor_id', '=', sensorId)
      .where('meas_ts', '>=', day)
      .where('meas_ts', '<', day + DAY_S)
      .execute();
    const existing = await trx
      .selectFrom('readings_packed')
      .select('data')
      .where('sensor_id', '=', sensorId)
      .where('day', '=', day)
      .executeTakeFirst();
    // A time already packed keeps its packed reading: the first stored wins, as ingest decides.
    const byTime = new Map<number, PackedReading>();
    for (const r of raw)
      byTime.set(Number(r.meas_ts), { ...r, meas_ts: Number(r.meas_ts), received_ts: Number(r.received_ts) });
    if (existing) for (const r of unpackDay(existing.data)) byTime.set(r.meas_ts, r);
    const all = [...byTime.values()];
    const data = packDay(all);
    await trx
      .insertInto('readings_packed')
      .values({ sensor_id: sensorId, day, n: all.length, data })
      .onConflict((oc) => oc.columns(['sensor_id', 'day']).doUpdateSet({ n: all.length, data }))
      .execute();
    await trx
      .deleteFrom('readings')
      .$if(this.engine === 'sqlite', (q) => q.where('hour', 'in', hoursOfDay(day)))
      .where('sensor_id', '=', sensorId)
      .where('meas_ts', '>=', day)
      .where('meas_ts', '<', day + DAY_S)
      .execute();
    return raw.length;
  }
}

/** The 24 hours of a UTC day, as SQLite's readings key names them (migration 0036). */
function hoursOfDay(day: number): number[] {
  const first = Math.floor(day / HOUR_S);
  return Array.from({ length: 24 }, (_, i) => first + i);
}
