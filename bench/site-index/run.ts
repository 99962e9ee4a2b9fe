/**
 * The site index at a regional advisor's size (issue 32 item 2, decision 0105): one master authorised
 * by 500 farms, each with 3 base stations of 20 probes (30,000 probes with their latest readings in
 * probe_latest, one in ten of the farms with open alerts, one site in five named by the master, one
 * probe in fifty with a correction, some stations silent for over 24 h or over 7 days), on SQLite and
 * on PostgreSQL, through the built server in its own process. GET /client/getMultisiteData is asked
 * `--requests` times one after another, `--rounds` times. Reported: p50/p95 latency, the server's
 * CPU per request (and on PostgreSQL its backends' CPU), and the load average beside each round.
 *
 *   npm run build -w @emberwatch/server
 *   npx tsx bench/site-index/run.ts [--stores sqlite,postgres] [--rounds 3] [--requests 100]
 *     [--farms 500] [--stations-per-farm 3] [--probes-per-station 20]
 *     [--database-url postgres://postgres@127.0.0.1:5432/site_index_bench]
 *
 * The PostgreSQL database is created when missing (a schema of its own per run, dropped after).
 * Results go to stdout and bench/results/site-index.json. Target: p95 under 100 ms on both (exit 1
 * otherwise).
 */
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type pg from 'pg';
import type { openStore } from '../../apps/server/src/db/createDatabase.js';
import {
  BENCH_USERNAME,
  keepAliveClient,
  latencySummary,
  ingestReadings,
  login,
  randomPort,
  startServer,
  stationId,
  stationSecret,
  stopServer,
  writeResults,
} from '../support/benchServer.js';
import { hashStationSecret } from '../../apps/server/src/features/ingest/stationCredentials.js';
import { databaseCpu, openBenchStore } from '../support/benchStore.js';
import { processCpuMs } from '../support/procStats.js';
import { databaseUrlOption } from '../support/databaseUrlOption.js';

const { values: args } = parseArgs({
  options: {
    stores: { type: 'string', default: 'sqlite,postgres' },
    rounds: { type: 'string', default: '3' },
    requests: { type: 'string', default: '100' },
    farms: { type: 'string', default: '500' },
    'stations-per-farm': { type: 'string', default: '3' },
    'probes-per-station': { type: 'string', default: '20' },
    /** The "new data" case: the share of the stations that report before each request. */
    'changed-share': { type: 'string', default: '0.1' },
    /** SQLite: seed, print the store's folder and keep it (to look at the queries' plans), no run. */
    'seed-only': { type: 'boolean', default: false },
    'database-url': databaseUrlOption('site_index_bench'),
  },
});
const ROUNDS = Number(args.rounds);
const REQUESTS = Number(args.requests);
const FARMS = Number(args.farms);
const PER_FARM = Number(args['stations-per-farm']);
const PER_STATION = Number(args['probes-per-station']);
const STATIONS = FARMS * PER_FARM;
const PROBES = STATIONS * PER_STATION;
const TARGET_P95_MS = 100;
const CHANGED = Math.max(1, Math.round(STATIONS * Number(args['changed-share'])));
const DAY = 86_400;

const FIRST = ['Aino', 'Bram', 'Clara', 'Dario', 'Elin', 'Felix', 'Greta', 'Hugo', 'Iris', 'Jonas'];
const LAST = ['Virtanen', 'Jansen', 'Müller', 'Rossi', 'García', 'Horvat', 'Dubois', 'Korhonen'];
const farmer = (a: number) => `farm${String(a).padStart(4, '0')}`;
const FIRST_PROBE = 1_000_000;

/**
 * How old station s's readings are: most a few minutes, one in twenty over 24 h, one in fifty over
 * 7 days (so each class of the index is on the page).
 */
const stationAge = (s: number) => (s % 50 === 7 ? 9 * DAY : s % 20 === 3 ? 2 * DAY : (s % 60) * 10);

/** The master, its farms and their stations, probes, latest readings, alerts and site names. */
async function seed(
  store: ReturnType<typeof openStore>,
  now: number,
  pgClient: pg.Client | undefined,
  schema: string,
): Promise<void> {
  const db = store.db;
  const template = await db
    .selectFrom('users')
    .selectAll()
    .where('username', '=', BENCH_USERNAME)
    .executeTakeFirstOrThrow();
  // The bench's login is the master who watches every farm.
  await db.updateTable('users').set({ master: 1 }).where('id', '=', template.id).execute();
  const { id: _id, ...row } = template;
  const ids: number[] = [];
  for (let a = 0; a < FARMS; a += 500) {
    const rows = [];
    for (let k = a; k < Math.min(FARMS, a + 500); k++)
      rows.push({
        ...row,
        username: farmer(k),
        password_hash: 'x',
        firstname: FIRST[k % FIRST.length]!,
        lastname: LAST[Math.floor(k / FIRST.length) % LAST.length]!,
        master: 0,
      });
    const inserted = await db.insertInto('users').values(rows).returning('id').execute();
    ids.push(...inserted.map((r) => r.id));
  }
  for (let a = 0; a < FARMS; a += 500)
    await db
      .insertInto('master_authorizations')
      .values(
        ids.slice(a, a + 500).map((owner) => ({
          master_user_id: template.id,
          owner_user_id: owner,
          authorized: 1,
          created_ts: now,
        })),
      )
      .execute();
  for (let i = 0; i < STATIONS; i += 1000) {
    const rows = [];
    for (let s = i; s < Math.min(STATIONS, i + 1000); s++)
      rows.push({
        id: stationId(s),
        owner_user_id: ids[Math.floor(s / PER_FARM)]!,
        bs_group: null,
        display_name: `Barn ${s % PER_FARM}`,
        timezone: 'UTC',
        bs_type: 2,
        version: 'V5.1.0',
        firmware: '3.2',
        sim: null,
        activation_ts: now,
        last_boot_ts: null,
        last_conf_ts: null,
        last_data_ts: now - stationAge(s),
        // Its own secret: the "new data" case sends readings through the ingest route.
        credential_hash: hashStationSecret(stationSecret(s)),
        created_ts: now,
      });
    await db.insertInto('base_stations').values(rows).execute();
  }

  // Probes and their latest readings: one INSERT … SELECT each over a series. Three depths, 20–69 °C.
  const ageSql = (i: string) =>
    `case when (${i} / ${PER_STATION}) % 50 = 7 then ${9 * DAY} when (${i} / ${PER_STATION}) % 20 = 3 then ${2 * DAY} else ((${i} / ${PER_STATION}) % 60) * 10 end`;
  const t = (i: string, k: number) => `(200 + ((${i} * ${k}) % 500))`;
  if (pgClient) {
    const q = (sqlText: string) => pgClient.query(sqlText);
    await q(`insert into ${schema}.probes (sensor_id, bs_id, kind, depths, disabled, created_ts, corrections)
       select 'H' || (${FIRST_PROBE} + i), 'B' || (${FIRST_PROBE} + i / ${PER_STATION}), 'hay', 3, 0, ${now},
         case when i % 50 = 11 then '[{"date":0,"factor":-0.5,"user":1}]' end
       from generate_series(0, ${PROBES - 1}) as i`);
    await q(`insert into ${schema}.probe_latest (sensor_id, bs_id, meas_ts, temperature, temps, sensor_rssi, bs_rssi, batt)
       select 'H' || (${FIRST_PROBE} + i), 'B' || (${FIRST_PROBE} + i / ${PER_STATION}), ${now} - ${ageSql('i')} - i % 300,
         ${t('i', 7)}, '[' || ${t('i', 7)} || ',' || ${t('i', 13)} || ',' || ${t('i', 31)} || ']', -80, -70, 350
       from generate_series(0, ${PROBES - 1}) as i`);
  } else {
    const lite = store.sqlite!;
    const seq = `with recursive seq(i) as (select 0 union all select i + 1 from seq where i < ${PROBES - 1})`;
    lite.exec(`${seq} insert into probes (sensor_id, bs_id, kind, depths, disabled, created_ts, corrections)
      select 'H' || (${FIRST_PROBE} + i), 'B' || (${FIRST_PROBE} + i / ${PER_STATION}), 'hay', 3, 0, ${now},
        case when i % 50 = 11 then '[{"date":0,"factor":-0.5,"user":1}]' end from seq`);
    lite.exec(`${seq} insert into probe_latest (sensor_id, bs_id, meas_ts, temperature, temps, sensor_rssi, bs_rssi, batt)
      select 'H' || (${FIRST_PROBE} + i), 'B' || (${FIRST_PROBE} + i / ${PER_STATION}), ${now} - ${ageSql('i')} - i % 300,
        ${t('i', 7)}, '[' || ${t('i', 7)} || ',' || ${t('i', 13)} || ',' || ${t('i', 31)} || ']', -80, -70, 350 from seq`);
  }

  // One farm in ten has a monitor whose rule holds two current alerts on its first station's probes.
  const alerting = ids.filter((_, k) => k % 10 === 0);
  const probeOf = (farm: number, n: number) => `H${FIRST_PROBE + farm * PER_FARM * PER_STATION + n}`;
  const alert = (sensor_id: string) => ({
    ts: now - 600,
    resetTS: null,
    sensor_id,
    depth: 1,
    temperature: 650,
    peak: 655,
    TP: null,
    isMin: false,
  });
  for (let a = 0; a < alerting.length; a += 500) {
    const chunk = alerting.slice(a, a + 500);
    await db
      .insertInto('monitors')
      .values(
        chunk.map((owner) => ({
          owner_user_id: owner,
          item_id: 1,
          name: 'Hay',
          default_monitor: 1,
          compost: 0,
          demo_type: null,
          rules: '[]',
          created_ts: now,
          updated_ts: now,
          updated_by: null,
        })),
      )
      .execute();
    await db
      .insertInto('monitor_rule_state')
      .values(
        chunk.map((owner) => {
          const farm = ids.indexOf(owner);
          return {
            owner_user_id: owner,
            monitor_id: 1,
            rule_id: 1,
            state: '{}',
            current_alerts: JSON.stringify([alert(probeOf(farm, 0)), alert(probeOf(farm, 1))]),
            alert_history: '[]',
            watermark: now,
            updated_ts: now,
          };
        }),
      )
      .execute();
  }
  // The master's own names for one site in five.
  const names = [];
  for (let s = 0; s < STATIONS; s += 5)
    names.push({
      user_id: template.id,
      site_uid: ids[Math.floor(s / PER_FARM)]!,
      bs_id: stationId(s),
      name: `Site ${s}`,
    });
  for (let n = 0; n < names.length; n += 500)
    await db
      .insertInto('site_names')
      .values(names.slice(n, n + 500))
      .execute();

  if (pgClient)
    for (const tbl of ['probes', 'probe_latest', 'base_stations', 'users', 'monitor_rule_state'])
      await pgClient.query(`analyze ${schema}.${tbl}`);
  else store.sqlite!.exec('analyze');
}

interface Round {
  p50: number;
  p95: number;
  max: number;
  serverCpuMsPerRequest: number;
  /** PostgreSQL: the bench database's backends' CPU per request; absent on SQLite. */
  databaseCpuMsPerRequest?: number;
  loadBefore: number;
  loadAfter: number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
const round2 = (x: number) => Math.round(x * 100) / 100;

interface Answer {
  farms: { sites: { freshness: string; openAlerts: number; siteName: string | null; hottest: unknown }[] }[];
}

async function runStore(engine: 'sqlite' | 'postgres') {
  const bench = await openBenchStore(engine, { databaseUrl: args['database-url'], prefix: 'siteindex' });
  const { dataDir, schema, admin, serverUrl, store } = bench;
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    process.stdout.write(`${engine}: seeding ${FARMS} farms, ${STATIONS} stations, ${PROBES} probes …\n`);
    const t0 = performance.now();
    await seed(store, Math.floor(Date.now() / 1000), admin, schema);
    const seedS = (performance.now() - t0) / 1000;
    await store.close();
    process.stdout.write(`  seeded in ${seedS.toFixed(1)} s\n`);
    if (args['seed-only'] && !admin) {
      process.stdout.write(`  kept: ${join(dataDir, 'emberwatch.db')}\n`);
      process.exit(0);
    }

    const port = randomPort();
    server = await startServer(dataDir, serverUrl, port);
    const token = await login(port);
    const client = keepAliveClient(port, token, 1);
    // PostgreSQL: the backends serving this database are the server's (the bench's own database).
    const database = databaseCpu(admin);

    const path = '/client/getMultisiteData';
    // The first request after the start reads every station (nothing kept yet): timed once.
    const cold = await client.get(path);
    if (cold.status !== 200) throw new Error(`${cold.status} ${cold.body.slice(0, 300)}`);
    const coldMs = round2(cold.ms);
    process.stdout.write(`  first request (every station read): ${coldMs} ms\n`);
    for (let i = 0; i < 10; i++) await client.get(path); // warm-up
    const first = await client.get(path);
    if (first.status !== 200) throw new Error(`${first.status} ${first.body.slice(0, 300)}`);
    // The answer is the whole index: check it holds what was seeded, so a fast wrong answer fails.
    const answer = JSON.parse(first.body) as Answer;
    const sites = answer.farms.flatMap((f) => f.sites);
    const shape = {
      farms: answer.farms.length,
      sites: sites.length,
      over24h: sites.filter((s) => s.freshness === 'over24h').length,
      notAvailable: sites.filter((s) => s.freshness === 'notAvailable').length,
      openAlerts: sites.reduce((n, s) => n + s.openAlerts, 0),
      named: sites.filter((s) => s.siteName !== null).length,
      answerKb: round2(first.bytes / 1024),
    };
    if (shape.farms !== FARMS || shape.sites !== STATIONS)
      throw new Error(`the index lists ${shape.farms} farms and ${shape.sites} sites`);
    process.stdout.write(`  answer: ${JSON.stringify(shape)}\n`);

    /**
     * A case: `REQUESTS` requests one after another, `ROUNDS` times; `before` runs before each and is
     * neither timed nor counted (the server's CPU is summed over the requests alone, each read from
     * /proc before and after it).
     */
    const measure = async (name: string, requests: number, before?: (i: number) => Promise<void>) => {
      const rounds: Round[] = [];
      for (let r = 0; r < ROUNDS; r++) {
        const loadBefore = round2(loadavg()[0]!);
        let serverCpu = 0;
        let dbCpu = 0;
        const lat: number[] = [];
        for (let i = 0; i < requests; i++) {
          if (before) await before(r * requests + i);
          const db0 = await database.mark();
          const cpu0 = processCpuMs(server!.pid as number)!;
          const res = await client.get(path);
          serverCpu += processCpuMs(server!.pid as number)! - cpu0;
          dbCpu += (await database.since(db0)).ms;
          if (res.status !== 200) throw new Error(`${res.status} ${res.body.slice(0, 300)}`);
          lat.push(res.ms);
        }
        const l = latencySummary(lat);
        rounds.push({
          p50: l.p50,
          p95: l.p95,
          max: l.max,
          serverCpuMsPerRequest: round2(serverCpu / requests),
          ...(admin ? { databaseCpuMsPerRequest: round2(dbCpu / requests) } : {}),
          loadBefore,
          loadAfter: round2(loadavg()[0]!),
        });
        const last = rounds[rounds.length - 1]!;
        process.stdout.write(
          `  ${name}, round ${r + 1}: p50 ${last.p50} ms, p95 ${last.p95} ms, server CPU ${last.serverCpuMsPerRequest} ms/request` +
            (admin ? `, database CPU ${last.databaseCpuMsPerRequest} ms/request` : '') +
            ` (load ${loadBefore.toFixed(1)} → ${last.loadAfter.toFixed(1)})\n`,
        );
      }
      const summary = {
        name,
        latencyMsP50: median(rounds.map((x) => x.p50)),
        latencyMsP95: median(rounds.map((x) => x.p95)),
        serverCpuMsPerRequest: median(rounds.map((x) => x.serverCpuMsPerRequest)),
        ...(admin
          ? { databaseCpuMsPerRequest: median(rounds.map((x) => x.databaseCpuMsPerRequest ?? 0)) }
          : {}),
        rounds,
      };
      process.stdout.write(
        `  ${engine}, ${name}: median p95 ${summary.latencyMsP95} ms — ${summary.latencyMsP95 < TARGET_P95_MS ? 'under' : 'OVER'} the ${TARGET_P95_MS} ms target\n`,
      );
      return summary;
    };

    const cases = [await measure('unchanged: nothing reported since the last request', REQUESTS)];
    // An advisor's 120 s refresh: stations report every 15 minutes or so, so about one in ten has new
    // readings since the last look. Before each request CHANGED stations (a different slice each
    // time) send one reading of one probe through the ingest route; the server then drops what it
    // kept of them and reads them again. A second for the commits' roll-ups (at most once a second
    // under load, decision 0062) and the monitors to settle: in the field 150 stations report over
    // about 90 s, not in one burst.
    let lastTs = 0;
    cases.push(
      await measure(
        `new data: ${CHANGED} of ${STATIONS} stations reported before each request`,
        Math.max(10, Math.round(REQUESTS / 5)),
        async (i) => {
          const ts = Math.max(Math.floor(Date.now() / 1000), lastTs + 1);
          lastTs = ts;
          // Ten stations at a time, as packets arrive from many stations at once.
          for (let k = 0; k < CHANGED; k += 10)
            await Promise.all(
              Array.from({ length: Math.min(10, CHANGED - k) }, (_, j) => {
                const s = (i * CHANGED + k + j) % STATIONS;
                return ingestReadings(port, s, [
                  {
                    sensor_id: `H${FIRST_PROBE + s * PER_STATION}`,
                    meas_ts: ts,
                    temperatures: [300, 410, 350],
                  },
                ]);
              }),
            );
          await new Promise((r) => setTimeout(r, 1000));
        },
      ),
    );
    client.close();
    return { engine, seedSeconds: round2(seedS), answer: shape, firstRequestMs: coldMs, cases };
  } finally {
    if (server) await stopServer(server);
    await bench.dispose();
  }
}

const results = [];
for (const engine of args.stores.split(',') as ('sqlite' | 'postgres')[])
  results.push(await runStore(engine));
writeResults('site-index', {
  date: new Date().toISOString(),
  command: `npx tsx bench/site-index/run.ts ${process.argv.slice(2).join(' ')}`.trim(),
  farms: FARMS,
  stations: STATIONS,
  probes: PROBES,
  rounds: ROUNDS,
  requestsPerRound: REQUESTS,
  changedStationsPerRequest: CHANGED,
  targetP95Ms: TARGET_P95_MS,
  results,
});
process.exit(results.some((r) => r.cases.some((c) => c.latencyMsP95 >= TARGET_P95_MS)) ? 1 : 0);
