import type { DegreesUnit } from '@emberwatch/shared/domain/temperature';
import type { DecodedReading } from '../readings/index.js';
import { toUnit } from './measurementPage.js';

/**
 * The text of a GET /api/v1/getMeasurements page, JSON or CSV, written straight from the stored
 * readings (decision 0127): the same bytes as JSON.stringify of the page's measurements (or the CSV
 * of measurementPage's rules) without building a Measurement per reading first. A page is thousands
 * of readings of one fixed shape, and its serialising was a good part of the server's time per page.
 *
 * measurementText.test.ts holds each output to the text the general path gives, case by case.
 */

/** A page as the service found it: the readings in tenths of °C, the rest as the answer shows it. */
export interface MeasurementsPage {
  bs_id: string;
  sensor_id: string;
  unit: DegreesUnit;
  from: number;
  to: number;
  readings: readonly DecodedReading[];
  next_cursor: string | null;
}

/** Texts of tenths in the unit (−1,000.0 to 1,000.0), made once each when first needed. */
const TENTHS_CACHED = 10_000;
const tenthsText: string[] = new Array<string>(2 * TENTHS_CACHED);

/**
 * A temperature in tenths of °C as text in the unit asked for: `String(toUnit(t, unit))`, -0 as 0;
 * for JSON a value that is no finite number is null, as JSON.stringify writes it.
 */
function temperatureText(tenths: number, unit: DegreesUnit, json: boolean): string {
  // toUnit's own arithmetic, stopped before its division: the tenths of the unit, an integer for
  // every stored value (integer tenths of °C).
  const k = unit === 'C' ? tenths : Math.round((tenths * 9) / 5 + 320);
  if (Number.isInteger(k) && k >= -TENTHS_CACHED && k < TENTHS_CACHED) {
    const i = k + TENTHS_CACHED;
    return (tenthsText[i] ??= String(k / 10));
  }
  const v = toUnit(tenths, unit);
  return json && !Number.isFinite(v) ? 'null' : String(v);
}

/** A nullable number as JSON.stringify writes it. */
function jsonNumber(v: number | null): string {
  return v === null || !Number.isFinite(v) ? 'null' : String(v);
}

/** The page's JSON: exactly `JSON.stringify({ status_code: 0, ...page with its measurements })`. */
export function measurementsJson(page: MeasurementsPage): string {
  const { unit } = page;
  let out =
    `{"status_code":0,"bs_id":${JSON.stringify(page.bs_id)},"sensor_id":${JSON.stringify(page.sensor_id)}` +
    `,"unit":${JSON.stringify(unit)},"from":${jsonNumber(page.from)},"to":${jsonNumber(page.to)},"readings":[`;
  const readings = page.readings;
  for (let i = 0; i < readings.length; i++) {
    const r = readings[i] as DecodedReading;
    out += `${i === 0 ? '' : ','}{"ts":${jsonNumber(r.meas_ts)},"temperature":${temperatureText(r.temperature, unit, true)},"temps":[`;
    const temps = r.temps;
    for (let d = 0; d < temps.length; d++) {
      const t = temps[d];
      if (d > 0) out += ',';
      out += t === null ? 'null' : temperatureText(t as number, unit, true);
    }
    out += `],"batt":${jsonNumber(r.batt)},"rssi":${jsonNumber(r.sensor_rssi)}}`;
  }
  out += `],"next_cursor":${page.next_cursor === null ? 'null' : JSON.stringify(page.next_cursor)}}`;
  return out;
}

const DAY_S = 86_400;
/** The last time an ISO text's date part can be cut from (year 9999): later or earlier ones ask Date. */
const LAST_PLAIN_ISO_S = 253_402_300_799;
const two = (n: number): string => (n < 10 ? `0${n}` : String(n));

/**
 * `new Date(ts * 1000).toISOString()`, with the date part made once per day: a page's readings come
 * in time order, a day's worth at a time.
 */
function isoTimes(): (ts: number) => string {
  let day = Number.NaN;
  let datePart = '';
  return (ts) => {
    if (!Number.isInteger(ts) || ts < 0 || ts > LAST_PLAIN_ISO_S) return new Date(ts * 1000).toISOString();
    const s = ts % DAY_S;
    const d = ts - s;
    if (d !== day) {
      day = d;
      datePart = new Date(d * 1000).toISOString().slice(0, 11);
    }
    return `${datePart}${two(Math.floor(s / 3600))}:${two(Math.floor((s % 3600) / 60))}:${two(s % 60)}.000Z`;
  };
}

/** A CSV cell: empty for no value, as measurementPage's CSV had it. */
function cell(v: number | null | undefined): string {
  return v === null || v === undefined ? '' : String(v);
}

/**
 * The page as CSV: a header line, one line per reading (time as epoch s and ISO text, the hottest
 * depth, then each depth, battery and signal). The depth columns are as many as the page's deepest
 * reading has; a shallower reading's missing depths are empty cells.
 */
export function measurementsCsv(readings: readonly DecodedReading[], unit: DegreesUnit): string {
  let depths = 0;
  for (const r of readings) if (r.temps.length > depths) depths = r.temps.length;
  let out = `ts,time,temperature_${unit}`;
  for (let d = 1; d <= depths; d++) out += `,t${d}_${unit}`;
  out += ',batt,rssi\n';
  const iso = isoTimes();
  for (const r of readings) {
    out += `${String(r.meas_ts)},${iso(r.meas_ts)},${temperatureText(r.temperature, unit, false)}`;
    const temps = r.temps;
    for (let d = 0; d < depths; d++) {
      // Past the reading's own depths an empty cell, as for a depth without a value.
      const t = d < temps.length ? temps[d] : null;
      out += t === null ? ',' : `,${temperatureText(t as number, unit, false)}`;
    }
    out += `,${cell(r.batt)},${cell(r.sensor_rssi)}\n`;
  }
  return out;
}
