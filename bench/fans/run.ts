/**
 * Fan controllers benchmark (issue 13 item 8): 1,000 controllers polling POST /fc/poll2 every 30 s
 * (docs/fan-controller-protocol.md) against the built server in its own process on a fresh SQLite
 * store, and the time from a manual command to the controller's report of it.
 *
 * The store holds 1,000 single-channel controllers (FC), each aerating a storage of one probe under
 * a monitor whose cooldown rule names it, with an outdoor probe: the server decides all 1,000
 * channels every 15 s and after each poll, as in production. The controllers are the simulator's
 * (apps/simulator FanControllerSimulator), each polling every poll_s (30 s) from a random phase,
 * with its inlet climate; they run in this process, on the same machine.
 *
 * Per round (--seconds, default 60, about 2,000 polls):
 * - poll latency p50 / p95 / p99 as the controllers see it;
 * - the server's CPU time per poll (utime + stime from /proc/<pid>/stat over the round, divided by
 *   the polls answered) — this includes everything the server did meanwhile: deciding every channel
 *   every 15 s, the offline check, the manual commands below;
 * - the manual command's way: --samples controllers (default 20) get a manual command at the
 *   round's start (POST /fc/setFcManualCommand as the owner); for each, the time until the server
 *   shows the controller's report of it (getFcItem: drive = command and appliedRev = rev), read every
 *   250 ms, and the call's own answer time. The controller applies a command at its next poll and
 *   reports it at the poll after, so the protocol's own share is 30–60 s at poll_s 30.
 * The load average (os.loadavg) is written beside each round; the summary is the median of rounds.
 *
 *   npx tsx bench/fans/run.ts [--controllers 1000] [--seconds 60] [--rounds 3] [--samples 20]
 *
 * Results go to stdout and bench/results/fans.json.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { setMaxListeners } from 'node:events';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { FanControllerSimulator } from '@emberwatch/simulator';
import { openStore, type Store } from '../../apps/server/src/db/createDatabase.js';
import { sha256 } from '../../apps/server/src/security/sha256.js';
import {
  ingestReadings,
  latencySummary,
  login,
  prepareStore,
  randomPort,
  round1,
  startServer,
  stationId,
  stopServer,
  writeResults,
} from '../support/benchServer.js';
import { median, processCpuMs } from '../support/procStats.js';

const { values: args } = parseArgs({
  options: {
    controllers: { type: 'string', default: '1000' },
    seconds: { type: 'string', default: '60' },
    rounds: { type: 'string', default: '3' },
    samples: { type: 'string', default: '20' },
  },
});
const CONTROLLERS = Number(args.controllers);
const SECONDS = Number(args.seconds);
const ROUNDS = Number(args.rounds);
const SAMPLES = Number(args.samples);
const OUTDOOR = 'B0P9999';
/** A station takes at most 500 probes (contracts/ingest.ts): the bins' probes spread over stations. */
const PROBES_PER_STATION = 200;
const STATIONS = Math.ceil(CONTROLLERS / PROBES_PER_STATION);

const fcId = (i: number) => `BFC-${String(i).padStart(5, '0')}`;
const fcSecret = (i: number) => `bench-fc-secret-${String(i).padStart(6, '0')}-0123456789`;
const stationOf = (i: number) => Math.floor(i / PROBES_PER_STATION);
const probeId = (i: number) => `B${stationOf(i)}P${i % PROBES_PER_STATION}`;

type Row = Record<string, string | number | null>;
const fanTables = (db: Store['db']) => db.withTables<{ fan_controllers: Row; fan_channels: Row }>();

/** Controllers, storages, monitors and channels straight into the store, before the server starts. */
async function seedFans(dataDir: string): Promise<void> {
  const store = openStore({ databaseUrl: undefined, sqlitePath: join(dataDir, 'emberwatch.db') });
  try {
    const owner = await store.db.selectFrom('users').select('id').executeTakeFirstOrThrow();
    const now = Math.floor(Date.now() / 1000);
    await store.db.transaction().execute(async (trx) => {
      for (let i = 0; i < CONTROLLERS; i++) {
        const rules = [
          {
            id: 1,
            type: 'COOLDOWN_CONTROL',
            ruleChanged: null,
            settings: {
              FC_ID: fcId(i),
              outdoorID: OUTDOOR,
              targetTemp: 100,
              delta1: 50,
              delta2: 150,
              outdoorAgelimit: 2,
              dataAgelimit: 6,
              hysteresis: 10,
              notifications: false,
              schedulerEnabled: false,
              disabledHours: Array.from({ length: 7 }, () => [0, 0]),
              reverseDisabled: false,
            },
          },
        ];
        await trx
          .insertInto('monitors')
          .values({
            owner_user_id: owner.id,
            item_id: i + 1,
            name: `Bench fans ${i + 1}`,
            default_monitor: 0,
            compost: 0,
            demo_type: null,
            rules: JSON.stringify(rules),
            created_ts: now,
            updated_ts: now,
            updated_by: null,
          })
          .execute();
        const storage = await trx
          .insertInto('storages')
          .values({
            owner_user_id: owner.id,
            bs_id: stationId(stationOf(i)),
            name: `Bench bin ${i + 1}`,
            type: 'grain',
            capacity: null,
            layout_type: null,
            sensor_layout: null,
            stacks: '[]',
            monitor_id: i + 1,
            layout_prefs: null,
            alert_messaging: null,
            quality_period: null,
            created_ts: now,
            updated_ts: now,
            updated_by: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('storage_probes')
          .values({ storage_id: storage.id, owner_user_id: owner.id, sensor_id: probeId(i) })
          .execute();
        // The fans feature's tables (migration 0021) are typed inside that feature only.
        await fanTables(trx)
          .insertInto('fan_controllers')
          .values({
            id: fcId(i),
            owner_user_id: owner.id,
            type: 'FC',
            channels: 1,
            name: null,
            secret_hash: sha256(fcSecret(i)),
            offline: 0,
            offline_logged: 0,
            created_ts: now,
          })
          .execute();
        await fanTables(trx)
          .insertInto('fan_channels')
          .values({
            fc_id: fcId(i),
            channel: 1,
            name: null,
            verbose: 0,
            in_use: storage.id,
            use_ts: now,
            outdoor_id: OUTDOOR,
            bs_id: stationId(stationOf(i)),
            batch_ref: null,
            monitor_ref: null,
            is_manual: 0,
            manual_command: 0,
            command: 0,
            rev: 0,
            rule_type: null,
            state: '{}',
            offline_rule: JSON.stringify({ cycle: 60, ontime: 0 }),
            decided_ts: null,
            counter_on: 0,
            counter_off: 0,
            switches: 0,
            updated_ts: now,
          })
          .execute();
      }
    });
  } finally {
    await store.close();
  }
}

interface Channel {
  FC_ID: string;
  command: 0 | 1;
  state: Record<string, unknown>;
  drive: 0 | 1 | null;
  rev: number;
  appliedRev: number | null;
}

const dataDir = mkdtempSync(join(tmpdir(), 'emberwatch-bench-fans-'));
const port = randomPort();
const t0 = performance.now();
await prepareStore({ dataDir, stations: STATIONS, login: true });
await seedFans(dataDir);
process.stdout.write(`fans: ${CONTROLLERS} controllers seeded in ${Math.round(performance.now() - t0)} ms\n`);
const server = await startServer(dataDir, undefined, port);
const pid = server.pid as number;
const url = `http://127.0.0.1:${port}`;
const stop = new AbortController();
// A thousand controllers wait on it at once.
setMaxListeners(0, stop.signal);
try {
  const token = await login(port);
  const authed = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  // Every bin 20 °C, the outdoor air 10 °C: every rule wants its fan on.
  const now = Math.floor(Date.now() / 1000);
  for (let st = 0; st < STATIONS; st++) {
    const readings = Array.from({ length: CONTROLLERS }, (_, i) => i)
      .filter((i) => stationOf(i) === st)
      .map((i) => ({ sensor_id: probeId(i), meas_ts: now, temperatures: [200, 200, 200, 200] }));
    if (st === 0) readings.push({ sensor_id: OUTDOOR, meas_ts: now, temperatures: [100] });
    // At most 100 new probes a packet (contracts/ingest.ts).
    for (let k = 0; k < readings.length; k += 100) await ingestReadings(port, st, readings.slice(k, k + 100));
  }

  // The controllers: each polls every poll_s (30 s) from a random phase; latency of each answer.
  let latencies: number[] = [];
  let polls = 0;
  let failures = 0;
  const timedFetch = (async (input: Parameters<typeof fetch>[0], init?: RequestInit) => {
    const started = performance.now();
    try {
      const res = await fetch(input, init);
      await res.clone().arrayBuffer();
      if (res.ok) {
        latencies.push(performance.now() - started);
        polls++;
      } else failures++;
      return res;
    } catch (err) {
      failures++;
      throw err;
    }
  }) as typeof fetch;
  const controllers = Array.from(
    { length: CONTROLLERS },
    (_, i) =>
      new FanControllerSimulator({
        url,
        fcId: fcId(i),
        secret: fcSecret(i),
        channels: 1,
        firmware: 'bench',
        fetch: timedFetch,
        climate: () => ({ temperature: 100, rh: 50 }),
      }),
  );
  const running = controllers.map(async (fc) => {
    await new Promise((r) => setTimeout(r, Math.random() * 30_000));
    if (!stop.signal.aborted) await fc.run(stop.signal);
  });
  // Warm-up: one poll of each (30 s), then the rounds. Every rule must want its fan on by then.
  await new Promise((r) => setTimeout(r, 32_000));
  const all = (await (await fetch(`${url}/fc/getFcItem`, { headers: authed })).json()) as {
    results: Channel[];
  };
  // Commanded on; each controller reports its fan running at its second poll (it reports, then applies).
  const on = all.results.filter((c) => c.command === 1).length;
  process.stdout.write(
    `fans: warm-up done (${polls} polls, ${failures} failures); ${on} of ${all.results.length} fans commanded on by their rule\n`,
  );
  if (on !== CONTROLLERS) {
    const why = new Map<string, number>();
    for (const c of all.results) {
      const k = JSON.stringify([c.command, c.drive, c.state]);
      why.set(k, (why.get(k) ?? 0) + 1);
    }
    process.stdout.write([...why].map(([k, n]) => `${n} × ${k}`).join('\n') + '\n');
    throw new Error('not every fan runs: the data or the rules of the bench are wrong');
  }

  const item = async (id: string): Promise<Channel> => {
    const res = await fetch(`${url}/fc/getFcItem?id=${id}`, { headers: authed });
    return ((await res.json()) as { results: Channel[] }).results[0]!;
  };
  const rounds = [];
  for (let r = 0; r < ROUNDS; r++) {
    latencies = [];
    polls = 0;
    failures = 0;
    const load1 = round1(loadavg()[0]!);
    const cpuBefore = processCpuMs(pid)!;
    const roundStart = performance.now();
    // Manual commands: off by hand (round 1, 3 …) or on by hand (round 2 …), against rules saying on.
    const command = r % 2 === 0 ? 0 : 1;
    const sample = Array.from({ length: SAMPLES }, (_, k) => (r * SAMPLES + k) % CONTROLLERS);
    const commandMs: number[] = [];
    const reportMs: (number | null)[] = await Promise.all(
      sample.map(async (i) => {
        const sent = performance.now();
        const res = await fetch(`${url}/fc/setFcManualCommand`, {
          method: 'POST',
          headers: authed,
          body: JSON.stringify({ fc_id: fcId(i), channel: 1, isManual: true, command }),
        });
        commandMs.push(performance.now() - sent);
        if (!res.ok) throw new Error(`manual command: ${res.status} ${await res.text()}`);
        const { rev } = ((await res.json()) as { results: Channel[] }).results[0]!;
        // Applied at the next poll (within 30 s), reported at the one after (30 s later).
        while (performance.now() - sent < 75_000) {
          const c = await item(fcId(i));
          if (c.drive === command && c.appliedRev !== null && c.appliedRev >= rev)
            return performance.now() - sent;
          await new Promise((done) => setTimeout(done, 250));
        }
        return null;
      }),
    );
    const rest = SECONDS * 1000 - (performance.now() - roundStart);
    if (rest > 0) await new Promise((done) => setTimeout(done, rest));
    const seconds = (performance.now() - roundStart) / 1000;
    const cpuMs = processCpuMs(pid)! - cpuBefore;
    const reported = reportMs.filter((x): x is number => x !== null).sort((a, b) => a - b);
    const round = {
      load1,
      seconds: round1(seconds),
      polls,
      failures,
      pollsPerSecond: round1(polls / seconds),
      pollLatencyMs: latencySummary(latencies),
      serverCpuMsPerPoll: Math.round((cpuMs / Math.max(1, polls)) * 100) / 100,
      serverCpuShare: Math.round((cpuMs / (seconds * 1000)) * 1000) / 1000,
      manual: {
        command,
        samples: SAMPLES,
        reported: reported.length,
        callMs: latencySummary(commandMs),
        toReportMs: latencySummary(reported),
      },
    };
    rounds.push(round);
    process.stdout.write(
      `  round ${r + 1} (load ${load1}): ${polls} polls in ${round.seconds} s (${round.pollsPerSecond}/s, ${failures} failed), ` +
        `p50 ${round.pollLatencyMs.p50} / p95 ${round.pollLatencyMs.p95} / p99 ${round.pollLatencyMs.p99} ms, ` +
        `server ${round.serverCpuMsPerPoll} ms CPU per poll (${Math.round(round.serverCpuShare * 100)} % of a core); ` +
        `manual ${command ? 'on' : 'off'}: call p50 ${round.manual.callMs.p50} ms, to the controller's report p50 ${round.manual.toReportMs.p50} / max ${round.manual.toReportMs.max} ms (${reported.length}/${SAMPLES})\n`,
    );
  }
  const summary = {
    pollP95Ms: median(rounds.map((r) => r.pollLatencyMs.p95)),
    serverCpuMsPerPoll: median(rounds.map((r) => r.serverCpuMsPerPoll)),
    manualToReportP50Ms: median(rounds.map((r) => r.manual.toReportMs.p50)),
    manualToReportMaxMs: Math.max(...rounds.map((r) => r.manual.toReportMs.max)),
    manualCallP50Ms: median(rounds.map((r) => r.manual.callMs.p50)),
    load1: rounds.map((r) => r.load1),
  };
  process.stdout.write(
    `median of ${ROUNDS} rounds: poll p95 ${summary.pollP95Ms} ms, ${summary.serverCpuMsPerPoll} ms server CPU per poll; ` +
      `manual command to the controller's report p50 ${summary.manualToReportP50Ms} ms (max ${summary.manualToReportMaxMs} ms), the call itself p50 ${summary.manualCallP50Ms} ms\n`,
  );
  writeResults('fans', {
    date: new Date().toISOString(),
    engine: 'sqlite',
    controllers: CONTROLLERS,
    pollS: 30,
    seconds: SECONDS,
    samples: SAMPLES,
    summary,
    rounds,
  });
  stop.abort();
  await Promise.race([Promise.all(running), new Promise((done) => setTimeout(done, 5_000))]);
} finally {
  stop.abort();
  await stopServer(server);
  rmSync(dataDir, { recursive: true, force: true });
}
