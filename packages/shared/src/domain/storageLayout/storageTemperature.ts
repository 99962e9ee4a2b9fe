import { hottestTemperature } from '../probeList.js';
import { isStale, readingAgeSeconds } from '../readingAge.js';

export interface StorageReading {
  sensor_id: string;
  /** Every depth, tenths of °C. */
  temperatures: readonly number[];
  meas_ts: number;
}

/**
 * Spec doc 3 §9 "The storage temperature shown is the maximum recent one": the hottest depth of the
 * storage's probes' latest readings (tenths of °C). Readings older than 7 days are left out, as the
 * probe list shows them as n/a (doc 2 §4): a probe that stopped reporting a month ago must not
 * keep a storage red. Null when no probe of the storage has a recent reading.
 */
export function storageTemperature(
  settings: { nowS: number },
  readings: readonly StorageReading[],
  input: { probeIds: readonly string[] },
): number | null {
  const ids = new Set(input.probeIds);
  let hottest: number | null = null;
  for (const r of readings) {
    if (!ids.has(r.sensor_id) || isStale(readingAgeSeconds(r.meas_ts, settings.nowS))) continue;
    const t = hottestTemperature(r.temperatures);
    if (t !== null && (hottest === null || t > hottest)) hottest = t;
  }
  return hottest;
}
