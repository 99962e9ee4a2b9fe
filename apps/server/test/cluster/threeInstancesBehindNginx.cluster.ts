// Three built server instances on one PostgreSQL database behind nginx, configured from the
// repository's deploy/nginx example; the simulator's stations and fan controllers and six live
// WebSocket clients (the web app's own realtime client) go through nginx. One instance is killed with
// SIGKILL while it ingests and while an alert is being delivered, then started again. Decision 0137.
//
//   npm run build && node scripts/test.mjs --skip-build --only=cluster
//   (or: cd apps/server && npx vitest run -c vitest.cluster.config.ts)
//
// Needs /usr/sbin/nginx (scripts/test.mjs installs Debian's package as root) and PostgreSQL at
// TEST_DATABASE_URL: without it the file is skipped with a warning, or fails with REQUIRE_POSTGRES=1.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import {
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { connect } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  IngestClient,
  INGEST_PATH,
  loadStationsConfig,
  NO_FAULTS,
  runLive,
  StationSimulator,
  type PollOutcome,
} from '@emberwatch/simulator';
// Not in the simulator's library entry: the CLI's own helper that builds the stations file's controllers.
import { fanControllers } from '../../../simulator/src/fanControllers.js';
import { startStandIns, type StandIns } from '@emberwatch/stand-ins';
import type { IngestPacket } from '@emberwatch/shared/contracts/ingest';
import { freePort } from '../support/freePort.js';
import { exampleTestSite, testNginxConf } from '../../../../scripts/lib/nginxSite.mjs';

const repoRoot = resolve(import.meta.dirname, '../../../..');

// The web app's own live client (apps/web/src/lib/realtimeClient.ts): its back-off and handshake are
// what a browser does. Loaded by path, so the server's type check does not take in the web's DOM types;
// the shape used here is declared below.
type RealtimeStatus = 'connecting' | 'open' | 'closed';
interface RealtimeClientModule {
  createRealtimeClient: (options: {
    url: string;
    getToken: () => Promise<string | null>;
    onMessage: (message: { type: string; bs_ids?: string }) => void;
    onStatus?: (status: RealtimeStatus) => void;
    WebSocketImpl?: unknown;
  }) => { start(): void; stop(): void };
}
const webRealtimeClient = join(repoRoot, 'apps/web/src/lib/realtimeClient.ts');
const { createRealtimeClient } = (await import(webRealtimeClient)) as RealtimeClientModule;
const serverMain = join(repoRoot, 'apps/server/dist/main.js');
const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
const baseUrl = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const requirePostgres = process.env.REQUIRE_POSTGRES === '1';

/** Resolves to null when PostgreSQL answers, or to why not. */
async function postgresProblem(): Promise<string | null> {
  const admin = new pg.Client({
    connectionString: withDatabase(baseUrl, 'postgres'),
    connectionTimeoutMillis: 3000,
  });
  try {
    await admin.connect();
    await admin.query('select 1');
    return null;
  } catch (error) {
    return (error as Error).message || String(error);
  } finally {
    await admin.end().catch(() => undefined);
  }
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

const problem = await postgresProblem();
const missing = [
  ...(problem ? [`PostgreSQL at ${baseUrl} (${problem})`] : []),
  ...(existsSync(NGINX) ? [] : [`nginx at ${NGINX}`]),
  ...(existsSync(serverMain) ? [] : ['the build (apps/server/dist/main.js): run npm run build']),
];
if (missing.length > 0) {
  const text = `THREE INSTANCES BEHIND NGINX SKIPPED: missing ${missing.join('; ')}`;
  if (requirePostgres || !problem) throw new Error(text);
  console.warn(`${'!'.repeat(78)}\n!!  ${text}\n${'!'.repeat(78)}`);
}

/** DELIVERY_CLAIM_LEASE_S of the instances. */
const CLAIM_LEASE_S_HERE = 30;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `check` every 200 ms until it returns a value other than undefined/false; no own time limit. */
async function until<T>(check: () => Promise<T | undefined | false> | T | undefined | false): Promise<T> {
  for (;;) {
    const v = await check();
    if (v !== undefined && v !== false) return v;
    await sleep(200);
  }
}

async function ready(url: string): Promise<boolean> {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(5000) })).ok;
  } catch {
    return false;
  }
}

/**
 * Whether nginx itself listens on `port`: a request line it cannot parse gets its own 400, `Server:
 * nginx`, without reaching an upstream (a probe through to the instances before they listen would count
 * against their max_fails) and telling nginx apart from another process on that port.
 */
function nginxAnswers(port: number): Promise<boolean> {
  return new Promise((done) => {
    const socket = connect(port, '127.0.0.1');
    let reply = '';
    const end = (answer: boolean) => {
      socket.destroy();
      done(answer);
    };
    socket.setTimeout(5000, () => end(false));
    socket.on('error', () => end(false));
    socket.on('connect', () => socket.write('?\r\n\r\n'));
    socket.on('data', (chunk: Buffer) => {
      reply += chunk.toString('latin1');
      if (reply.includes('\r\n\r\n')) end(/^server: nginx/im.test(reply));
    });
    socket.on('end', () => end(/^server: nginx/im.test(reply)));
  });
}

const hasExited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

/**
 * Polls `check` every 200 ms until it holds (true) or `child` has exited (false): a process that could
 * not start is told at once, with why, instead of after the hook's four minutes.
 */
async function untilOrExited(child: ChildProcess, check: () => Promise<boolean>): Promise<boolean> {
  while (!hasExited(child)) {
    if (await check()) return true;
    await sleep(200);
  }
  return false;
}

const exitOf = (child: ChildProcess) =>
  child.signalCode ? `signal ${child.signalCode}` : `exit code ${child.exitCode}`;

/** A start refused because another process holds the port it was given. */
const portTaken = (output: string) => /EADDRINUSE|Address already in use/.test(output);
const START_TRIES = 3;

interface Instance {
  port: number;
  dataDir: string;
  child: ChildProcess;
  /** The end of its output, kept in memory: written out when it fails to start. */
  recent: string;
}

describe.skipIf(missing.length > 0)('three instances on one PostgreSQL behind nginx', () => {
  const work = mkdtempSync(join(tmpdir(), 'emberwatch-cluster-'));
  const dbName = `emberwatch_cluster_${process.pid}`;
  const databaseUrl = withDatabase(baseUrl, dbName);
  const jwtSecret = `cluster-test-${process.pid}-${Date.now()}-secret`;
  let db: pg.Client;
  let standIns: StandIns;
  let nginx: ChildProcess | undefined;
  let nginxPort = 0;
  let nginxUrl = '';
  const instances: Instance[] = [];
  /** Whether beforeAll got to its end. */
  let setUp = false;

  function startInstance(i: number, opts: { seed: boolean }): Instance {
    const inst = instances[i]!;
    const log = createWriteStream(join(work, `instance-${i + 1}.log`), { flags: 'a' });
    const child = spawn(process.execPath, [serverMain], {
      cwd: repoRoot,
      env: {
        ...process.env,
        ...standIns.env,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(inst.port),
        DATA_DIR: inst.dataDir,
        DATABASE_URL: databaseUrl,
        DEMO_SEED: opts.seed ? '1' : '0',
        JWT_SECRET: jwtSecret,
        PUBLIC_URL: nginxUrl,
        TRUST_PROXY: '127.0.0.1',
        LOG_LEVEL: 'warn',
        // The shortest lease allowed (its default is 2 minutes): what the killed instance had claimed
        // goes out half a minute later, and the test does not wait out two minutes for it.
        DELIVERY_CLAIM_LEASE_S: String(CLAIM_LEASE_S_HERE),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    inst.child = child;
    inst.recent = '';
    const keep = (chunk: Buffer) => {
      log.write(chunk);
      inst.recent = (inst.recent + chunk.toString()).slice(-4000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    return inst;
  }

  const nginxPrefix = join(work, 'nginx');
  const nginxArgs = () => [
    '-p',
    nginxPrefix,
    '-e',
    join(nginxPrefix, 'error.log'),
    '-c',
    join(nginxPrefix, 'nginx.conf'),
  ];
  const nginxErrors = () => {
    try {
      return readFileSync(join(nginxPrefix, 'error.log'), 'utf8').slice(-4000);
    } catch {
      return '(no error.log)';
    }
  };

  /** nginx.conf from the repository's example with the instances' current ports. */
  function writeNginxConf() {
    const site = exampleTestSite({ upstreamPorts: instances.map((x) => x.port), listenPort: nginxPort });
    writeFileSync(
      join(nginxPrefix, 'nginx.conf'),
      testNginxConf({ prefix: nginxPrefix, site, runAsRoot: process.getuid?.() === 0 }),
    );
  }

  /**
   * Starts nginx before the instances (an upstream that does not listen yet only gets a 502), so that
   * its port is known to be its own before the instances are told it as their PUBLIC_URL. A port is
   * free when freePort() picks it, but the PostgreSQL step beside this one opens sockets all the time
   * and may take it before nginx binds: then nginx gets another one (decision 0172).
   */
  async function startNginx() {
    mkdirSync(nginxPrefix, { recursive: true });
    for (let attempt = 1; ; attempt++) {
      nginxPort = await freePort();
      nginxUrl = `http://127.0.0.1:${nginxPort}`;
      rmSync(join(nginxPrefix, 'error.log'), { force: true });
      writeNginxConf();
      const check = spawnSync(NGINX, [...nginxArgs(), '-t'], { encoding: 'utf8' });
      if (check.status !== 0) throw new Error(`nginx -t refused the configuration:\n${check.stderr}`);
      const started = spawn(NGINX, nginxArgs(), { stdio: 'ignore' });
      if (await untilOrExited(started, () => nginxAnswers(nginxPort))) {
        nginx = started;
        return;
      }
      const why = `nginx on port ${nginxPort} exited before it answered (${exitOf(started)}):\n${nginxErrors()}`;
      if (!portTaken(why) || attempt === START_TRIES) throw new Error(why);
      console.warn(`${why}\n→ its port was taken: nginx tries another`);
    }
  }

  /**
   * Starts instance i and waits until it answers /ready. Its port too may be taken between freePort()
   * and its listen (the first instance seeds the demo before it listens): it then gets another port and
   * nginx reloads its configuration with it. Any other failure to start is thrown with its output.
   */
  async function bringUp(i: number, opts: { seed: boolean }) {
    for (let attempt = 1; ; attempt++) {
      const inst = startInstance(i, opts);
      if (await untilOrExited(inst.child, () => ready(`http://127.0.0.1:${inst.port}/ready`))) return;
      const why = `instance ${i + 1} on port ${inst.port} exited before it was ready (${exitOf(inst.child)}):\n${inst.recent}`;
      if (!portTaken(why) || attempt === START_TRIES) throw new Error(why);
      console.warn(`${why}\n→ its port was taken: the instance tries another, and nginx is told`);
      inst.port = await freePort();
      writeNginxConf();
      nginx?.kill('SIGHUP');
    }
  }

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: withDatabase(baseUrl, 'postgres') });
    await admin.connect();
    await admin.query(`drop database if exists "${dbName}" with (force)`);
    await admin.query(`create database "${dbName}"`);
    await admin.end();
    db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();

    standIns = await startStandIns(['smtp', 'sms']);
    for (let i = 0; i < 3; i++) {
      const dataDir = join(work, `data-${i + 1}`);
      mkdirSync(dataDir, { recursive: true, mode: 0o700 });
      instances.push({
        port: await freePort(),
        dataDir,
        child: undefined as unknown as ChildProcess,
        recent: '',
      });
    }
    await startNginx();
    // The first migrates and seeds the demo; the others then start on the same database.
    await bringUp(0, { seed: true });
    await Promise.all([bringUp(1, { seed: false }), bringUp(2, { seed: false })]);
    const proxied = await untilOrExited(nginx!, () => ready(`${nginxUrl}/ready`));
    if (!proxied) throw new Error(`nginx exited (${exitOf(nginx!)}):\n${nginxErrors()}`);
    setUp = true;
  }, 240_000);

  afterAll(async () => {
    // A setup that ran out of time (a start that neither answers nor exits) has not said why: the ends
    // of the instances' output and of nginx's error log are what CI keeps of it.
    if (!setUp) {
      for (const [i, inst] of instances.entries())
        console.error(`instance ${i + 1} (port ${inst.port}), the end of its output:\n${inst.recent}`);
      console.error(`nginx (port ${nginxPort}), the end of its error.log:\n${nginxErrors()}`);
    }
    nginx?.kill('SIGQUIT');
    for (const inst of instances) inst.child?.kill('SIGKILL');
    await standIns?.close();
    await db?.end().catch(() => undefined);
    const admin = new pg.Client({ connectionString: withDatabase(baseUrl, 'postgres') });
    await admin.connect().catch(() => undefined);
    await admin.query(`drop database if exists "${dbName}" with (force)`).catch(() => undefined);
    await admin.end().catch(() => undefined);
    if (process.env.KEEP_CLUSTER_LOGS !== '1') rmSync(work, { recursive: true, force: true });
    else console.log(`cluster logs kept in ${work}`);
  });

  it('loses nothing acknowledged, delivers at most once more per crash, and every client catches up', async () => {
    const config = await loadStationsConfig(join(instances[0]!.dataDir, 'demo-stations.json'));
    const t0 = performance.now();
    const at = () => performance.now() - t0;
    const step = (what: string) => {
      if (process.env.CLUSTER_VERBOSE === '1') console.log(`${(at() / 1000).toFixed(1)} s: ${what}`);
    };

    // ── stations: the simulator's, through nginx; every acknowledged reading recorded ──────────
    const acked = new Map<string, number>(); // "sensor|ts" → ms since t0 when acknowledged
    const ackLog: { t: number; n: number }[] = [];
    const ingestFailures: { t: number; status: number | string }[] = [];
    // The simulator's client passes the address as a string and the packet as a JSON string.
    const recordingFetch: typeof fetch = async (input, init) => {
      const isIngest = typeof input === 'string' && input.endsWith(INGEST_PATH);
      try {
        const res = await fetch(input, init);
        if (isIngest) {
          if (res.ok) {
            const packet = JSON.parse(init?.body as string) as IngestPacket;
            for (const r of packet.readings) acked.set(`${r.sensor_id}|${r.meas_ts}`, at());
            ackLog.push({ t: at(), n: packet.readings.length });
          } else ingestFailures.push({ t: at(), status: res.status });
        }
        return res;
      } catch (error) {
        if (isIngest) ingestFailures.push({ t: at(), status: (error as Error).message });
        throw error;
      }
    };
    const stop = new AbortController();
    const client = new IngestClient({
      url: nginxUrl,
      fetch: recordingFetch,
      signal: stop.signal,
      retryBaseMs: 200,
      retryMaxMs: 2000,
    });
    const nowS = Math.floor(Date.now() / 1000);
    // The station of H10001 (the demo's North barn, watched by "Hay — fire risk") is left out of the
    // simulator: its hot reading below would otherwise end with the next round, before the alert's
    // messages are written (the group gathers 2 s and an ended alert is not told).
    const hot = config.stations.find((s) => s.probes.some((p) => p.sensor_id === 'H10001'));
    expect(hot, 'the demo hay station with H10001').toBeDefined();
    const sims = config.stations.filter((s) => s !== hot).map((s) => new StationSimulator(s, 1, nowS));
    const watched = config.stations.find((s) => s !== hot && s.material === 'hay')!;
    // Every 2 s, on even seconds: the hot reading below goes on an odd one, so it is never a duplicate.
    const intervalS = 2;
    const live = runLive({
      stations: sims,
      client,
      intervalS,
      speed: 1,
      fastS: 0,
      firstTickTs: Math.ceil(nowS / intervalS) * intervalS,
      seed: 1,
      faults: NO_FAULTS,
      signal: stop.signal,
      flushTimeoutMs: 60_000,
      statusEveryMs: 0,
    });

    // ── fan controllers: polling through nginx every second ─────────────────────────────────────
    const polls: { fc: string; t: number; outcome: PollOutcome }[] = [];
    const fcs = fanControllers(config.fanControllers, { url: nginxUrl, seed: 1, pollEveryS: 1 });
    expect(fcs.length).toBeGreaterThan(0);
    const fanRuns = fcs.map((fc) =>
      fc.run(stop.signal, (outcome) => polls.push({ fc: fc.fcId, t: at(), outcome })),
    );

    // ── six live clients: the web app's realtime client over `ws`, through nginx ────────────────
    const login = await fetch(`${nginxUrl}/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'hay@demo.emberwatch', password: 'ember-demo' }),
    });
    expect(login.status).toBe(200);
    const { accessToken } = (await login.json()) as { accessToken: string };
    interface Watcher {
      statuses: { t: number; status: RealtimeStatus }[];
      newData: { t: number; bsIds: string[] }[];
    }
    const watchers: Watcher[] = [];
    const clients = [];
    for (let i = 0; i < 6; i++) {
      const w: Watcher = { statuses: [], newData: [] };
      watchers.push(w);
      const rc = createRealtimeClient({
        url: `${nginxUrl.replace('http', 'ws')}/ws`,
        getToken: () => Promise.resolve(accessToken),
        onMessage: (m) => {
          if (m.type === 'newData') w.newData.push({ t: at(), bsIds: (m.bs_ids ?? '').split(' ') });
        },
        onStatus: (status) => w.statuses.push({ t: at(), status }),
        WebSocketImpl: WebSocket,
      });
      clients.push(rc);
      rc.start();
      // One at a time: least_conn then gives each instance two of the long-lived sockets.
      await until(() => w.statuses.some((s) => s.status === 'open'));
    }

    step('six clients open');
    // ── before: ingest running everywhere ────────────────────────────────────────────────────────
    await until(() => watchers.every((w) => w.newData.length > 0) && at() > 10_000);
    const beforeEnd = at();

    step('before phase done');
    // ── the hot reading: the hay farm's monitor (above 55 °C) raises an alert ──────────────────
    const hotProbe = hot!.probes.find((p) => p.sensor_id === 'H10001')!;
    const hotTs = Math.floor(Date.now() / 1000) | 1; // odd: not one of the simulator's
    const outcome = await client.send(hot!, {
      type: 'data',
      readings: [
        {
          sensor_id: 'H10001',
          meas_ts: hotTs,
          temperatures: Array.from({ length: hotProbe.depths }, () => 700),
        },
      ],
    });
    expect(outcome.kind).toBe('ok');
    step('hot reading acknowledged');
    // Mid-delivery: the alert's first messages are in the outbox (pending or being sent) — kill now.
    const alertRow = await until(async () => {
      const r = await db.query<{ group_id: number | null }>(
        `select group_id from delivery_alerts where sensor_id = 'H10001' and alert_ts = $1 and group_id is not null`,
        [hotTs],
      );
      return r.rows[0];
    });
    // The group's messages name the first alert they list.
    const ofGroup = `delivery_alert_id in (select id from delivery_alerts where group_id = ${Number(alertRow.group_id)})`;
    step('alert raised');
    await until(
      async () => (await db.query(`select 1 from delivery_messages where ${ofGroup}`)).rowCount! > 0,
    );
    const outboxAtKill = (
      await db.query<{ status: string; n: string }>(
        `select status, count(*) n from delivery_messages where ${ofGroup} group by status`,
      )
    ).rows;

    step('outbox written');
    // ── kill -9 the second instance ─────────────────────────────────────────────────────────────
    const victim = instances[1]!;
    const killedAt = at();
    victim.child.kill('SIGKILL');
    await until(() => hasExited(victim.child));
    await sleep(8_000); // down for a while: stations and clients meet the gap
    const restartAt = at();
    await bringUp(1, { seed: false });
    step('restarted');
    const readyAt = at();
    // Traffic again: nginx sends it requests once its fail_timeout (5 s) is over. nginx's access log
    // (testNginxConf) says when it sent each request and to which instance.
    const restartEpochS = (performance.timeOrigin + t0 + restartAt) / 1000;
    const trafficEpochS = await until(() => {
      const line = readFileSync(join(work, 'nginx/access.log'), 'utf8')
        .split('\n')
        .map((l) => l.split(' '))
        .find(
          ([msec, upstream, status]) =>
            Number(msec) > restartEpochS &&
            upstream === `127.0.0.1:${victim.port}` &&
            status?.startsWith('2'),
        );
      return line ? Number(line[0]) : undefined;
    });
    const trafficAt = trafficEpochS * 1000 - performance.timeOrigin - t0;
    await sleep(8_000);
    const afterEnd = at();

    step('after phase done');
    // ── every client that lost its socket reconnected and caught up ────────────────────────────
    const dropped = watchers.filter((w) => w.statuses.some((s) => s.t > killedAt && s.status === 'closed'));
    expect(dropped.length, 'the killed instance held some of the sockets').toBeGreaterThan(0);
    const reconnectMs: number[] = [];
    for (const w of watchers) {
      const reopened = await until(
        () =>
          w.statuses.findLast((s) => s.status === 'open' && s.t > killedAt) ??
          (dropped.includes(w) ? undefined : { t: killedAt }),
      );
      if (dropped.includes(w)) {
        const closedAt = w.statuses.find((s) => s.t > killedAt && s.status === 'closed')!.t;
        reconnectMs.push(reopened.t - closedAt);
      }
      // Live again: a newData after the reconnection.
      await until(() => w.newData.some((d) => d.t > reopened.t));
    }
    step('clients reconnected');
    // Catching up as the web app does (RealtimeBridge: after a reconnection every query is read
    // afresh, and again on each newData of the station): each client that lost its socket reads its
    // station's probe list again through nginx until every probe shows at least the newest reading the
    // station had acknowledged before the first read, the readings sent while that client had no socket
    // included. An acknowledgement says the readings are stored; a probe's latest reading may follow
    // with the roll-ups the commit left owed, and that write announces the station once more (decision
    // 0132), so the read after that newData shows it. Bounded by the test's time-out.
    const station = watched;
    for (const w of dropped) {
      const newestAcked = new Map<string, number>();
      for (const k of acked.keys()) {
        const [sensor, ts] = k.split('|') as [string, string];
        if (station.probes.some((p) => p.sensor_id === sensor))
          newestAcked.set(sensor, Math.max(newestAcked.get(sensor) ?? 0, Number(ts)));
      }
      let behind: [string, number][] = [];
      for (let read = 0; read < 20; read++) {
        const readAt = at();
        const list = (await (
          await fetch(`${nginxUrl}/client/data?basestationID=${station.bs_id}`, {
            headers: { authorization: `Bearer ${accessToken}` },
          })
        ).json()) as { results: { sensor_id: string; meas_ts: number }[] };
        behind = [...newestAcked].filter(
          ([sensor, ts]) => (list.results.find((r) => r.sensor_id === sensor)?.meas_ts ?? 0) < ts,
        );
        if (behind.length === 0) break;
        await until(() => w.newData.some((d) => d.t > readAt && d.bsIds.includes(station.bs_id)));
      }
      expect(behind, 'probes whose latest reading the reads after newData did not show').toEqual([]);
    }

    step('caught up');
    // ── stop sending; every acknowledged reading is stored, once ───────────────────────────────
    stop.abort();
    await live;
    await Promise.all(fanRuns);
    for (const rc of clients) rc.stop();
    const stored = await db.query<{ k: string }>(
      `select sensor_id || '|' || meas_ts as k from readings where meas_ts >= $1`,
      [nowS - 60],
    );
    const storedKeys = new Set(stored.rows.map((r) => r.k));
    const lost = [...acked.keys()].filter((k) => !storedKeys.has(k));
    expect(lost).toEqual([]);
    const twice = await db.query(
      `select sensor_id, meas_ts from readings where meas_ts >= $1 group by 1, 2 having count(*) > 1`,
      [nowS - 60],
    );
    expect(twice.rows).toEqual([]);

    step('readings checked');
    // ── the alert: raised once, each outbox message delivered, at most one duplicate per id ────
    const raised = await db.query(
      `select monitor_id, rule_id, depth, count(*) n from delivery_alerts where sensor_id = 'H10001' and created_ts >= $1 group by 1, 2, 3 having count(*) > 1`,
      [nowS - 60],
    );
    expect(raised.rows).toEqual([]);
    const logRaised = await db.query(
      `select rule_id, depth, count(*) n from alert_log where sensor_id = 'H10001' and kind = 'raised' and ts >= $1 group by 1, 2 having count(*) > 1`,
      [nowS - 60],
    );
    expect(logRaised.rows).toEqual([]);
    // A message the killed instance had claimed waits for its lease (CLAIM_LEASE_S_HERE, decision 0045).
    const messages = await until(async () => {
      const r = await db.query<{ id: number; channel: string; status: string }>(
        `select id, channel, status from delivery_messages where ${ofGroup}`,
      );
      return r.rows.every((m) => m.status === 'sent' || m.status === 'failed' || m.status === 'capped')
        ? r.rows
        : undefined;
    });
    step('outbox done');
    const deliveredAt = at();
    expect(messages.filter((m) => m.channel === 'sms' || m.channel === 'email').length).toBeGreaterThan(0);
    const copies = new Map<string, number>();
    for (const mail of standIns.smtp!.mails()) {
      const id = /Message-ID: <delivery-(\d+)@emberwatch>/i.exec(mail.raw)?.[1];
      if (id) copies.set(`email:${id}`, (copies.get(`email:${id}`) ?? 0) + 1);
    }
    for (const sms of standIns.sms!.messages()) {
      if (sms.messageId)
        copies.set(`${sms.kind}:${sms.messageId}`, (copies.get(`${sms.kind}:${sms.messageId}`) ?? 0) + 1);
    }
    for (const m of messages.filter(
      (x) => x.status === 'sent' && (x.channel === 'email' || x.channel === 'sms'),
    )) {
      const n = copies.get(`${m.channel}:${m.id}`) ?? 0;
      expect(n, `${m.channel} message ${m.id} arrived`).toBeGreaterThanOrEqual(1);
      expect(n, `${m.channel} message ${m.id}: at most one duplicate for the one crash`).toBeLessThanOrEqual(
        2,
      );
    }

    // ── fan controllers kept polling through nginx ──────────────────────────────────────────────
    for (const fc of fcs) {
      const mine = polls.filter((p) => p.fc === fc.fcId);
      expect(
        mine.some((p) => p.outcome === 'ok' && p.t > killedAt && p.t < restartAt),
        `${fc.fcId} polled while an instance was down`,
      ).toBe(true);
      expect(
        mine.some((p) => p.outcome === 'ok' && p.t > trafficAt),
        `${fc.fcId} polled after the restart`,
      ).toBe(true);
      expect(mine.some((p) => p.outcome === 'unauthorized')).toBe(false);
    }

    // ── the figures (docs/PERFORMANCE.md) ──────────────────────────────────────────────────────
    const rate = (from: number, to: number) =>
      ackLog.filter((a) => a.t >= from && a.t < to).reduce((n, a) => n + a.n, 0) / ((to - from) / 1000);
    const figures = {
      load: loadavg().map((l) => Number(l.toFixed(1))),
      stations: sims.length,
      probes: sims.reduce((n, s) => n + s.probeCount, 0),
      fanControllers: fcs.length,
      ackedReadings: acked.size,
      lost: lost.length,
      readingsPerS: {
        before: rate(0, beforeEnd),
        down: rate(killedAt, restartAt),
        restarting: rate(restartAt, trafficAt),
        after: rate(trafficAt, afterEnd),
      },
      ingestFailuresSeenByStations: ingestFailures.length,
      restart: {
        readyMs: Math.round(readyAt - restartAt),
        firstProxiedRequestMs: Math.round(trafficAt - restartAt),
      },
      sockets: {
        clients: watchers.length,
        dropped: dropped.length,
        reconnectMs: reconnectMs.map(Math.round),
      },
      alert: {
        outboxAtKill,
        messages: messages.length,
        duplicates: [...copies.values()].filter((n) => n > 1).length,
        deliveredAfterKillMs: Math.round(deliveredAt - killedAt),
      },
      fanPolls: {
        failed: polls.filter((p) => p.outcome === 'failed').length,
        ok: polls.filter((p) => p.outcome === 'ok').length,
      },
    };
    console.log(`cluster figures ${JSON.stringify(figures)}`);
    const out = join(repoRoot, '.test-output');
    mkdirSync(out, { recursive: true });
    writeFileSync(join(out, 'cluster-figures.json'), `${JSON.stringify(figures, null, 2)}\n`);
  }, 600_000);
});
