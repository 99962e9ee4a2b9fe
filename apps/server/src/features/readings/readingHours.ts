import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Engine } from '../../db/engine.js';

export const HOUR_S = 3_600;

/** The `hour` key part of a reading measured at `ts` (SQLite, migration 0036). */
export function hourOf(ts: number): number {
  return Math.floor(ts / HOUR_S);
}

/**
 * The hours of [from, to] (epoch seconds, both included) that hold raw readings, for a query of the
 * `readings` table to name: on SQLite the table is keyed by hour first (decision 0060), and a query
 * that names its hours reads each probe's rows by one seek per hour instead of every probe's rows of
 * the range. Found by walking the key from hour to hour (one seek each), so a range of a year costs
 * only the hours that still hold rows — the last few days once packing has run.
 *
 * null on PostgreSQL: its table is keyed by probe and time, and a query needs no hours.
 */
export async function readingHours(
  db: Kysely<Database>,
  engine: Engine,
  from: number,
  to: number,
): Promise<number[] | null> {
  if (engine !== 'sqlite') return null;
  if (to < from) return [];
  const { rows } = await sql<{ hour: number }>`${readingHoursQuery(from, to)}`.execute(db);
  return rows.map((r) => Number(r.hour));
}

/**
 * `readingHours`' statement (SQLite only, from ≤ to). Not named inside another query of `readings`
 * (`hour in (<this>)`): there SQLite spent about 0.2 ms on it even when it found no hour, against a
 * few µs on its own (decision 0143).
 */
function readingHoursQuery(from: number, to: number): RawBuilder<{ hour: number }> {
  const lo = hourOf(from);
  const hi = hourOf(to);
  return sql<{ hour: number }>`
    with recursive present(hour) as (
      select (select min(hour) from readings where hour >= ${lo})
      union all
      select (select min(hour) from readings where hour > present.hour)
      from present where present.hour < ${hi}
    )
    select hour from present where hour is not null and hour <= ${hi}`;
}
