/**
 * Chart benchmark: GET /client/sensorData of one probe holding a year of hourly readings (ingested
 * through the HTTP ingest path into a fresh SQLite store), through the built server in its own
 * process — a year range (daily snapshots from probe_daily) and 31 days of raw readings (downsampled).
 * Requests run one after another on a keep-alive connection, so each latency is the server's work
 * plus one loopback round trip.
 *
 *   npx tsx bench/chart/run.ts [--requests 2000] [--width 1200]
 *
 * Results go to stdout and bench/results/chart.json. Target (issue 3): year chart ≤ 10 ms p95.
 */
import { parseArgs } from 'node:util';
import {
  ingestReadings,
  keepAliveClient,
  latencySummary,
  login,
  stationId,
  withFreshServer,
  writeResults,
} from '../support/benchServer.js';

const { values: args } = parseArgs({
  options: {
    requests: { type: 'string', default: '2000' },
    width: { type: 'string', default: '1200' },
  },
});
const REQUESTS = Number(args.requests);
const WIDTH = Number(args.width);
const HOURS = 365 * 24;
const PROBE = 'H900001';

/** A hay stack warming and cooling over the year, three depths, with a few short heat spikes. */
function yearOfReadings(now: number): object[] {
  const end = Math.floor(now / 3600) * 3600 - 3600;
  const out: object[] = [];
  for (let i = HOURS - 1; i >= 0; i--) {
    const ts = end - i * 3600;
    const season = 250 + Math.round(120 * Math.sin((2 * Math.PI * i) / HOURS));
    const daily = Math.round(15 * Math.sin((2 * Math.PI * i) / 24));
    const spike = i % 997 === 0 ? 300 : 0;
    out.push({
      sensor_id: PROBE,
      meas_ts: ts,
      temperatures: [season + daily, season + daily + 20 + spike, season + 35],
      sensor_RSSI: -70 - (i % 20),
      bs_RSSI: -75 - (i % 15),
      batt_voltage: 360 - Math.floor(i / 1000),
    });
  }
  return out;
}

interface Case {
  name: string;
  mode: string;
  points: number;
  bytes: number;
  requests: number;
  latencyMsP50: number;
  latencyMsP95: number;
  latencyMsP99: number;
  latencyMsMax: number;
}

async function measure(
  client: ReturnType<typeof keepAliveClient>,
  name: string,
  path: string,
): Promise<Case> {
  // Warm-up: JIT, statement cache, page cache.
  for (let i = 0; i < 200; i++) await client.get(path);
  const first = await client.get(path);
  if (first.status !== 200) throw new Error(`${name}: ${first.status} ${first.body}`);
  const body = JSON.parse(first.body) as { mode: string; points: unknown[] };
  const latencies: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const r = await client.get(path);
    if (r.status !== 200) throw new Error(`${name}: ${r.status}`);
    latencies.push(r.ms);
  }
  const l = latencySummary(latencies);
  return {
    name,
    mode: body.mode,
    points: body.points.length,
    bytes: first.bytes,
    requests: REQUESTS,
    latencyMsP50: l.p50,
    latencyMsP95: l.p95,
    latencyMsP99: l.p99,
    latencyMsMax: l.max,
  };
}

const results = await withFreshServer('chart', async (port) => {
  const cases: Case[] = [];
  const now = Math.floor(Date.now() / 1000);
  process.stdout.write(`chart: ingesting a year of hourly readings (${HOURS}) for one probe …\n`);
  await ingestReadings(port, 0, yearOfReadings(now));
  const token = await login(port);
  const client = keepAliveClient(port, token, 1);
  const bs = stationId(0);
  const base = `/client/sensorData?BS_ID=${bs}&sensorID=${PROBE}&width=${WIDTH}`;
  for (const [name, path] of [
    ['year (snapshot)', `${base}&startTS=${now - 365 * 86_400}&endTS=${now}`],
    ['31 days raw', `${base}&startTS=${now - 31 * 86_400}&endTS=${now}`],
    ['31 days raw, allFields', `${base}&startTS=${now - 31 * 86_400}&endTS=${now}&allFields=1`],
    ['7 days raw', `${base}&startTS=${now - 7 * 86_400}&endTS=${now}`],
  ] as const) {
    const r = await measure(client, name, path);
    cases.push(r);
    process.stdout.write(
      `  ${name}: ${r.points} points (${r.mode}, ${(r.bytes / 1024).toFixed(1)} kB), p50 ${r.latencyMsP50} ms, p95 ${r.latencyMsP95} ms, p99 ${r.latencyMsP99} ms\n`,
    );
  }
  client.close();
  return cases;
});
writeResults('chart', {
  date: new Date().toISOString(),
  engine: 'sqlite',
  readings: HOURS,
  width: WIDTH,
  targetP95Ms: 10,
  results,
});
