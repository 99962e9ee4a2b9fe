import { deflateRawSync, inflateRawSync } from 'node:zlib';
import type { ReadingsTable } from '../../db/schema.js';

/** One stored reading without its probe: every column of `readings` but sensor_id. */
export type PackedReading = Omit<ReadingsTable, 'sensor_id'>;

const FORMAT_VERSION = 1;

/**
 * Packs a probe's readings of one day into a few bytes (docs/decisions/0054-packed-readings.md).
 *
 * Column by column, each value as the difference from the one before it: times as the change of
 * their step (a probe reports on a cadence, so nearly every value is 0), the arrival delay, each
 * depth's tenths of a degree, signal and battery. Small numbers become one byte each (zigzag
 * varints), and runs of them deflate to almost nothing. Nothing is rounded: `unpackDay(packDay(x))`
 * gives back every value of x, nulls included, in time order.
 */
export function packDay(readings: readonly PackedReading[]): Buffer {
  const rows = [...readings].sort((a, b) => a.meas_ts - b.meas_ts);
  const out = new ByteWriter();
  out.uint(rows.length);
  const stations = [...new Set(rows.map((r) => r.bs_id))];
  out.uint(stations.length);
  for (const s of stations) out.text(s);

  let prevTs = 0;
  let prevStep = 0;
  for (const r of rows) {
    const step = r.meas_ts - prevTs;
    out.int(step - prevStep);
    prevStep = step;
    prevTs = r.meas_ts;
  }
  for (const r of rows) out.uint(stations.indexOf(r.bs_id));
  deltas(out, rows, (r) => r.received_ts - r.meas_ts);
  deltas(out, rows, (r) => r.temperature);

  const temps = rows.map((r) => JSON.parse(r.temps) as (number | null)[]);
  for (const t of temps) out.uint(t.length);
  const depths = temps.reduce((m, t) => Math.max(m, t.length), 0);
  for (let d = 0; d < depths; d++) {
    nullableDeltas(
      out,
      temps.filter((t) => t.length > d),
      (t) => t[d] ?? null,
    );
  }
  nullableDeltas(out, rows, (r) => r.sensor_rssi);
  nullableDeltas(out, rows, (r) => r.bs_rssi);
  nullableDeltas(out, rows, (r) => r.batt);

  return Buffer.concat([Buffer.of(FORMAT_VERSION), deflateRawSync(out.bytes(), { level: 9 })]);
}

/** The readings a `packDay` buffer holds, in time order. */
export function unpackDay(packed: Uint8Array): PackedReading[] {
  const day = unpackDayColumns(packed);
  const rows: PackedReading[] = new Array<PackedReading>(day.n);
  for (let i = 0; i < day.n; i++) {
    const meas = day.ts[i] as number;
    rows[i] = {
      meas_ts: meas,
      bs_id: day.bs[i] as string,
      received_ts: meas + (day.delay[i] as number),
      temperature: day.temperature[i] as number,
      temps: JSON.stringify(day.temps[i]),
      sensor_rssi: day.sensorRssi[i] as number | null,
      bs_rssi: day.bsRssi[i] as number | null,
      batt: day.batt[i] as number | null,
    };
  }
  return rows;
}

/**
 * A packed day column by column, index i of each the i-th reading in time order: the depths as arrays
 * of tenths, as they were before `packDay` wrote them as JSON text. For a reader that wants numbers
 * (the public API's pages): the JSON text of `unpackDay` would only be parsed again.
 */
export interface PackedDayColumns {
  n: number;
  ts: number[];
  bs: string[];
  /** received_ts − meas_ts */
  delay: number[];
  temperature: number[];
  temps: (number | null)[][];
  sensorRssi: (number | null)[];
  bsRssi: (number | null)[];
  batt: (number | null)[];
}

export function unpackDayColumns(packed: Uint8Array): PackedDayColumns {
  if (packed[0] !== FORMAT_VERSION) throw new Error(`unknown packed-readings format ${String(packed[0])}`);
  const input = new ByteReader(inflateRawSync(packed.subarray(1)));
  const n = input.uint();
  const stations: string[] = [];
  for (let i = input.uint(); i > 0; i--) stations.push(input.text());

  const ts = new Array<number>(n);
  let prevTs = 0;
  let prevStep = 0;
  for (let i = 0; i < n; i++) {
    prevStep += input.int();
    prevTs += prevStep;
    ts[i] = prevTs;
  }
  const bs = new Array<string>(n);
  for (let i = 0; i < n; i++) bs[i] = stations[input.uint()] as string;
  const delay = readDeltas(input, n);
  const temperature = readDeltas(input, n);
  const temps = new Array<(number | null)[]>(n);
  let depths = 0;
  for (let i = 0; i < n; i++) {
    const len = input.uint();
    temps[i] = new Array<number | null>(len);
    if (len > depths) depths = len;
  }
  for (let d = 0; d < depths; d++) {
    // Each depth holds the values of the readings that have it, in time order (packDay's nullableDeltas).
    let prev = 0;
    for (let i = 0; i < n; i++) {
      const t = temps[i] as (number | null)[];
      if (t.length <= d) continue;
      const u = input.uint();
      t[d] = u === 0 ? null : (prev += unzigzag(u - 1));
    }
  }
  const sensorRssi = readNullableDeltas(input, n);
  const bsRssi = readNullableDeltas(input, n);
  const batt = readNullableDeltas(input, n);
  return { n, ts, bs, delay, temperature, temps, sensorRssi, bsRssi, batt };
}

function deltas<T>(out: ByteWriter, rows: readonly T[], value: (r: T) => number): void {
  let prev = 0;
  for (const r of rows) {
    const v = value(r);
    out.int(v - prev);
    prev = v;
  }
}

function readDeltas(input: ByteReader, n: number): number[] {
  const values = new Array<number>(n);
  let prev = 0;
  for (let i = 0; i < n; i++) values[i] = prev += input.int();
  return values;
}

/** 0 is null; any other value is the difference from the last non-null one, zigzagged, plus one. */
function nullableDeltas<T>(out: ByteWriter, rows: readonly T[], value: (r: T) => number | null): void {
  let prev = 0;
  for (const r of rows) {
    const v = value(r);
    if (v === null) {
      out.uint(0);
      continue;
    }
    out.uint(zigzag(v - prev) + 1);
    prev = v;
  }
}

function readNullableDeltas(input: ByteReader, n: number): (number | null)[] {
  const values = new Array<number | null>(n);
  let prev = 0;
  for (let i = 0; i < n; i++) {
    const u = input.uint();
    values[i] = u === 0 ? null : (prev += unzigzag(u - 1));
  }
  return values;
}

// Arithmetic, not bit operators: epoch seconds and their differences exceed 32 bits' comfort.
const zigzag = (v: number): number => (v >= 0 ? v * 2 : -v * 2 - 1);
const unzigzag = (u: number): number => (u % 2 === 0 ? u / 2 : -(u + 1) / 2);

class ByteWriter {
  private buf = Buffer.allocUnsafe(256);
  private len = 0;

  uint(v: number): void {
    if (!Number.isSafeInteger(v) || v < 0) throw new RangeError(`cannot pack ${String(v)}`);
    this.room(8);
    while (v >= 0x80) {
      this.buf[this.len++] = (v % 0x80) | 0x80;
      v = Math.floor(v / 0x80);
    }
    this.buf[this.len++] = v;
  }

  int(v: number): void {
    this.uint(zigzag(v));
  }

  text(s: string): void {
    const bytes = Buffer.from(s, 'utf8');
    this.uint(bytes.length);
    this.room(bytes.length);
    bytes.copy(this.buf, this.len);
    this.len += bytes.length;
  }

  bytes(): Buffer {
    return this.buf.subarray(0, this.len);
  }

  private room(n: number): void {
    if (this.len + n <= this.buf.length) return;
    const grown = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.len + n));
    this.buf.copy(grown, 0, 0, this.len);
    this.buf = grown;
  }
}

class ByteReader {
  private at = 0;
  constructor(private readonly buf: Buffer) {}

  uint(): number {
    let v = 0;
    let scale = 1;
    for (;;) {
      const b = this.buf[this.at++];
      if (b === undefined) throw new RangeError('packed readings end early');
      v += (b & 0x7f) * scale;
      if (b < 0x80) return v;
      scale *= 0x80;
    }
  }

  int(): number {
    return unzigzag(this.uint());
  }

  text(): string {
    const len = this.uint();
    const s = this.buf.toString('utf8', this.at, this.at + len);
    this.at += len;
    return s;
  }
}
