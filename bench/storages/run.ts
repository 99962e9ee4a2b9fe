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
import { keepAliveClient, login, stationId, withFreshServer, writeResults } from '../support/benchServer.js';
import { paced, type PacedRun } from '../support/pacedLoad.js';
import { processCpuMs } from '../support/procStats.js';
import { seedStorageFarm, STACK_PROBES, STORAGES } from '../support/seedStorageFarm.js';

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
/** A paced run with the server's CPU time per 1,000 answered requests beside it. */
type MeasuredRun = PacedRun & { serverCpuMsPer1000: number };
interface Round {
  load1: number;
  list: MeasuredRun;
  detailReadings: MeasuredRun;
}

const result = await withFreshServer('storages', async (port, pid) => {
  const token = await login(port);
  await seedStorageFarm(port, token);
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
  // Server CPU time (utime + stime, all threads) per 1,000 answers: the figure other work on the
  // machine disturbs least, since it takes wall-clock time from the server but not CPU per request.
  const measured = async (path: string): Promise<MeasuredRun> => {
    const before = processCpuMs(pid);
    const run = await paced(client, path, SECONDS, RATE);
    const after = processCpuMs(pid);
    if (before === undefined || after === undefined) throw new Error('no /proc/<pid>/stat for the server');
    return { ...run, serverCpuMsPer1000: Math.round(((after - before) / run.completed) * 10_000) / 10 };
  };
  const rounds: Round[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const load1 = Math.round(loadavg()[0]! * 100) / 100;
    const listRun = await measured(listPath);
    const dataRun = await measured(dataPath);
    rounds.push({ load1, list: listRun, detailReadings: dataRun });
    process.stdout.write(
      `  round ${r + 1} (load ${load1}): list p50 ${listRun.latencyMsP50} / p95 ${listRun.latencyMsP95} ms, ${listRun.serverCpuMsPer1000} ms CPU per 1,000 (${listRun.errors} errors); ` +
        `station readings p50 ${dataRun.latencyMsP50} / p95 ${dataRun.latencyMsP95} ms, ${dataRun.serverCpuMsPer1000} ms CPU per 1,000 (${dataRun.errors} errors)\n`,
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
    medianServerCpuMsPer1000: {
      list: median(rounds.map((r) => r.list.serverCpuMsPer1000)),
      detailReadings: median(rounds.map((r) => r.detailReadings.serverCpuMsPer1000)),
    },
  };
});
process.stdout.write(
  `median p95: list ${result.medianP95Ms.list} ms, station readings ${result.medianP95Ms.detailReadings} ms; ` +
    `server CPU per 1,000: list ${result.medianServerCpuMsPer1000.list} ms, station readings ${result.medianServerCpuMsPer1000.detailReadings} ms\n`,
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
