/**
 * Storages API benchmark (issue 10 "Numbers"): the storage list of an account with 50 storages and
 * the detail of a 200-probe bale stack, through the built server in its own process on a fresh
 * SQLite store, each at a steady request rate (an open loop, bench/support/pacedLoad.ts).
 *
 * The storage detail page asks two things: the account's storages (the list, which holds every
 * storage's layout — the 200-probe stack's among them) and the latest readings of the station's
 * probes. Both are measured; the second with the stack's 200 probes reporting.
 *
 *   npx tsx bench/storages/run.ts [--rate 200] [--seconds 15] [--rounds 3]
 *
 * Results go to stdout and bench/results/storages.json. Target: API p95 ≤ 20 ms.
 */
import { loadavg } from 'node:os';
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
    rate: { type: 'string', default: '200' },
    seconds: { type: 'string', default: '15' },
    rounds: { type: 'string', default: '3' },
  },
});
const RATE = Number(args.rate);
const SECONDS = Number(args.seconds);
const ROUNDS = Number(args.rounds);
const STORAGES = 50;
const STACK_PROBES = 200;
const ROWS_PROBES = 5;

const hayProbe = (i: number) => `H${String(900_000 + i)}`;
const grainProbe = (i: number) => `G${String(700_000 + i)}`;

/** Five stacks of 5 × 10 bales, four high, 40 probes on each stack's bottom layer. */
function bigStack(name: string) {
  const stacks = Array.from({ length: 5 }, (_, index) => {
    const piles = [];
    for (let r = 0; r < 5; r++) for (let c = 0; c < 10; c++) piles.push({ r, c, h: 4 });
    const sensors = Array.from({ length: STACK_PROBES / 5 }, (_, k) => ({
      id: hayProbe(index * (STACK_PROBES / 5) + k),
      row: Math.floor(k / 10),
      column: k % 10,
      floor: k % 4,
    }));
    return { index, nRows: 5, nColumns: 10, color: '#c8a165', sensors, piles };
  });
  return { ...storageBase(name), layoutType: 3, sensor_layout: null, stacks };
}

function rowsStorage(name: string, first: number) {
  const sensors = Array.from({ length: ROWS_PROBES }, (_, k) => ({
    id: grainProbe(first + k),
    row: 0,
    column: k,
    floor: 0,
  }));
  return {
    ...storageBase(name),
    layoutType: 1,
    sensor_layout: { rows: [{ index: 0, rowLength: ROWS_PROBES }], floors: 1, sensors },
    stacks: [],
  };
}

function storageBase(name: string) {
  return {
    name,
    type: 'Round bales',
    capacity: 500,
    BS_ID: stationId(0),
    monitor: null,
    layout_prefs: null,
    alertMessaging: null,
    qualityPeriod: null,
  };
}

async function post(port: number, token: string, path: string, body: object): Promise<void> {
  const res = await fetch(`http://127.0.0.1:${port}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
}

interface Round {
  load1: number;
  list: PacedRun;
  detailReadings: PacedRun;
}

const result = await withFreshServer('storages', async (port) => {
  const now = Math.floor(Date.now() / 1000);
  const ids = [
    ...Array.from({ length: STACK_PROBES }, (_, i) => hayProbe(i)),
    ...Array.from({ length: (STORAGES - 1) * ROWS_PROBES }, (_, i) => grainProbe(i)),
  ];
  // A day of hourly readings for every probe: the readings the list and the detail colour by.
  const readings: object[] = [];
  for (let h = 24; h >= 1; h--)
    for (const [p, id] of ids.entries()) {
      const base = 150 + ((p * 37) % 400);
      readings.push({ sensor_id: id, meas_ts: now - h * 3600, temperatures: [base, base + 10, base + 20] });
    }
  await ingestReadings(port, 0, readings);
  const token = await login(port);
  await post(port, token, '/client/saveStorage', { item: bigStack('Big stack') });
  for (let s = 0; s < STORAGES - 1; s++)
    await post(port, token, '/client/saveStorage', {
      item: rowsStorage(`Bin ${String(s + 1).padStart(2, '0')}`, s * ROWS_PROBES),
    });
  const client = keepAliveClient(port, token, 256);
  const listPath = '/client/getStorages';
  const dataPath = `/client/data?basestationID=${stationId(0)}`;
  const list = await client.get(listPath);
  const storages = (JSON.parse(list.body) as { results: unknown[] }).results.length;
  if (list.status !== 200 || storages !== STORAGES)
    throw new Error(`unexpected list: ${list.status}, ${storages} storages`);
  process.stdout.write(
    `storages: ${STORAGES} storages (list ${(list.bytes / 1024).toFixed(1)} kB), a ${STACK_PROBES}-probe stack; ${RATE}/s for ${SECONDS} s, ${ROUNDS} rounds\n`,
  );
  await paced(client, listPath, 3, RATE); // warm-up
  await paced(client, dataPath, 3, RATE);
  const rounds: Round[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const load1 = Math.round(loadavg()[0]! * 100) / 100;
    const listRun = await paced(client, listPath, SECONDS, RATE);
    const dataRun = await paced(client, dataPath, SECONDS, RATE);
    rounds.push({ load1, list: listRun, detailReadings: dataRun });
    process.stdout.write(
      `  round ${r + 1} (load ${load1}): list p50 ${listRun.latencyMsP50} / p95 ${listRun.latencyMsP95} ms (${listRun.errors} errors); ` +
        `station readings p50 ${dataRun.latencyMsP50} / p95 ${dataRun.latencyMsP95} ms (${dataRun.errors} errors)\n`,
    );
  }
  client.close();
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  return {
    listBytes: list.bytes,
    rounds,
    medianP95Ms: {
      list: median(rounds.map((r) => r.list.latencyMsP95)),
      detailReadings: median(rounds.map((r) => r.detailReadings.latencyMsP95)),
    },
  };
});
process.stdout.write(
  `median p95: list ${result.medianP95Ms.list} ms, station readings ${result.medianP95Ms.detailReadings} ms\n`,
);
writeResults('storages', {
  date: new Date().toISOString(),
  engine: 'sqlite',
  storages: STORAGES,
  stackProbes: STACK_PROBES,
  rate: RATE,
  seconds: SECONDS,
  targetP95Ms: 20,
  ...result,
});
