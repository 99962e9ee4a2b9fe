/**
 * Ingest with alert monitors (issue 11 item 2: "with 1,000 active rules, ingest stays at ≥ 25,000
 * readings/s into SQLite"). The load of bench/ingest-vs-influx — one reading of each of a station's
 * probes per packet, 32 packets in flight, every reading new — drives the built server on a fresh
 * SQLite store, once with no monitor and once with storages whose monitors hold `--rules` active alert
 * rules in all over every probe of the benchmark, alternated round by round. Reported per run and as
 * the median of the rounds: readings/s, the server's CPU ms per 1,000 readings (the figure a shared
 * machine disturbs least) and the load average beside it; and the with/without ratio of both.
 *
 * The measurement times start 40 h back so the readings fall inside the evaluator's look-back (49 h):
 * older readings are never evaluated, and the rules would cost nothing.
 *
 *   npm run bench -- monitors-ingest
 *   npx tsx bench/monitors-ingest/run.ts --seconds 10 --warmup 3 --rounds 1 --results /tmp/mi.json   (quick)
 *   npx tsx bench/monitors-ingest/run.ts [--seconds 15] [--warmup 5] [--rounds 3] [--stations 50]
 *     [--probes 100] [--rules 1000] [--storages 50] [--concurrency 32] [--results bench/results/monitors-ingest.json]
 */
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { RuleType } from '@emberwatch/shared/domain/kinds/ruleTypes';
import { defaultRuleSettings } from '@emberwatch/shared/domain/rules/defaultRuleSettings';
import { openStore } from '../../apps/server/src/db/createDatabase.js';
import {
  latencySummary,
  prepareStore,
  root,
  round1,
  startServer,
  stopServer,
} from '../support/benchServer.js';
import { closedLoop, type SendOutcome } from '../support/closedLoop.js';
import { ingestReading, postPacket } from '../support/ingestPacket.js';
import { seedMonitoredStorages } from '../support/seedMonitoredStorages.js';
import { freePort, loadAverage, median, processCpuMs } from '../support/procStats.js';
import { packetAt, probeReadings, type LoadShape } from '../support/probeReadings.js';
import { positive } from '../support/positiveArg.js';

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '15' },
    warmup: { type: 'string', default: '5' },
    rounds: { type: 'string', default: '3' },
    stations: { type: 'string', default: '50' },
    probes: { type: 'string', default: '100' },
    rules: { type: 'string', default: '1000' },
    storages: { type: 'string', default: '50' },
    concurrency: { type: 'string', default: '32' },
    results: { type: 'string', default: 'bench/results/monitors-ingest.json' },
  },
});

const SECONDS = positive('seconds', args.seconds, 600);
const WARMUP = positive('warmup', args.warmup, 600);
const ROUNDS = Math.round(positive('rounds', args.rounds, 20));
const STATIONS = Math.round(positive('stations', args.stations, 1000));
const PROBES = Math.round(positive('probes', args.probes, 100));
const RULES = Math.round(positive('rules', args.rules, 100_000));
const STORAGES = Math.round(positive('storages', args.storages, 10_000));
const CONCURRENCY = Math.round(positive('concurrency', args.concurrency, 256));
if (STORAGES > STATIONS * PROBES || RULES < STORAGES) {
  console.error('--storages must be at most stations × probes and at most --rules');
  process.exit(2);
}

const shape: LoadShape = {
  stations: STATIONS,
  probes: PROBES,
  startTs: Math.floor(Date.now() / 1000) - 40 * 3600,
  // A minute per round of stations: at 90,000 readings/s a 10-minute step ran through the 40 hours
  // into the future within a run (and ingest refuses readings more than 10 minutes ahead).
  stepSeconds: 60,
};

/**
 * The rules of the i-th monitor: the four alert kinds in turn, with limits the benchmark's readings
 * (15–60 °C) rarely cross, so the run measures evaluation, not a flood of alerts.
 */
function rulesOf(count: number) {
  const kinds: RuleType[] = ['ABS_MAX', 'REL_MAX', 'ABS_MIN', 'REL_MIN'];
  return Array.from({ length: count }, (_, i) => {
    const type = kinds[i % kinds.length]!;
    const settings = defaultRuleSettings(type) as Record<string, unknown>;
    if (type === 'ABS_MAX') settings.alertLimit = 700 + i;
    if (type === 'ABS_MIN') settings.alertLimit = -50 - i;
    return { id: i + 1, type, settings };
  });
}

/** Storages spread over every probe of the benchmark, each with its own monitor; rules shared out evenly. */
function seedMonitors(dataDir: string): Promise<void> {
  return seedMonitoredStorages({
    dataDir,
    stations: STATIONS,
    probes: PROBES,
    storages: STORAGES,
    rules: RULES,
    rulesOf,
  });
}

function sender(port: number) {
  return (station: number, ts: number): Promise<SendOutcome> => {
    const readings = probeReadings(shape, station, ts).map((r) => ingestReading(r, ts));
    return postPacket(port, station, readings, readings.length);
  };
}

interface RunRecord {
  variant: 'without-rules' | 'with-rules';
  round: number;
  loadAverageBefore: [number, number, number];
  loadAverageAfter: [number, number, number];
  seconds: number;
  readings: number;
  errors: number;
  firstError: string | undefined;
  readingsPerSecond: number;
  serverCpuMs: number;
  cpuMsPer1000Readings: number;
  latencyMs: { p50: number; p95: number; p99: number; max: number };
  /** Rule-state rows after the run (with rules: how many rules were evaluated at least once). */
  evaluatedRules: number;
}

let running: ChildProcess | undefined;
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    running?.kill('SIGTERM');
    process.exit(130);
  });

async function measure(variant: RunRecord['variant'], round: number): Promise<RunRecord> {
  const loadAverageBefore = loadAverage();
  const dataDir = mkdtempSync(join(tmpdir(), 'emberwatch-bench-monitors-'));
  try {
    await prepareStore({ dataDir, stations: STATIONS });
    if (variant === 'with-rules') await seedMonitors(dataDir);
    const port = await freePort();
    const server = await startServer(dataDir, undefined, port);
    running = server;
    let record: Omit<RunRecord, 'evaluatedRules'>;
    try {
      const send = sender(port);
      const nextIndex = { value: 0 };
      const loop = (seconds: number) =>
        closedLoop({
          concurrency: CONCURRENCY,
          seconds,
          nextIndex,
          send: (index) => {
            const { station, ts } = packetAt(shape, index);
            return send(station, ts);
          },
          alive: () => server.exitCode === null && server.signalCode === null,
        });
      const warm = await loop(WARMUP);
      if (warm.readings === 0) throw new Error(`nothing stored in the warm-up: ${warm.firstError}`);
      const cpu0 = processCpuMs(server.pid!) ?? Number.NaN;
      const measured = await loop(SECONDS);
      const cpu1 = processCpuMs(server.pid!) ?? Number.NaN;
      const loadAverageAfter = loadAverage();
      if (measured.errors > 0) console.warn(`  ${measured.errors} failed requests: ${measured.firstError}`);
      record = {
        variant,
        round,
        loadAverageBefore,
        loadAverageAfter,
        seconds: round1(measured.seconds),
        readings: measured.readings,
        errors: measured.errors + warm.errors,
        firstError: measured.firstError ?? warm.firstError,
        readingsPerSecond: Math.round(measured.readings / measured.seconds),
        serverCpuMs: Math.round(cpu1 - cpu0),
        cpuMsPer1000Readings: Math.round(((cpu1 - cpu0) / Math.max(1, measured.readings)) * 100_000) / 100,
        latencyMs: latencySummary(measured.latencies),
      };
    } finally {
      await stopServer(server);
      running = undefined;
    }
    const store = openStore({ databaseUrl: undefined, sqlitePath: join(dataDir, 'emberwatch.db') });
    try {
      const n = await store.db
        .selectFrom('monitor_rule_state')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return { ...record, evaluatedRules: Number(n.n) };
    } finally {
      await store.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const runs: RunRecord[] = [];
for (let round = 1; round <= ROUNDS; round++) {
  // Alternated, and the first of the pair swapped each round, so a drift of the machine's load hits both.
  const order: RunRecord['variant'][] =
    round % 2 === 1 ? ['without-rules', 'with-rules'] : ['with-rules', 'without-rules'];
  for (const variant of order) {
    const r = await measure(variant, round);
    runs.push(r);
    console.log(
      `round ${round} ${variant.padEnd(13)} ${String(r.readingsPerSecond).padStart(7)} readings/s  ` +
        `${r.cpuMsPer1000Readings.toFixed(2).padStart(7)} CPU ms/1,000  p50 ${r.latencyMs.p50} ms  ` +
        `load ${r.loadAverageBefore[0].toFixed(2)}→${r.loadAverageAfter[0].toFixed(2)}  ` +
        `rules evaluated ${r.evaluatedRules}${r.errors ? `  errors ${r.errors}` : ''}`,
    );
  }
}

const summary = (variant: RunRecord['variant']) => {
  const mine = runs.filter((r) => r.variant === variant);
  return {
    readingsPerSecond: median(mine.map((r) => r.readingsPerSecond)),
    cpuMsPer1000Readings: median(mine.map((r) => r.cpuMsPer1000Readings)),
    loadAverage1m: median(mine.map((r) => r.loadAverageBefore[0])),
  };
};
const without = summary('without-rules');
const withRules = summary('with-rules');
const results = {
  machine: { cpus: cpus().length, model: cpus()[0]?.model },
  options: {
    seconds: SECONDS,
    warmup: WARMUP,
    rounds: ROUNDS,
    stations: STATIONS,
    probes: PROBES,
    rules: RULES,
    storages: STORAGES,
    concurrency: CONCURRENCY,
  },
  median: {
    withoutRules: without,
    withRules,
    readingsPerSecondRatio: Math.round((withRules.readingsPerSecond / without.readingsPerSecond) * 100) / 100,
    cpuPerReadingRatio:
      Math.round((withRules.cpuMsPer1000Readings / without.cpuMsPer1000Readings) * 100) / 100,
  },
  runs,
};
console.log(JSON.stringify(results.median, null, 2));
const out = resolve(root, args.results);
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, JSON.stringify(results, null, 2) + '\n');
