import type { DailyRow, ReadingInsert } from './ingest.repository.js';

export const DAY_S = 86_400;

export function dayOf(ts: number): number {
  return Math.floor(ts / DAY_S) * DAY_S;
}

function mergeDepths(a: number[], b: number[], pick: (x: number, y: number) => number): number[] {
  const n = Math.max(a.length, b.length);
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const x = a[i];
    const y = b[i];
    out.push(x === undefined ? (y as number) : y === undefined ? x : pick(x, y));
  }
  return out;
}

function minNullable(a: number | null, b: number | null): number | null {
  return a === null ? b : b === null ? a : Math.min(a, b);
}
function maxNullable(a: number | null, b: number | null): number | null {
  return a === null ? b : b === null ? a : Math.max(a, b);
}

/**
 * Folds newly stored readings into per-probe, per-UTC-day maxima and minima (overall and per depth).
 * Only readings stored for the first time are folded in, so a retried packet never counts twice.
 */
export function rollUpDaily(existing: DailyRow[], fresh: ReadingInsert[]): DailyRow[] {
  const byKey = new Map<string, DailyRow>();
  for (const row of existing) byKey.set(`${row.sensor_id}|${row.day}`, { ...row });
  for (const r of fresh) {
    const day = dayOf(r.meas_ts);
    const key = `${r.sensor_id}|${day}`;
    const temps = JSON.parse(r.temps) as number[];
    const hi = Math.max(...temps);
    const lo = Math.min(...temps);
    const cur = byKey.get(key);
    if (!cur) {
      byKey.set(key, {
        sensor_id: r.sensor_id,
        day,
        n: 1,
        max_temp: hi,
        min_temp: lo,
        max_temps: r.temps,
        min_temps: r.temps,
        min_batt: r.batt,
        max_batt: r.batt,
      });
      continue;
    }
    cur.n += 1;
    cur.max_temp = Math.max(cur.max_temp, hi);
    cur.min_temp = Math.min(cur.min_temp, lo);
    cur.max_temps = JSON.stringify(mergeDepths(JSON.parse(cur.max_temps) as number[], temps, Math.max));
    cur.min_temps = JSON.stringify(mergeDepths(JSON.parse(cur.min_temps) as number[], temps, Math.min));
    cur.min_batt = minNullable(cur.min_batt, r.batt);
    cur.max_batt = maxNullable(cur.max_batt, r.batt);
  }
  return [...byKey.values()];
}
