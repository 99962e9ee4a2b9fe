import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Engine } from '../../db/engine.js';
import { valueIn } from '../../db/valueIn.js';

export const HOUR_S = 3_600;
/** The last hour PostgreSQL's integer `hour` holds (the year 246,953). */
const MAX_HOUR = 2 ** 31 - 1;

/** The `hour` key part of a reading measured at `ts` (SQLite's migration 0036, PostgreSQL's 0076). */
export function hourOf(ts: number): number {
  return Math.floor(ts / HOUR_S);
}

/**
 * The hours of [from, to] (epoch seconds, both included) that hold raw readings, for a query of the
 * `readings` table to name: the table is keyed by hour first (decisions 0060 and 0156), and a query
 * that names its hours reads each probe's rows by one seek per hour instead of every probe's rows of
 * the range. Found by walking the key from hour to hour (one seek each), so a range of a year costs
 * only the hours that still hold rows — the last few days once packing has run.
 */
export async function readingHours(
  db: Kysely<Database>,
  engine: Engine,
  from: number,
  to: number,
): Promise<number[]> {
  if (to < from) return [];
  const { rows } = await sql<{ hour: number }>`${readingHoursQuery(engine, from, to)}`.execute(db);
  return rows.map((r) => Number(r.hour));
}

/**
 * `hour` is one of `hours`, as one parameter whatever their count: a long history has more hours than
 * a statement has parameters (`valueIn`). Each hour is one seek of the key.
 */
export function hourIn(engine: Engine, hours: readonly number[]): RawBuilder<SqlBool> {
  return valueIn(engine, 'hour', hours, 'int');
}

/**
 * `readingHours`' statement (from ≤ to). Not named inside another query of `readings`
 * (`hour in (<this>)`): there SQLite spent about 0.2 ms on it even when it found no hour, against a
 * few µs on its own (decision 0143). On PostgreSQL each step also bounds the time, so that only the
 * month partitions of the range are walked (every partition has its own key to seek).
 */
function readingHoursQuery(engine: Engine, from: number, to: number): RawBuilder<{ hour: number }> {
  // Within PostgreSQL's integer (the column's type there): a range "to the end" names no hour past it.
  const lo = Math.max(0, Math.min(MAX_HOUR, hourOf(from)));
  const hi = Math.max(0, Math.min(MAX_HOUR, hourOf(to)));
  const months =
    engine === 'postgres' ? sql` and meas_ts >= ${lo * HOUR_S} and meas_ts < ${(hi + 1) * HOUR_S}` : sql``;
  return sql<{ hour: number }>`
    with recursive present(hour) as (
      select (select min(hour) from readings where hour >= ${lo}${months})
      union all
      select (select min(hour) from readings where hour > present.hour${months})
      from present where present.hour < ${hi}
    )
    select hour from present where hour is not null and hour <= ${hi}`;
}
