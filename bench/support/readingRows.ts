import type { Engine } from '../../apps/server/src/db/engine.js';

/**
 * Raw reading rows as a bench writes them straight into `readings`: on SQLite the table is keyed by
 * the reading's hour first (migration 0036), which the row must carry; PostgreSQL has no such column.
 */
export function readingRowsFor<R extends { meas_ts: number }>(engine: Engine, rows: readonly R[]): R[] {
  return engine === 'sqlite' ? rows.map((r) => ({ ...r, hour: Math.floor(r.meas_ts / 3_600) })) : [...rows];
}
