import { sql, type Kysely } from 'kysely';
import type { Engine } from '../engine.js';

/** The most depths a reading carries (MAX_DEPTHS of the ingest contract). */
const DEPTHS = 8;

const depthColumns = (side: 'max' | 'min') => Array.from({ length: DEPTHS }, (_, i) => `${side}_d${i + 1}`);

/** `[d1,d2,…]` from the depth columns: a depth a probe lacks is null and left out, as the fold leaves it. */
const asJson = (side: 'max' | 'min') => {
  const [first, ...rest] = depthColumns(side);
  return `'[' || ${first}::text || ${rest.map((c) => `coalesce(',' || ${c}::text, '')`).join(' || ')} || ']'`;
};

/**
 * PostgreSQL's daily roll-ups keep each depth's maximum and minimum in a column of its own
 * (max_d1…max_d8, min_d1…min_d8), and `max_temps` / `min_temps` become columns PostgreSQL generates
 * from them (the same JSON text as before, so every reader is unchanged). Ingest merges a commit into
 * the stored day with greatest/least per column, where the JSON arrays needed two subqueries per row
 * that parsed, paired and re-serialised them — about half of PostgreSQL's CPU per reading in the
 * ingest benchmark (decision 0061).
 *
 * SQLite is unchanged: its writer folds the day in memory and writes the JSON itself.
 */
export function postgresDailyDepthsMigration(engine: Engine) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      if (engine !== 'postgres') return;
      const all = [...depthColumns('max'), ...depthColumns('min')];
      await sql
        .raw(`alter table probe_daily ${all.map((c) => `add column ${c} integer`).join(', ')}`)
        .execute(db);
      await sql
        .raw(
          `update probe_daily set ${all
            .map((c) => {
              const [side, d] = c.split('_d') as [string, string];
              return `${c} = (${side}_temps::json ->> ${Number(d) - 1})::integer`;
            })
            .join(', ')}`,
        )
        .execute(db);
      await sql
        .raw(
          `alter table probe_daily drop column max_temps, drop column min_temps,
            alter column max_d1 set not null, alter column min_d1 set not null,
            add column max_temps text not null generated always as (${asJson('max')}) stored,
            add column min_temps text not null generated always as (${asJson('min')}) stored`,
        )
        .execute(db);
      // Room on every page for the next version of its rows: ingest rewrites each probe's latest row
      // and its day's row in nearly every commit, and an update that fits on the row's page (HOT)
      // writes no index entry and is pruned without a vacuum. Applies to pages written from now on.
      await sql`alter table probe_latest set (fillfactor = 50)`.execute(db);
      await sql`alter table probe_daily set (fillfactor = 50)`.execute(db);
    },
  };
}
