/**
 * Alert delivery harness (issue 12 item 8): alerts raised through the real ingest path of the built
 * server, delivered by SMS to a stand-in provider and by e-mail to a stand-in SMTP server that this
 * harness runs itself, so it can count what arrived, by the outbox id each message carries.
 *
 * - latency: no faults; the time from posting the reading that raises an alert to its e-mail accepted by
 *   SMTP (p50/p95), and to its SMS accepted by the provider;
 * - parallel (issue 27 item 7): 100 alerts raised at once, each on a storage of its own (100 storages of
 *   one probe each), every one sent by SMS, e-mail and Sentinel webhook (300 messages), no faults; the
 *   time from the raise (the ingest acknowledgement of the packets with the hot readings) to the last
 *   message received by the stand-ins. One alert per storage on purpose: alerts of one storage raised
 *   within a few seconds are to become one message (alert grouping), and 100 storages keep them 100.
 *   Repeated `--parallel-runs` times on a fresh store and server each; the median is the figure;
 * - faults: 30 % of SMTP transactions answered 451 and 30 % of provider calls 503; every message must
 *   arrive (100 %) — late, after the back-off, but once;
 * - crashes: the server killed with SIGKILL 10 times while it delivers, and started again on the same
 *   store; 0 lost, at most one duplicate per claimed message per crash (the sum of the channels'
 *   places, DELIVERY_*_CONCURRENCY, decision 0069).
 *
 *   npm run bench -- delivery
 *   npx tsx bench/delivery/run.ts [--alerts 1000] [--latency-alerts 100] [--kills 10] [--parallel-runs 5]
 *     [--rounds latency,parallel,faults,crashes] [--results bench/results/delivery.json]
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { SMTPServer } from 'smtp-server';
import { defaultRuleSettings } from '@emberwatch/shared/domain/rules/defaultRuleSettings';
import { startFakeSmsProvider, type FakeSmsProvider } from '@emberwatch/stand-ins';
import {
  latencySummary,
  prepareStore,
  startServer,
  stationId,
  stationSecret,
} from '../support/benchServer.js';
import { freePort, loadAverage, median } from '../support/procStats.js';
import { positive } from '../support/positiveArg.js';
import { seedMonitoredStorages } from '../support/seedMonitoredStorages.js';
import { loadConfig } from '../../apps/server/src/config.js';

const { values: args } = parseArgs({
  options: {
    alerts: { type: 'string', default: '1000' },
    'latency-alerts': { type: 'string', default: '40' },
    kills: { type: 'string', default: '10' },
    'parallel-runs': { type: 'string', default: '5' },
    rounds: { type: 'string', default: 'latency,parallel,faults,crashes' },
    results: { type: 'string', default: 'bench/results/delivery.json' },
  },
});
const ALERTS = Math.round(positive('alerts', args.alerts, 20_000));
const LATENCY_ALERTS = Math.round(positive('latency-alerts', args['latency-alerts'], 1_000));
const KILLS = Math.round(positive('kills', args.kills, 100));
const PARALLEL_RUNS = Math.round(positive('parallel-runs', args['parallel-runs'], 50));
const ROUNDS = new Set(args.rounds.split(',').map((r) => r.trim()));
for (const r of ROUNDS)
  if (!['latency', 'parallel', 'faults', 'crashes'].includes(r)) throw new Error(`no round named ${r}`);
/** Messages one server process may have claimed at once: its channels' places and one for the rest. */
const PLACES =
  Object.values(loadConfig({ ...process.env, NODE_ENV: 'test' }).delivery.concurrency).reduce(
    (a, b) => a + b,
    0,
  ) + 1;
const STATIONS = 8;
const DEPTHS = 2;
const LIMIT = 500;

let running: ChildProcess | undefined;
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    running?.kill('SIGKILL');
    process.exit(130);
  });

/** A stand-in mail server that counts each outbox message (its Message-ID) and can refuse some. */
async function countingSmtp(faultRate: () => number) {
  const received = new Map<string, number>();
  const firstAt = new Map<string, number>();
  const bodies = new Map<string, string>();
  let refused = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (Math.random() < faultRate()) {
          refused++;
          return done(Object.assign(new Error('Try again later'), { responseCode: 451 }));
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        const id = /Message-ID: <delivery-(\d+)@emberwatch>/i.exec(raw)?.[1] ?? 'unknown';
        received.set(id, (received.get(id) ?? 0) + 1);
        if (!firstAt.has(id)) firstAt.set(id, performance.now());
        bodies.set(id, raw);
        done();
      });
    },
  });
  // A server killed mid-conversation resets its connection: that is the point of the crash round.
  server.on('error', () => undefined);
  const port = await freePort();
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', () => r()));
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    firstAt,
    bodies,
    refused: () => refused,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** How a round's store is laid out: its stations and probes, and the storages they are spread over. */
interface Layout {
  stations: number;
  /** Probes per station. */
  probes: number;
  storages: number;
  /** The Sentinel webhook the account's storages also alert, when the round has one. */
  sentinelUrl?: string;
}

/** A fresh store: the bench account with a phone and an address, its storages monitored (limit 50 °C). */
async function freshStore(layout: Layout): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), 'emberwatch-bench-delivery-'));
  await prepareStore({ dataDir, stations: layout.stations, login: false });
  await seedMonitoredStorages({
    dataDir,
    stations: layout.stations,
    probes: layout.probes,
    storages: layout.storages,
    rules: layout.storages,
    rulesOf: () => [
      { id: 1, type: 'ABS_MAX', settings: { ...defaultRuleSettings('ABS_MAX'), alertLimit: LIMIT } },
    ],
  });
  const db = new Database(join(dataDir, 'emberwatch.db'));
  const owner = db.prepare('select id from users').get() as { id: number };
  db.prepare("update users set phone = '+358401234567', email = 'bench@example.com' where id = ?").run(
    owner.id,
  );
  const messaging = {
    sms: { active: true, UIDS: [owner.id] },
    email: { active: true, UIDS: [owner.id] },
    voice: { active: false, UIDS: [], noCallHours: [9, 17], tempLimit: 60 },
    sentinel: { active: Boolean(layout.sentinelUrl) },
  };
  db.prepare('update storages set alert_messaging = ?').run(JSON.stringify(messaging));
  if (layout.sentinelUrl) {
    const now = Math.floor(Date.now() / 1000);
    db.prepare(
      `insert into sentinel_targets (owner_user_id, site_id, url, secret, secret_created_ts, secret_shown,
         created_ts, updated_ts) values (?, 'bench-site', ?, ?, ?, 1, ?, ?)`,
    ).run(owner.id, layout.sentinelUrl, 'ab'.repeat(32), now, now, now);
  }
  db.close();
  return dataDir;
}

/** A stand-in Sentinel receiver: answers 204 and counts each outbox message (the body's deliveryId). */
async function countingWebhook() {
  const received = new Map<string, number>();
  const firstAt = new Map<string, number>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const id = String(
        (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { deliveryId?: string }).deliveryId,
      );
      received.set(id, (received.get(id) ?? 0) + 1);
      if (!firstAt.has(id)) firstAt.set(id, performance.now());
      res.writeHead(204).end();
    });
  });
  const port = await freePort();
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', () => r()));
  return {
    url: `http://127.0.0.1:${port}/sentinel`,
    received,
    firstAt,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

function serverEnv(smtpUrl: string, sms: FakeSmsProvider): void {
  Object.assign(process.env, {
    SMTP_URL: smtpUrl,
    TWILIO_ACCOUNT_SID: sms.accountSid,
    TWILIO_AUTH_TOKEN: sms.authToken,
    TWILIO_API_URL: sms.apiUrl,
    DELIVERY_SMS_DAILY_CAP: '1000000',
    DELIVERY_MAX_REPEATS: '0',
    // Retries from 2 s instead of 15 s, so that a round under 30 % faults drains in minutes, not an hour.
    DELIVERY_RETRY_BASE_S: '2',
    // The parallel round's webhook receiver is on this machine.
    SENTINEL_ALLOW_PRIVATE: '1',
  });
}

/** Probes per packet: a packet may bring at most 100 new probes to a station (MAX_NEW_PROBES_PER_PACKET). */
const PACKET_PROBES = 50;

/** Posts one hot reading per probe and depth (a new alert each); returns when each probe's packet was sent. */
async function heat(port: number, probes: number, ts: number, only?: { station: number; probe: number }) {
  const sentAt = new Map<string, number>();
  for (let s = 0; s < STATIONS; s++) {
    if (only && only.station !== s) continue;
    for (let first = 0; first < probes; first += PACKET_PROBES) {
      const readings = [];
      for (let p = first; p < Math.min(probes, first + PACKET_PROBES); p++) {
        if (only && only.probe !== p) continue;
        readings.push({ sensor_id: `B${s}P${p}`, meas_ts: ts - 600, temperatures: [400, 400] });
        readings.push({ sensor_id: `B${s}P${p}`, meas_ts: ts, temperatures: Array(DEPTHS).fill(700) });
      }
      if (readings.length === 0) continue;
      const at = performance.now();
      const res = await fetch(`http://127.0.0.1:${port}/ingest/v1/packets`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Station ${stationId(s)}:${stationSecret(s)}`,
        },
        body: JSON.stringify({ type: 'data', readings }),
      });
      if (!res.ok) throw new Error(`ingest failed: ${res.status} ${await res.text()}`);
      const body = (await res.json()) as { rejected?: unknown[] };
      if (body.rejected && body.rejected.length > 0)
        throw new Error(`readings refused: ${JSON.stringify(body.rejected[0])}`);
      for (const r of readings) sentAt.set(r.sensor_id, at);
    }
  }
  return sentAt;
}

function outboxCount(dataDir: string): { messages: number; sent: number; failed: number } {
  const db = new Database(join(dataDir, 'emberwatch.db'), { readonly: true, fileMustExist: true });
  try {
    const row = db
      .prepare(
        "select count(*) as messages, sum(status = 'sent') as sent, sum(status = 'failed') as failed from delivery_messages",
      )
      .get() as { messages: number; sent: number | null; failed: number | null };
    return { messages: row.messages, sent: row.sent ?? 0, failed: row.failed ?? 0 };
  } catch {
    return { messages: 0, sent: 0, failed: 0 };
  } finally {
    db.close();
  }
}

async function until(
  what: string,
  cond: () => boolean,
  timeoutMs: number,
  progress: () => string = () => '',
): Promise<number> {
  const start = performance.now();
  let told = start;
  while (!cond()) {
    if (performance.now() - start > timeoutMs)
      throw new Error(`timed out waiting for ${what}: ${progress()}`);
    if (performance.now() - told > 15_000) {
      told = performance.now();
      console.log(`  … waiting for ${what}: ${progress()}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return performance.now() - start;
}

const probesFor = (alerts: number) => Math.ceil(alerts / (STATIONS * DEPTHS));

interface Round {
  smtp: Awaited<ReturnType<typeof countingSmtp>>;
  sms: FakeSmsProvider;
  dataDir: string;
  port: number;
}

/**
 * A fresh store (`probes` probes on each of STATIONS stations, a storage per station, or the layout
 * given), the stand-ins (faults as given) and the built server
 * pointed at them; `work` runs against it, and everything is stopped and deleted afterwards.
 */
async function round<T>(
  layout: number | Layout,
  faultRate: number,
  work: (r: Round) => Promise<T>,
): Promise<T> {
  const smtp = await countingSmtp(() => faultRate);
  const sms = await startFakeSmsProvider();
  sms.setFaults(faultRate, 503);
  const dataDir = await freshStore(
    typeof layout === 'number' ? { stations: STATIONS, probes: layout, storages: STATIONS } : layout,
  );
  serverEnv(smtp.url, sms);
  const port = await freePort();
  running = await startServer(dataDir, undefined, port);
  try {
    return await work({ smtp, sms, dataDir, port });
  } finally {
    running?.kill('SIGTERM');
    await smtp.close();
    await sms.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** One alert at a time (a probe crossing its limit on a quiet server): reading → e-mail and SMS accepted. */
async function latencyRound() {
  const probes = Math.ceil(LATENCY_ALERTS / STATIONS);
  return round(probes, 0, async ({ smtp, sms, port }) => {
    const mailMs: number[] = [];
    const smsMs: number[] = [];
    const ts = Math.floor(Date.now() / 1000) - 60;
    for (let i = 0; i < LATENCY_ALERTS; i++) {
      const station = i % STATIONS;
      const probe = Math.floor(i / STATIONS);
      const mails = smtp.received.size;
      const texts = sms.messages().length;
      const sentAt = (await heat(port, probes, ts, { station, probe })).get(`B${station}P${probe}`)!;
      // Both depths cross: two alerts, two mails and two SMS; the first of each is the one timed.
      await until('the alert', () => smtp.received.size > mails && sms.messages().length > texts, 30_000);
      mailMs.push(Math.min(...[...smtp.firstAt.values()].slice(mails)) - sentAt);
      smsMs.push(
        Math.min(
          ...sms
            .messages()
            .slice(texts)
            .map((m) => m.acceptedAt - performance.timeOrigin),
        ) - sentAt,
      );
      await new Promise((r) => setTimeout(r, 300));
    }
    return {
      alerts: LATENCY_ALERTS,
      readingToMailMs: latencySummary(mailMs),
      readingToSmsMs: latencySummary(smsMs),
    };
  });
}

/** The parallel round's store: 4 stations of 25 probes, each probe a storage of its own. */
const PARALLEL_STATIONS = 4;
const PARALLEL_PROBES = 25;
const PARALLEL_ALERTS = PARALLEL_STATIONS * PARALLEL_PROBES;

/** Posts one packet per station of the parallel round: a reading per probe, `hot` at the first depth or not. */
async function postParallel(port: number, ts: number, hot: boolean): Promise<number[]> {
  const acks: number[] = [];
  for (let s = 0; s < PARALLEL_STATIONS; s++) {
    const readings = Array.from({ length: PARALLEL_PROBES }, (_, p) => ({
      sensor_id: `B${s}P${p}`,
      meas_ts: ts,
      temperatures: [hot ? 700 : 400, 400],
    }));
    const res = await fetch(`http://127.0.0.1:${port}/ingest/v1/packets`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Station ${stationId(s)}:${stationSecret(s)}`,
      },
      body: JSON.stringify({ type: 'data', readings }),
    });
    if (!res.ok) throw new Error(`ingest failed: ${res.status} ${await res.text()}`);
    const body = (await res.json()) as { rejected?: unknown[] };
    if (body.rejected && body.rejected.length > 0)
      throw new Error(`readings refused: ${JSON.stringify(body.rejected[0])}`);
    acks.push(performance.now());
  }
  return acks;
}

/**
 * 100 alerts at once, one per storage (so that grouping the alerts of one storage cannot merge them),
 * each by SMS, e-mail and Sentinel webhook, no faults: from the raise to the last of the 300 messages.
 */
async function parallelRun() {
  const hook = await countingWebhook();
  try {
    const layout = {
      stations: PARALLEL_STATIONS,
      probes: PARALLEL_PROBES,
      storages: PARALLEL_ALERTS,
      sentinelUrl: hook.url,
    };
    return await round(layout, 0, async ({ smtp, sms, port }) => {
      const ts = Math.floor(Date.now() / 1000) - 120;
      // The probes come to be (first readings, below the limit) before the timed raise.
      await postParallel(port, ts - 600, false);
      await new Promise((r) => setTimeout(r, 1000));
      const acks = await postParallel(port, ts, true);
      const raisedAt = acks[0]!;
      const smsAt = () =>
        new Map(sms.messages().map((m) => [m.messageId, m.acceptedAt - performance.timeOrigin]));
      await until(
        'the 300 messages',
        () =>
          smtp.firstAt.size >= PARALLEL_ALERTS &&
          smsAt().size >= PARALLEL_ALERTS &&
          hook.firstAt.size >= PARALLEL_ALERTS,
        5 * 60_000,
        () => `${smtp.firstAt.size} mails, ${smsAt().size} SMS, ${hook.firstAt.size} webhooks`,
      );
      const lastOf = (times: Iterable<number>) => Math.max(...times) - raisedAt;
      const last = {
        email: lastOf(smtp.firstAt.values()),
        sms: lastOf(smsAt().values()),
        sentinel: lastOf(hook.firstAt.values()),
      };
      const firstMs =
        Math.min(...smtp.firstAt.values(), ...smsAt().values(), ...hook.firstAt.values()) - raisedAt;
      const duplicates =
        [...smtp.received.values(), ...hook.received.values()].reduce((a, n) => a + n - 1, 0) +
        sms.messages().length -
        smsAt().size;
      return {
        raiseToLastMs: Math.round(Math.max(last.email, last.sms, last.sentinel)),
        raiseToFirstMs: Math.round(firstMs),
        lastByChannelMs: {
          email: Math.round(last.email),
          sms: Math.round(last.sms),
          sentinel: Math.round(last.sentinel),
        },
        /** From the first packet's acknowledgement to the last's (the raise is the first). */
        ingestMs: Math.round(acks.at(-1)! - acks[0]!),
        duplicates,
      };
    });
  } finally {
    await hook.close();
  }
}

async function parallelRound() {
  const runs = [];
  for (let i = 0; i < PARALLEL_RUNS; i++) {
    const load = loadAverage()[0];
    const run = { ...(await parallelRun()), load1Before: load };
    console.log(`  parallel run ${i + 1}/${PARALLEL_RUNS}`, JSON.stringify(run));
    runs.push(run);
  }
  return {
    alerts: PARALLEL_ALERTS,
    storages: PARALLEL_ALERTS,
    channels: ['sms', 'email', 'sentinel'],
    messages: 3 * PARALLEL_ALERTS,
    runs: runs.length,
    raiseToLastMsMedian: median(runs.map((r) => r.raiseToLastMs)),
    raiseToFirstMsMedian: median(runs.map((r) => r.raiseToFirstMs)),
    perRun: runs,
  };
}

async function faultRound() {
  const probes = probesFor(ALERTS);
  return round(probes, 0.3, async ({ smtp, sms, dataDir, port }) => {
    const expected = probes * STATIONS * DEPTHS;
    await heat(port, probes, Math.floor(Date.now() / 1000) - 60);
    const smsIds = () => new Set(sms.messages().map((m) => m.messageId));
    const drainMs = await until(
      'every message under faults',
      () => smtp.received.size >= expected && smsIds().size >= expected,
      15 * 60_000,
      () => `${smtp.received.size} mails, ${smsIds().size} SMS of ${expected} each`,
    );
    const out = outboxCount(dataDir);
    const dupMail = [...smtp.received.values()].filter((n) => n > 1).length;
    const dupSms = sms.messages().length - smsIds().size;
    return {
      alerts: expected,
      messages: out.messages,
      delivered: smtp.received.size + smsIds().size,
      deliveredShare: (smtp.received.size + smsIds().size) / (2 * expected),
      failedForGood: out.failed,
      refusedBySmtp: smtp.refused(),
      duplicates: dupMail + dupSms,
      drainS: Math.round(drainMs / 100) / 10,
    };
  });
}

async function crashRound() {
  const probes = probesFor(ALERTS);
  return round(probes, 0, async ({ smtp, sms, dataDir, port }) => {
    const expected = probes * STATIONS * DEPTHS;
    await heat(port, probes, Math.floor(Date.now() / 1000) - 60);
    // The alerts are recorded (with their evaluation) before the first kill: this round is about delivery.
    await until('the alerts to be recorded', () => outboxCount(dataDir).messages >= 2 * expected, 120_000);
    let kills = 0;
    while (kills < KILLS && (smtp.received.size < expected || sms.messages().length < expected)) {
      await new Promise((r) => setTimeout(r, 200 + Math.random() * 1300));
      const victim = running!;
      victim.kill('SIGKILL');
      await new Promise((r) => victim.once('exit', r));
      kills++;
      running = await startServer(dataDir, undefined, port);
    }
    const smsIds = () => new Set(sms.messages().map((m) => m.messageId));
    await until(
      'every message after the crashes',
      () => smtp.received.size >= expected && smsIds().size >= expected,
      10 * 60_000,
      () => `${smtp.received.size} mails, ${smsIds().size} SMS of ${expected} each`,
    );
    const dupMail = [...smtp.received.values()].reduce((a, n) => a + n - 1, 0);
    const dupSms = sms.messages().length - smsIds().size;
    const out = outboxCount(dataDir);
    return {
      alerts: expected,
      kills,
      lost: 2 * expected - (smtp.received.size + smsIds().size),
      duplicates: dupMail + dupSms,
      sentInOutbox: out.sent,
      /** The most duplicates the kills may cause: one per place a process has (decision 0069). */
      bound: kills * PLACES,
    };
  });
}

const loadBefore = loadAverage();
console.log(
  `delivery harness: rounds ${[...ROUNDS].join(', ')}; ${ALERTS} alerts, ${KILLS} kills, load ${loadBefore.join(' ')}`,
);
const latency = ROUNDS.has('latency') ? await latencyRound() : undefined;
if (latency) console.log('latency', JSON.stringify(latency));
const parallel = ROUNDS.has('parallel') ? await parallelRound() : undefined;
if (parallel) console.log('parallel', JSON.stringify({ ...parallel, perRun: undefined }));
const faults = ROUNDS.has('faults') ? await faultRound() : undefined;
if (faults) console.log('faults', JSON.stringify(faults));
const crashes = ROUNDS.has('crashes') ? await crashRound() : undefined;
if (crashes) console.log('crashes', JSON.stringify(crashes));
const results = {
  date: new Date().toISOString(),
  command: `npx tsx bench/delivery/run.ts ${process.argv.slice(2).join(' ')}`.trim(),
  loadBefore,
  loadAfter: loadAverage(),
  latency,
  parallel,
  faults,
  crashes,
};
writeFileSync(args.results, JSON.stringify(results, null, 2) + '\n');
if (
  (faults && (faults.deliveredShare < 1 || faults.duplicates > 0)) ||
  (crashes && (crashes.lost > 0 || crashes.duplicates > crashes.bound)) ||
  (parallel && parallel.perRun.some((r) => r.duplicates > 0))
) {
  console.error('delivery harness: a guarantee did not hold');
  process.exit(1);
}
