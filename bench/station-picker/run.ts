/**
 * The admin bar's station picker at fleet size (issue 30 item 9, decision 0088): 10,000 stations of
 * 5,000 accounts (one in ten with a farm hand), 500,000 probes, on SQLite and on PostgreSQL, through
 * the built server in its own process. Measured one request after another, per case: the picker's
 * search (GET /admin/findSystem) by station id, station name, probe id, username, a common surname,
 * phone and SIM, and the console's station list (GET /admin/basestations), a page at a time and
 * filtered by text. Each case reports p50/p95 latency and the server's CPU per request (the Node
 * process, and on PostgreSQL the database's backends of the bench's own database too), per round,
 * with the load average beside it (others work on this machine).
 *
 *   npx tsx bench/station-picker/run.ts [--stores sqlite,postgres] [--rounds 3] [--requests 200]
 *     [--stations 10000] [--probes-per-station 50]
 *     [--database-url postgres://postgres@127.0.0.1:5432/station_picker_bench]
 *
 * The PostgreSQL database is created when missing (a schema of its own per run, dropped after).
 * Results go to stdout and bench/results/station-picker.json. Target: p95 under 50 ms on both.
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import type pg from 'pg';
import type { openStore } from '../../apps/server/src/db/createDatabase.js';
import {
  BENCH_USERNAME,
  keepAliveClient,
  latencySummary,
  login,
  randomPort,
  startServer,
  stationId,
  stopServer,
  writeResults,
} from '../support/benchServer.js';
import { databaseCpu, openBenchStore } from '../support/benchStore.js';
import { processCpuMs } from '../support/procStats.js';
import { databaseUrlOption } from '../support/databaseUrlOption.js';

const { values: args } = parseArgs({
  options: {
    stores: { type: 'string', default: 'sqlite,postgres' },
    rounds: { type: 'string', default: '3' },
    requests: { type: 'string', default: '200' },
    stations: { type: 'string', default: '10000' },
    'probes-per-station': { type: 'string', default: '50' },
    'database-url': databaseUrlOption('station_picker_bench'),
  },
});
const ROUNDS = Number(args.rounds);
const REQUESTS = Number(args.requests);
const STATIONS = Number(args.stations);
const PER_STATION = Number(args['probes-per-station']);
const PROBES = STATIONS * PER_STATION;
const ACCOUNTS = Math.ceil(STATIONS / 2);
const TARGET_P95_MS = 50;

const FIRST = ['Aino', 'Bram', 'Clara', 'Dario', 'Elin', 'Felix', 'Greta', 'Hugo', 'Iris', 'Jonas'];
const LAST = ['Virtanen', 'Jansen', 'Müller', 'Rossi', 'García', 'Horvat', 'Dubois', 'Korhonen'];
const NAMES = ['North barn', 'South barn', 'Bin row', 'Windrows', 'Field stacks', 'Flat store'];
const farmer = (a: number) => `farmer${String(a).padStart(5, '0')}`;
const phoneOf = (a: number) =>
  `+358 40 ${String(1_000_000 + a * 7).slice(0, 3)} ${String(1_000_000 + a * 7).slice(3)}`;
const simOf = (i: number) => `8935801${String(i * 7919).padStart(13, '0')}`;
const probeId = (p: number) => `H${1_000_000 + p}`;

/** Accounts, stations and probes, written in bulk: probes by one INSERT … SELECT over a series. */
async function seed(
  store: ReturnType<typeof openStore>,
  now: number,
  pgClient: pg.Client | undefined,
  pgSchemaName: string,
): Promise<void> {
  const db = store.db;
  const template = await db
    .selectFrom('users')
    .selectAll()
    .where('username', '=', BENCH_USERNAME)
    .executeTakeFirstOrThrow();
  // The bench's login is the admin who searches.
  await db.updateTable('users').set({ admin: 1, admin_group: 1 }).where('id', '=', template.id).execute();
  const { id: _id, ...row } = template;
  const ids: number[] = [];
  for (let a = 0; a < ACCOUNTS; a += 500) {
    const rows = [];
    for (let k = a; k < Math.min(ACCOUNTS, a + 500); k++)
      rows.push({
        ...row,
        username: farmer(k),
        password_hash: 'x',
        firstname: FIRST[k % FIRST.length]!,
        lastname: LAST[Math.floor(k / FIRST.length) % LAST.length]!,
        email: `${farmer(k)}@example.com`,
        phone: phoneOf(k),
        partner_app: k % 10 === 3 ? 'haytech' : k % 10 === 7 ? 'gari' : null,
        admin: 0,
        admin_group: null,
      });
    const inserted = await db.insertInto('users').values(rows).returning('id').execute();
    ids.push(...inserted.map((r) => r.id));
  }
  // A farm hand for one account in ten.
  const helpers = ids
    .filter((_, k) => k % 10 === 0)
    .map((mainId, j) => ({
      ...row,
      username: `hand${String(j).padStart(4, '0')}`,
      password_hash: 'x',
      firstname: 'Farm',
      lastname: 'Hand',
      email: null,
      phone: null,
      main_user_id: mainId,
      admin: 0,
      admin_group: null,
    }));
  for (let h = 0; h < helpers.length; h += 500)
    await db
      .insertInto('users')
      .values(helpers.slice(h, h + 500))
      .execute();
  for (let i = 0; i < STATIONS; i += 1000) {
    const rows = [];
    for (let s = i; s < Math.min(STATIONS, i + 1000); s++)
      rows.push({
        id: stationId(s),
        owner_user_id: ids[Math.floor(s / 2)]!,
        bs_group: null,
        display_name: `${NAMES[s % NAMES.length]} ${s}`,
        timezone: 'UTC',
        bs_type: 2,
        version: 'V5.1.0',
        firmware: '3.2',
        sim: simOf(s),
        activation_ts: now,
        last_boot_ts: null,
        last_conf_ts: null,
        last_data_ts: now - (s % 3600),
        credential_hash: 'x',
        created_ts: now,
      });
    await db.insertInto('base_stations').values(rows).execute();
  }
  const first = 1_000_000;
  if (pgClient) {
    await pgClient.query(
      `insert into ${pgSchemaName}.probes (sensor_id, bs_id, kind, depths, disabled, created_ts)
       select 'H' || ($1::int + i), 'B' || ($1::int + i / $2::int), 'hay', 3, 0, $3::bigint
       from generate_series(0, $4::int) as i`,
      [first, PER_STATION, now, PROBES - 1],
    );
    await pgClient.query(`analyze ${pgSchemaName}.probes`);
    await pgClient.query(`analyze ${pgSchemaName}.base_stations`);
    await pgClient.query(`analyze ${pgSchemaName}.users`);
  } else {
    const lite = store.sqlite!;
    lite.exec(`with recursive seq(i) as (select 0 union all select i + 1 from seq where i < ${PROBES - 1})
      insert into probes (sensor_id, bs_id, kind, depths, disabled, created_ts)
      select 'H' || (${first} + i), 'B' || (${first} + i / ${PER_STATION}), 'hay', 3, 0, ${now} from seq`);
    lite.exec('analyze');
  }
}

interface Round {
  p50: number;
  p95: number;
  max: number;
  serverCpuMsPerRequest: number;
  /** PostgreSQL: the bench database's backends' CPU per request; absent on SQLite. */
  databaseCpuMsPerRequest?: number;
  /** PostgreSQL: backends that ended during the round (their last share of CPU is not counted). */
  backendsEnded?: number;
  loadBefore: number;
  loadAfter: number;
}

/** The cases: a path for request number i, so that each request asks something else. */
const CASES: [string, (i: number) => string][] = [
  ['search: station id (any key)', (i) => `/admin/findSystem?q=${stationId((i * 37) % STATIONS)}`],
  [
    'search: station id start, by station',
    (i) => `/admin/findSystem?by=station&q=${stationId((i * 37) % STATIONS).slice(0, 6)}`,
  ],
  [
    'search: station name (any key)',
    (i) => `/admin/findSystem?q=${encodeURIComponent(`${NAMES[i % NAMES.length]} ${(i * 37) % STATIONS}`)}`,
  ],
  ['search: probe id (any key)', (i) => `/admin/findSystem?q=${probeId((i * 7919) % PROBES)}`],
  [
    'search: probe id start, by probe',
    (i) => `/admin/findSystem?by=probe&q=${probeId((i * 7919) % PROBES).slice(0, 5)}`,
  ],
  ['search: username (any key)', (i) => `/admin/findSystem?q=${farmer((i * 13) % ACCOUNTS)}`],
  [
    'search: common surname, family main (any key)',
    (i) => `/admin/findSystem?family=main&q=${encodeURIComponent(LAST[i % LAST.length]!)}`,
  ],
  [
    'search: phone (any key)',
    (i) => `/admin/findSystem?q=${encodeURIComponent(phoneOf((i * 13) % ACCOUNTS).slice(4))}`,
  ],
  ['search: SIM, by sim', (i) => `/admin/findSystem?by=sim&q=${simOf((i * 37) % STATIONS).slice(-9)}`],
  ['search: two characters (any key)', () => `/admin/findSystem?q=B1`],
  ['list: a page of 50 by id', (i) => `/admin/basestations?limit=50&offset=${(i * 50 * 7) % STATIONS}`],
  [
    'list: family gari, a page of 50',
    (i) => `/admin/basestations?family=gari&limit=50&offset=${(i * 50) % 1000}`,
  ],
  ['list: text in id, name or owner', (i) => `/admin/basestations?limit=50&q=${farmer((i * 13) % ACCOUNTS)}`],
];

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
const round2 = (x: number) => Math.round(x * 100) / 100;

async function runStore(engine: 'sqlite' | 'postgres') {
  const bench = await openBenchStore(engine, { databaseUrl: args['database-url'], prefix: 'picker' });
  const { dataDir, schema, admin, serverUrl, store } = bench;
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    process.stdout.write(
      `${engine}: seeding ${ACCOUNTS} accounts, ${STATIONS} stations, ${PROBES} probes …\n`,
    );
    const t0 = performance.now();
    await seed(store, Math.floor(Date.now() / 1000), admin, schema);
    const seedS = (performance.now() - t0) / 1000;
    await store.close();
    process.stdout.write(`  seeded in ${seedS.toFixed(1)} s\n`);

    const port = randomPort();
    server = await startServer(dataDir, serverUrl, port);
    const token = await login(port);
    const client = keepAliveClient(port, token, 1);
    // PostgreSQL: the backends serving this database are the server's (the bench's own database).
    const database = databaseCpu(admin);

    const cases = [];
    for (const [name, pathOf] of CASES) {
      for (let i = 0; i < 20; i++) await client.get(pathOf(i)); // warm-up
      const first = await client.get(pathOf(0));
      if (first.status !== 200) throw new Error(`${name}: ${first.status} ${first.body.slice(0, 300)}`);
      const answered = (JSON.parse(first.body) as { results: unknown[] }).results.length;
      const rounds: Round[] = [];
      for (let r = 0; r < ROUNDS; r++) {
        const loadBefore = round2(loadavg()[0]!);
        const dbBefore = await database.mark();
        const cpuBefore = processCpuMs(server.pid as number)!;
        const lat: number[] = [];
        for (let i = 0; i < REQUESTS; i++) {
          const res = await client.get(pathOf(r * REQUESTS + i));
          if (res.status !== 200) throw new Error(`${name}: ${res.status} ${res.body.slice(0, 300)}`);
          lat.push(res.ms);
        }
        const cpuMs = processCpuMs(server.pid as number)! - cpuBefore;
        const db = admin ? await database.since(dbBefore) : undefined;
        const l = latencySummary(lat);
        rounds.push({
          p50: l.p50,
          p95: l.p95,
          max: l.max,
          serverCpuMsPerRequest: round2(cpuMs / REQUESTS),
          ...(db ? { databaseCpuMsPerRequest: round2(db.ms / REQUESTS), backendsEnded: db.ended } : {}),
          loadBefore,
          loadAfter: round2(loadavg()[0]!),
        });
      }
      const c = {
        name,
        firstAnswerResults: answered,
        latencyMsP50: median(rounds.map((x) => x.p50)),
        latencyMsP95: median(rounds.map((x) => x.p95)),
        serverCpuMsPerRequest: median(rounds.map((x) => x.serverCpuMsPerRequest)),
        ...(admin
          ? { databaseCpuMsPerRequest: median(rounds.map((x) => x.databaseCpuMsPerRequest ?? 0)) }
          : {}),
        rounds,
      };
      cases.push(c);
      process.stdout.write(
        `  ${name}: p50 ${c.latencyMsP50} ms, p95 ${c.latencyMsP95} ms (rounds ${rounds.map((x) => x.p95).join('/')}), ` +
          `server CPU ${c.serverCpuMsPerRequest} ms/request` +
          (admin ? `, database CPU ${c.databaseCpuMsPerRequest} ms/request` : '') +
          ` (load ${rounds.map((x) => x.loadBefore.toFixed(1)).join('/')})\n`,
      );
    }
    client.close();
    const worstP95 = Math.max(...cases.map((c) => c.latencyMsP95));
    process.stdout.write(
      `  ${engine}: worst median p95 ${worstP95} ms — ${worstP95 < TARGET_P95_MS ? 'under' : 'OVER'} the ${TARGET_P95_MS} ms target\n`,
    );
    return { engine, seedSeconds: round2(seedS), worstP95Ms: worstP95, cases };
  } finally {
    if (server) await stopServer(server);
    await bench.dispose();
  }
}

const results = [];
for (const engine of args.stores.split(',') as ('sqlite' | 'postgres')[])
  results.push(await runStore(engine));
writeResults('station-picker', {
  date: new Date().toISOString(),
  command: `npx tsx bench/station-picker/run.ts ${process.argv.slice(2).join(' ')}`.trim(),
  accounts: ACCOUNTS,
  stations: STATIONS,
  probes: PROBES,
  rounds: ROUNDS,
  requestsPerRound: REQUESTS,
  targetP95Ms: TARGET_P95_MS,
  results,
});
const over = results.filter((r) => r.worstP95Ms >= TARGET_P95_MS);
process.exit(over.length > 0 ? 1 : 0);
