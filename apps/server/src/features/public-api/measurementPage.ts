import type { Measurement } from '@emberwatch/shared/contracts/publicApi';
import type { DegreesUnit } from '@emberwatch/shared/domain/temperature';

/**
 * The pure parts of GET /api/v1/getMeasurements (decision 0111): the cursor and the unit conversion
 * (the page's JSON and CSV text: measurementText.ts). A cursor is the time of the page's last reading, so the next page starts after it: no
 * offset to drift when readings arrive meanwhile, and each page is one index range in the store.
 */
const CURSOR_PREFIX = 'm1.';

export function encodeCursor(lastTs: number): string {
  return Buffer.from(`${CURSOR_PREFIX}${lastTs}`).toString('base64url');
}

/** The time the next page starts after, or null for a text that is no cursor of this call. */
export function decodeCursor(cursor: string): number | null {
  const text = Buffer.from(cursor, 'base64url').toString();
  if (!text.startsWith(CURSOR_PREFIX)) return null;
  const ts = Number(text.slice(CURSOR_PREFIX.length));
  return Number.isSafeInteger(ts) && ts >= 0 ? ts : null;
}

/** Tenths of °C in the unit asked for, to one decimal (°F computed from the tenths, then rounded). */
export function toUnit(tenths: number, unit: DegreesUnit): number {
  if (unit === 'C') return tenths / 10;
  return Math.round((tenths * 9) / 5 + 320) / 10;
}

/** A stored reading's fields, as the history gives them. */
export interface StoredReading {
  meas_ts: number;
  temperature: number;
  temps: string;
  batt: number | null;
  sensor_rssi: number | null;
}

export function measurementOf(r: StoredReading, unit: DegreesUnit): Measurement {
  const temps = JSON.parse(r.temps) as (number | null)[];
  return {
    ts: r.meas_ts,
    temperature: toUnit(r.temperature, unit),
    temps: temps.map((t) => (t === null ? null : toUnit(t, unit))),
    batt: r.batt,
    rssi: r.sensor_rssi,
  };
}
