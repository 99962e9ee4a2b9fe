/** Hours and days of the quality roll-up (decision 0028). Pure, so the job's arithmetic is tested alone. */
export const HOUR_S = 3_600;
export const DAY_S = 86_400;
/** Spec doc 3 §9: hours above 30 °C count; tenths of °C like every stored temperature. */
export const HEAT_BASE_TENTHS = 300;

export function hourOf(ts: number): number {
  return Math.floor(ts / HOUR_S) * HOUR_S;
}

export function dayOf(ts: number): number {
  return Math.floor(ts / DAY_S) * DAY_S;
}

export interface StoredReading {
  meas_ts: number;
  /** JSON array of tenths of °C, as the readings table holds it. */
  temps: string;
  temperature: number;
}

export interface HourRow {
  sensor_id: string;
  hour: number;
  max_temp: number;
  n: number;
}

export interface DayRow {
  sensor_id: string;
  day: number;
  hdd_tenths: number;
  n: number;
}

/** The hottest depth of one reading, as the daily roll-up reads it (its `h`): the max over `temps`. */
export function readingMax(r: StoredReading): number {
  try {
    const temps = JSON.parse(r.temps) as unknown;
    if (Array.isArray(temps)) {
      let hi = -Infinity;
      for (const t of temps) if (typeof t === 'number' && t > hi) hi = t;
      if (hi > -Infinity) return hi;
    }
  } catch {
    // A malformed array falls back to the reading's own temperature below.
  }
  return r.temperature;
}

/**
 * Every hour the readings touch, with its maximum and count. The caller passes all readings of
 * whole hours (its window starts and ends on hour boundaries), so each row replaces the stored one.
 */
export function foldHours(sensorId: string, readings: readonly StoredReading[]): HourRow[] {
  const byHour = new Map<number, HourRow>();
  for (const r of readings) {
    const hour = hourOf(r.meas_ts);
    const hi = readingMax(r);
    const cur = byHour.get(hour);
    if (cur) {
      cur.n += 1;
      if (hi > cur.max_temp) cur.max_temp = hi;
    } else byHour.set(hour, { sensor_id: sensorId, hour, max_temp: hi, n: 1 });
  }
  return [...byHour.values()].sort((a, b) => a.hour - b.hour);
}

/** Heat-degree hours of one hour, tenth-°C·h: how far its maximum is above 30 °C, for one hour. */
export function hourHddTenths(maxTemp: number): number {
  return Math.max(0, maxTemp - HEAT_BASE_TENTHS);
}

/** The days of these hours (all hours of each day must be given), with their heat-degree hours. */
export function foldDays(hours: readonly HourRow[]): DayRow[] {
  const byDay = new Map<string, DayRow>();
  for (const h of hours) {
    const day = dayOf(h.hour);
    const key = `${h.sensor_id}|${day}`;
    const cur = byDay.get(key);
    if (cur) {
      cur.hdd_tenths += hourHddTenths(h.max_temp);
      cur.n += h.n;
    } else byDay.set(key, { sensor_id: h.sensor_id, day, hdd_tenths: hourHddTenths(h.max_temp), n: h.n });
  }
  return [...byDay.values()];
}
