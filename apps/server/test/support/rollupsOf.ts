import type { IngestReading } from '@emberwatch/shared/contracts/ingest';
import type { ProbeDailyTable } from '../../src/db/schema.js';

export const DAY = 86_400;

/** A probe_daily row without its key, as the roll-up tests expect it. */
export type ExpectedDaily = Omit<ProbeDailyTable, 'sensor_id' | 'day'>;

/** Each probe-day's roll-up (`<sensor_id> <day>`) computed straight from a list of distinct readings. */
export function rollupsOf(readings: readonly IngestReading[]): Map<string, ExpectedDaily> {
  const out = new Map<string, ExpectedDaily>();
  for (const r of readings) {
    const key = `${r.sensor_id} ${Math.floor(r.meas_ts / DAY) * DAY}`;
    const t = r.temperatures;
    const e = out.get(key);
    if (!e) {
      out.set(key, {
        n: 1,
        max_temp: Math.max(...t),
        min_temp: Math.min(...t),
        max_temps: JSON.stringify(t),
        min_temps: JSON.stringify(t),
        min_batt: r.batt_voltage ?? null,
        max_batt: r.batt_voltage ?? null,
      });
      continue;
    }
    const hi = JSON.parse(e.max_temps) as number[];
    const lo = JSON.parse(e.min_temps) as number[];
    t.forEach((v, i) => {
      hi[i] = Math.max(hi[i] ?? v, v);
      lo[i] = Math.min(lo[i] ?? v, v);
    });
    e.n += 1;
    e.max_temp = Math.max(e.max_temp, ...t);
    e.min_temp = Math.min(e.min_temp, ...t);
    e.max_temps = JSON.stringify(hi);
    e.min_temps = JSON.stringify(lo);
    const b = r.batt_voltage;
    if (b !== undefined && b !== null) {
      e.min_batt = e.min_batt === null ? b : Math.min(e.min_batt, b);
      e.max_batt = e.max_batt === null ? b : Math.max(e.max_batt, b);
    }
  }
  return out;
}

/** The new readings a writer's call stored (its `fresh` marks), as the service passes them on. */
export const freshCount = (written: { fresh: Uint8Array }): number =>
  written.fresh.reduce((a, b) => a + b, 0);

/** A reading of probe `R<sensor>` at `ts` whose values follow from `k` (three depths, a battery). */
export function rollupReading(sensor: number, ts: number, k: number): IngestReading {
  return {
    sensor_id: `R${String(sensor).padStart(5, '0')}`,
    meas_ts: ts,
    temperatures: [(k * 37) % 600, (k * 11) % 300, 100 + (k % 7)],
    sensor_RSSI: -60,
    bs_RSSI: -70,
    batt_voltage: 300 + (k % 13),
  };
}
