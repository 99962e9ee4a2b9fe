/**
 * What the PostgreSQL ingest writer's COPY data costs the server to make (issue 34 item 6): a commit's
 * readings as rows of `readings` and their journal row of keys, as the writer builds them (strings:
 * `readingArrays` in its COPY form and `journalKeysRow`, turned into Buffers as the COPY sends them),
 * beside the same bytes written straight into one growing Buffer (`ByteRows` below: integers as digits,
 * ASCII byte by byte) — the lever "the COPY data written as bytes" in decision 0185, not kept. Both run
 * in this process on the same commits (the side-by-side ingest bench's packets — each station's 100 probes at
 * one time, three depths — 9 a commit as that bench's server commits them under load), first one then the
 * other, alternately, round by round. Before timing, the two must give the same bytes.
 *
 * The figure: the process's CPU time (every thread, the garbage collector's helpers too) per 1,000
 * readings for each way, each pass begun on a collected heap, and bytes ÷ strings within each round, median
 * of the rounds.
 *
 *   npx tsx bench/postgres-copy-text/run.ts [--rounds 9] [--commits 400] [--packets 9] [--results FILE]
 */
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import type { IngestReading } from '@emberwatch/shared/contracts/ingest';
import { copyField } from '../../apps/server/src/db/postgresClient.js';
import type { PacketOrigin } from '../../apps/server/src/features/ingest/ingestWriter.js';
import {
  journalKeysRow,
  readingArrays,
  type JournalOwner,
} from '../../apps/server/src/features/ingest/postgresIngestWriter.js';
import { stationId } from '../support/benchServer.js';
import { collectGarbage } from '../support/collectGarbage.js';
import { ingestReading } from '../support/ingestPacket.js';
import { median } from '../support/procStats.js';
import { packetAt, probeReadings } from '../support/probeReadings.js';
import { positive } from '../support/positiveArg.js';

const { values: args } = parseArgs({
  options: {
    rounds: { type: 'string', default: '9' },
    commits: { type: 'string', default: '400' },
    packets: { type: 'string', default: '9' },
    results: { type: 'string', default: 'bench/results/postgres-copy-text.json' },
  },
});
const ROUNDS = Math.round(positive('rounds', args.rounds, 200));
const COMMITS = Math.round(positive('commits', args.commits, 100_000));
const PACKETS = Math.round(positive('packets', args.packets, 64));
const PROBES = 100;
const owner: JournalOwner = {
  instance: 'c0f0a2e4-5b7d-4e0a-9c61-2f4b8d1e3a57',
  seq: 1,
  createdMs: 1_796_342_400_000,
};

/** COPY's text format written into one Buffer that grows as needed. */
class ByteRows {
  private buf: Buffer;
  private length = 0;

  constructor(capacity: number) {
    this.buf = Buffer.allocUnsafe(capacity);
  }

  private room(n: number): void {
    if (this.length + n <= this.buf.length) return;
    const grown = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.length + n));
    this.buf.copy(grown, 0, 0, this.length);
    this.buf = grown;
  }

  byte(b: number): this {
    this.room(1);
    this.buf[this.length++] = b;
    return this;
  }

  /** Text as one COPY field (escaped as copyField escapes it): ASCII byte by byte, the rest by Buffer.write. */
  text(s: string): this {
    this.room(s.length * 2);
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(i);
      if (c >= 0x80) {
        const rest = copyField(s.slice(i));
        this.room(rest.length * 3);
        this.length += this.buf.write(rest, this.length, 'utf8');
        return this;
      }
      if (c === 0x5c || c === 0x09 || c === 0x0a || c === 0x0d) {
        this.buf[this.length++] = 0x5c;
        this.buf[this.length++] = c === 0x5c ? 0x5c : c === 0x09 ? 0x74 : c === 0x0a ? 0x6e : 0x72;
      } else this.buf[this.length++] = c;
    }
    return this;
  }

  int(n: number): this {
    if (!Number.isSafeInteger(n)) return this.text(String(n));
    this.room(17);
    if (n < 0) {
      this.buf[this.length++] = 0x2d;
      n = -n;
    }
    let digits = 1;
    for (let rest = n; rest >= 10; rest = Math.floor(rest / 10)) digits++;
    let at = this.length + digits;
    this.length = at;
    do {
      this.buf[--at] = 0x30 + (n % 10);
      n = Math.floor(n / 10);
    } while (n > 0);
    return this;
  }

  intOrNull(n: number | null | undefined): this {
    return n === null || n === undefined ? this.byte(0x5c).byte(0x4e) : this.int(n);
  }

  append(bytes: Buffer): this {
    this.room(bytes.length);
    this.length += bytes.copy(this.buf, this.length);
    return this;
  }

  bytes(): Buffer {
    return this.buf.subarray(0, this.length);
  }
}

interface Commit {
  origins: PacketOrigin[];
  readings: IngestReading[];
  packetOf: number[];
}

/** The writer's rows and journal row as it builds them, as the Buffers its COPY sends. */
function asStrings(c: Commit): [Buffer, Buffer] {
  const all = readingArrays(c.origins, c.readings, c.packetOf, undefined, 'copy');
  return [Buffer.from(all.rows, 'utf8'), Buffer.from(journalKeysRow(all, owner), 'utf8')];
}

/** The same bytes written as bytes. */
function asBytes(c: Commit): [Buffer, Buffer] {
  const { origins, readings, packetOf } = c;
  const rows = new ByteRows(readings.length * 64);
  const ids = new ByteRows(readings.length * 12).byte(0x7b); // {
  const times = new ByteRows(readings.length * 11).byte(0x7b);
  const stations = origins.map((o) => copyField(o.bsId));
  let oldest = Number.POSITIVE_INFINITY;
  for (let i = 0; i < readings.length; i++) {
    const r = readings[i] as IngestReading;
    const p = packetOf[i] as number;
    const t = r.temperatures;
    rows
      .text(r.sensor_id)
      .byte(9)
      .int(r.meas_ts)
      .byte(9)
      .text(stations[p] as string)
      .byte(9);
    rows
      .int((origins[p] as PacketOrigin).receivedTs)
      .byte(9)
      .int(t[0] as number)
      .byte(9)
      .byte(0x5b);
    for (let d = 0; d < t.length; d++) (d > 0 ? rows.byte(0x2c) : rows).int(t[d] as number);
    rows.byte(0x5d).byte(9).intOrNull(r.sensor_RSSI).byte(9).intOrNull(r.bs_RSSI).byte(9);
    rows.intOrNull(r.batt_voltage).byte(10);
    if (i > 0) {
      ids.byte(0x2c);
      times.byte(0x2c);
    }
    // The bench's probe ids hold no quote or backslash (textArray would escape them).
    ids.byte(0x22).text(r.sensor_id).byte(0x22);
    times.int(r.meas_ts);
    if (r.meas_ts < oldest) oldest = r.meas_ts;
  }
  const journal = new ByteRows(256).append(ids.byte(0x7d).bytes()).byte(9).append(times.byte(0x7d).bytes());
  journal.byte(9).text(owner.instance).byte(9).int(owner.seq).byte(9).int(owner.createdMs).byte(9);
  journal.int(oldest).byte(10);
  return [rows.bytes(), journal.bytes()];
}

/**
 * The side-by-side ingest bench's readings (its backlog shape: 50 stations, 10 minutes a step), PACKETS of its
 * packets a commit in the order it sends them.
 */
function commits(): Commit[] {
  const shape = { stations: 50, probes: PROBES, startTs: 1_788_393_600, stepSeconds: 600 };
  const out: Commit[] = [];
  for (let c = 0; c < COMMITS; c++) {
    const commit: Commit = { origins: [], readings: [], packetOf: [] };
    for (let p = 0; p < PACKETS; p++) {
      const { station, ts } = packetAt(shape, c * PACKETS + p);
      commit.origins.push({ bsId: stationId(station), receivedTs: 1_796_342_400 + c });
      for (const r of probeReadings(shape, station, ts)) {
        commit.readings.push(ingestReading(r, ts) as IngestReading);
        commit.packetOf.push(p);
      }
    }
    out.push(commit);
  }
  return out;
}

const ways = { strings: asStrings, bytes: asBytes };
type Way = keyof typeof ways;
const data = commits();
for (const c of data.slice(0, 5)) {
  const [a, b] = [asStrings(c), asBytes(c)];
  if (!a[0].equals(b[0]) || !a[1].equals(b[1])) throw new Error('the two ways give different COPY data');
}
const readingsPerPass = data.reduce((n, c) => n + c.readings.length, 0);

/** CPU µs per 1,000 readings of one pass over every commit. */
function pass(way: Way): number {
  const make = ways[way];
  let bytes = 0;
  // A full collection before each pass, outside its timing: each way pays for the garbage it makes, not for
  // what the pass before it left (without it the rounds' ratios spread from 0.9 to 2.1).
  collectGarbage();
  const before = process.cpuUsage();
  for (const c of data) bytes += make(c)[0].length;
  const used = process.cpuUsage(before);
  if (bytes === 0) throw new Error('nothing made');
  return ((used.user + used.system) / readingsPerPass) * 1000;
}

for (let i = 0; i < 3; i++) for (const way of Object.keys(ways) as Way[]) pass(way);

const load0 = loadavg()[0] as number;
const rounds: { strings: number; bytes: number }[] = [];
for (let r = 0; r < ROUNDS; r++) {
  const got = { strings: 0, bytes: 0 };
  const order: Way[] = r % 2 === 0 ? ['strings', 'bytes'] : ['bytes', 'strings'];
  for (const way of order) got[way] = pass(way);
  rounds.push(got);
}
const round2 = (n: number) => Math.round(n * 100) / 100;
const ratios = rounds.map((r) => round2(r.bytes / r.strings));
const result = {
  date: new Date().toISOString(),
  node: process.version,
  commits: COMMITS,
  readingsPerCommit: PACKETS * PROBES,
  load: [round2(load0), round2(loadavg()[0] as number)],
  cpuUsPer1000Readings: {
    strings: round2(median(rounds.map((r) => r.strings))),
    bytes: round2(median(rounds.map((r) => r.bytes))),
  },
  bytesOverStrings: median(ratios),
  ratios,
};
console.log(
  `COPY data of ${PACKETS * PROBES} readings a commit, ${ROUNDS} rounds (load ${result.load.join(' → ')}): as strings ` +
    `${result.cpuUsPer1000Readings.strings} µs CPU per 1,000 readings, as bytes ${result.cpuUsPer1000Readings.bytes}; ` +
    `bytes ÷ strings ${result.bytesOverStrings} (rounds ${ratios.join(', ')})`,
);
writeFileSync(args.results, `${JSON.stringify(result, null, 2)}\n`);
