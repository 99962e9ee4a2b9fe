/**
 * Ingest benchmark: readings per second through the real HTTP ingest path (the built server in its
 * own process, the load generator in this one) into SQLite and into PostgreSQL.
 *
 *   npm run bench                      # every benchmark
 *   npx tsx bench/ingest/run.ts [--seconds 15] [--stations 50] [--probes 100] [--concurrency 32] [--engine sqlite|postgres]
 *
 * Results go to stdout and bench/results/ingest.json; docs/PERFORMANCE.md records them.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import {
  percentile,
  prepareStore,
  randomPort,
  startServer,
  stationId,
  stationSecret,
  stopServer,
  writeResults,
} from '../support/benchServer.js';
import { databaseUrlOption } from '../support/databaseUrlOption.js';

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '15' },
    stations: { type: 'string', default: '50' },
    probes: { type: 'string', default: '100' },
    concurrency: { type: 'string', default: '32' },
    engine: { type: 'string' },
    'database-url': databaseUrlOption('postgres'),
  },
});
const SECONDS = Number(args.seconds);
const STATIONS = Number(args.stations);
const PROBES = Number(args.probes);
const CONCURRENCY = Number(args.concurrency);
const READINGS_PER_PACKET = PROBES;

interface Result {
  engine: string;
  readingsPerSecond: number;
  packetsPerSecond: number;
  readings: number;
  seconds: number;
  latencyMsP50: number;
  latencyMsP95: number;
  latencyMsP99: number;
  errors: number;
  concurrency: number;
  readingsPerPacket: number;
}

const secretOf = stationSecret;
const bsId = stationId;

/** Every packet carries one reading of every probe of a station at one measurement time. */
function packetBody(station: number, ts: number): string {
  const readings = [];
  for (let p = 0; p < READINGS_PER_PACKET; p++) {
    const base = 150 + ((station * 7 + p * 13) % 400);
    readings.push({
      sensor_id: `B${station}P${p}`,
      meas_ts: ts,
      temperatures: [base, base + 12, base + 25],
      sensor_RSSI: -60 - (p % 40),
      bs_RSSI: -65 - (p % 30),
      batt_voltage: 340 + (p % 20),
    });
  }
  return JSON.stringify({ type: 'data', readings });
}

async function load(port: number, engine: string): Promise<Result> {
  const url = `http://127.0.0.1:${port}/ingest/v1/packets`;
  const start0 = Math.floor(Date.now() / 1000) - 90 * 86_400;
  let next = 0;
  let readings = 0;
  let packets = 0;
  let errors = 0;
  const latencies: number[] = [];
  const deadline = performance.now() + SECONDS * 1000;
  const began = performance.now();

  async function worker(): Promise<void> {
    while (performance.now() < deadline) {
      const n = next++;
      const station = n % STATIONS;
      // Each round of all stations advances the measurement time by 10 minutes: always new readings.
      const ts = start0 + Math.floor(n / STATIONS) * 600;
      const body = packetBody(station, ts);
      const t0 = performance.now();
      const res = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Station ${bsId(station)}:${secretOf(station)}`,
        },
        body,
      });
      const answer = (await res.json()) as { stored?: number };
      latencies.push(performance.now() - t0);
      if (res.status !== 200) errors++;
      else {
        readings += answer.stored ?? 0;
        packets++;
      }
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, () => worker()));
  const seconds = (performance.now() - began) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    engine,
    readingsPerSecond: Math.round(readings / seconds),
    packetsPerSecond: Math.round(packets / seconds),
    readings,
    seconds: Math.round(seconds * 10) / 10,
    latencyMsP50: Math.round(percentile(latencies, 0.5) * 10) / 10,
    latencyMsP95: Math.round(percentile(latencies, 0.95) * 10) / 10,
    latencyMsP99: Math.round(percentile(latencies, 0.99) * 10) / 10,
    errors,
    concurrency: CONCURRENCY,
    readingsPerPacket: READINGS_PER_PACKET,
  };
}

async function postgresUrl(base: string): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: base, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('drop database if exists emberwatch_bench');
    await client.query('create database emberwatch_bench');
    const u = new URL(base);
    u.pathname = '/emberwatch_bench';
    return u.toString();
  } catch (err) {
    console.warn(
      `PostgreSQL not reachable at ${base}: ${(err as Error).message} — skipping the PostgreSQL run`,
    );
    return undefined;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function runEngine(engine: 'sqlite' | 'postgres'): Promise<Result | undefined> {
  const dataDir = mkdtempSync(join(tmpdir(), `emberwatch-bench-${engine}-`));
  const databaseUrl = engine === 'postgres' ? await postgresUrl(args['database-url']) : undefined;
  if (engine === 'postgres' && !databaseUrl) return undefined;
  await prepareStore({ dataDir, databaseUrl, stations: STATIONS });
  const port = randomPort();
  const server = await startServer(dataDir, databaseUrl, port);
  try {
    // Warm-up: JIT, statement paths, the credential cache.
    await load(port, engine)
      .then(
        () => undefined,
        () => undefined,
      )
      .catch(() => undefined);
    return await load(port, engine);
  } finally {
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const engines = args.engine ? [args.engine as 'sqlite' | 'postgres'] : (['sqlite', 'postgres'] as const);
const results: Result[] = [];
for (const engine of engines) {
  process.stdout.write(
    `ingest → ${engine}: ${STATIONS} stations × ${PROBES} probes, packets of ${READINGS_PER_PACKET}, ${CONCURRENCY} in flight, ${SECONDS} s …\n`,
  );
  const r = await runEngine(engine);
  if (r) {
    results.push(r);
    process.stdout.write(
      `  ${r.readingsPerSecond.toLocaleString('en')} readings/s (${r.packetsPerSecond} packets/s), latency p50 ${r.latencyMsP50} ms, p95 ${r.latencyMsP95} ms, p99 ${r.latencyMsP99} ms, errors ${r.errors}\n`,
    );
  }
}
writeResults('ingest', { date: new Date().toISOString(), results });
