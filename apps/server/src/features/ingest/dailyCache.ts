import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { DailyRow, IngestRepository } from './ingest.repository.js';

const MAX_ENTRIES = 100_000;

/**
 * The current day's roll-up rows of recently active probes, so that folding new readings in needs no
 * read. Only for the embedded SQLite store, which has exactly one writer (this process); with
 * PostgreSQL several instances may write, so rows are always read inside the transaction.
 * Filled only after a commit, so the cache never runs ahead of the store.
 */
export class DailyCache {
  private readonly rows = new Map<string, DailyRow>();

  constructor(private readonly enabled: boolean) {}

  async load(
    trx: Transaction<Database>,
    repo: IngestRepository,
    keys: { sensor_id: string; day: number }[],
  ): Promise<DailyRow[]> {
    if (!this.enabled) return repo.findDaily(trx, keys);
    const hits: DailyRow[] = [];
    const misses: { sensor_id: string; day: number }[] = [];
    for (const k of keys) {
      const row = this.rows.get(`${k.sensor_id}|${k.day}`);
      if (row) hits.push({ ...row });
      else misses.push(k);
    }
    return misses.length > 0 ? [...hits, ...(await repo.findDaily(trx, misses))] : hits;
  }

  remember(rows: DailyRow[]): void {
    if (!this.enabled) return;
    if (this.rows.size + rows.length > MAX_ENTRIES) this.rows.clear();
    for (const r of rows) {
      const key = `${r.sensor_id}|${r.day}`;
      this.rows.delete(key);
      this.rows.set(key, r);
    }
  }
}
