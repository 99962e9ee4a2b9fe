import { isStale, readingAgeSeconds } from '../readingAge.js';

export interface StorageReading {
  sensor_id: string;
  /** Every depth, tenths of °C. */
  temperatures: readonly number[];
  meas_ts: number;
}

/** The storage's hottest recent depth and where it is: the probe and its depth (1 nearest the handle). */
export interface StorageHottestProbe {
  sensorId: string;
  depth: number;
  /** Tenths of °C. */
  temperature: number;
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
  return storageHottestProbe(settings, readings, input)?.temperature ?? null;
}

/**
 * The storage temperature with the probe and depth it comes from, so the storage list can say where
 * the storage is hottest (issue 28 item 11). The same readings count; of equal temperatures the first
 * probe in the readings and its depth nearest the handle are named.
 */
export function storageHottestProbe(
  settings: { nowS: number },
  readings: readonly StorageReading[],
  input: { probeIds: readonly string[] },
): StorageHottestProbe | null {
  const ids = new Set(input.probeIds);
  let hottest: StorageHottestProbe | null = null;
  for (const r of readings) {
    if (!ids.has(r.sensor_id) || isStale(readingAgeSeconds(r.meas_ts, settings.nowS))) continue;
    for (let i = 0; i < r.temperatures.length; i += 1) {
      const t = r.temperatures[i] as number;
      if (Number.isFinite(t) && (hottest === null || t > hottest.temperature))
        hottest = { sensorId: r.sensor_id, depth: i + 1, temperature: t };
    }
  }
  return hottest;
}
