import type { SensorConfiguration } from '@emberwatch/shared/contracts/baseStations';
import type { SensorData } from '@emberwatch/shared/contracts/readings';
import { batteryLevel, isBatteryLow, type BatteryLevel } from '@emberwatch/shared/domain/batteryLevel';
import type { SortableProbe } from '@emberwatch/shared/domain/probeList';
import { isOver24h, isStale, readingAgeSeconds } from '@emberwatch/shared/domain/readingAge';
import { signalLevel, type SignalLevel } from '@emberwatch/shared/domain/signalLevel';

export interface ProbeRow extends SortableProbe {
  sensorId: string;
  /** Probe name, or its id when it has none (spec doc 2 §5: name falls back to the id). */
  name: string;
  hasName: boolean;
  /** Every depth in tenths of °C, handle first (the list sorts by the hottest). */
  temperatures: number[];
  measTs: number | null;
  ageSeconds: number | null;
  over24h: boolean;
  signal: SignalLevel;
  battery: BatteryLevel | null;
  batteryCentivolts: number | null;
  batteryLow: boolean;
  /** A monitor's alert on this probe is current (the probe data's `alert`). */
  monitorAlert: boolean;
}

/**
 * One row per probe of the station: configured probes (disabled ones left out) joined with their
 * latest reading, plus any probe that reported without being configured yet, so that no reading is
 * hidden from the user. A probe without a reading counts as stale and sorts last.
 */
export function buildProbeRows(
  configurations: readonly SensorConfiguration[],
  readings: readonly SensorData[],
  nowSeconds: number,
): ProbeRow[] {
  const latest = new Map(readings.map((r) => [r.sensor_id, r]));
  const seen = new Set<string>();
  const rows: ProbeRow[] = [];

  const add = (sensorId: string, sensorName: string | null, reading: SensorData | undefined) => {
    seen.add(sensorId);
    const name = sensorName?.trim() ? sensorName.trim() : sensorId;
    const temperatures = reading
      ? reading.temperatures.length > 0
        ? reading.temperatures
        : [reading.temperature]
      : [];
    const ageSeconds = reading ? readingAgeSeconds(reading.meas_ts, nowSeconds) : null;
    rows.push({
      sensorId,
      name,
      hasName: name !== sensorId,
      temperatures,
      measTs: reading?.meas_ts ?? null,
      ageSeconds,
      over24h: ageSeconds !== null && isOver24h(ageSeconds),
      stale: ageSeconds === null || isStale(ageSeconds),
      signal: signalLevel(reading?.sensor_RSSI),
      battery: batteryLevel(reading?.batt_voltage),
      batteryCentivolts: reading?.batt_voltage ?? null,
      batteryLow: reading ? isBatteryLow(reading.batt_voltage, ageSeconds ?? 0) : false,
      monitorAlert: reading?.alert ?? false,
    });
  };

  for (const conf of configurations) {
    if (seen.has(conf.sensor_id_sys)) continue;
    // A disabled probe is hidden on purpose (spec doc 2 §2.3), so its readings are not shown either.
    if (conf.disabled) seen.add(conf.sensor_id_sys);
    else add(conf.sensor_id_sys, conf.sensor_name, latest.get(conf.sensor_id_sys));
  }
  for (const reading of readings) if (!seen.has(reading.sensor_id)) add(reading.sensor_id, null, reading);
  return rows;
}
