/**
 * API benchmark: GET /client/data (the probe list's latest readings) of a 200-probe station at a
 * steady request rate, through the built server in its own process on a fresh SQLite store.
 * Requests are paced on a timer (an open loop: a slow answer does not slow the sender down) over
 * keep-alive connections; latency is measured from send to the last byte.
 *
 *   npx tsx bench/api/run.ts [--rate 1000] [--seconds 15] [--probes 200]
 *
 * Results go to stdout and bench/results/api.json. Target (issue 3): ≤ 20 ms p95 at 1,000 requests/s.
 */
import { parseArgs } from 'node:util';
import {
  ingestReadings,
  keepAliveClient,
  login,
  stationId,
  withFreshServer,
  writeResults,
} from '../support/benchServer.js';
import { paced, type PacedRun } from '../support/pacedLoad.js';

const { values: args } = parseArgs({
  options: {
    rate: { type: 'string', default: '1000' },
    seconds: { type: 'string', default: '15' },
    probes: { type: 'string', default: '200' },
  },
});
const RATE = Number(args.rate);
const SECONDS = Number(args.seconds);
const PROBES = Number(args.probes);
const result = await withFreshServer('api', async (port): Promise<PacedRun> => {
  const now = Math.floor(Date.now() / 1000);
  // A day of 20-minute readings for every probe, so probe_latest and probe_daily look like a real farm's.
  const readings: object[] = [];
  for (let round = 72; round >= 1; round--) {
    for (let p = 0; p < PROBES; p++) {
      const base = 200 + ((p * 37) % 300);
      readings.push({
        sensor_id: `H${800_000 + p}`,
        meas_ts: now - round * 1200,
        temperatures: [base, base + 10, base + 20],
        sensor_RSSI: -60 - (p % 40),
        bs_RSSI: -65 - (p % 30),
        batt_voltage: 340 + (p % 20),
      });
    }
  }
  await ingestReadings(port, 0, readings);
  const token = await login(port);
  const client = keepAliveClient(port, token, 256);
  const path = `/client/data?basestationID=${stationId(0)}`;
  const check = await client.get(path);
  const probes = (JSON.parse(check.body) as { results: unknown[] }).results.length;
  if (check.status !== 200 || probes !== PROBES)
    throw new Error(`unexpected answer: ${check.status}, ${probes} probes`);
  process.stdout.write(
    `api: GET /client/data, ${PROBES} probes (${(check.bytes / 1024).toFixed(1)} kB), ${RATE}/s for ${SECONDS} s …\n`,
  );
  await paced(client, path, 3, RATE); // warm-up
  const run = await paced(client, path, SECONDS, RATE);
  client.close();
  process.stdout.write(
    `  achieved ${run.achievedRate}/s (${run.completed} answers, ${run.errors} errors), p50 ${run.latencyMsP50} ms, p95 ${run.latencyMsP95} ms, p99 ${run.latencyMsP99} ms, max ${run.latencyMsMax} ms\n`,
  );
  return run;
});
writeResults('api', {
  date: new Date().toISOString(),
  engine: 'sqlite',
  call: 'GET /client/data',
  probes: PROBES,
  targetP95Ms: 20,
  result,
});
