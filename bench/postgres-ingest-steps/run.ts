/**
 * Where PostgreSQL's CPU goes in an ingest commit (issue 9 item 3, decisions 0064–0066): the service's
 * statements run one commit after another on a fresh schema — probe locks (which the service takes only for
 * commits its directory cannot settle; with --backlog, the days' locks a settled commit of old readings
 * takes instead, decision 0149), the packed-day look-up,
 * the readings' insert with its journal row, the stations and packet log, the roll-ups at the service's
 * pace (written from what the writer folded in memory, decision 0066), the commit — and each step's backend CPU time (utime + stime of the connection's backend,
 * /proc/<pid>/stat, the figure a busy machine disturbs least) is summed per 1,000 readings. Beside it,
 * the floor: a plain `unnest` insert of the same rows into a table keyed like `readings`.
 *
 * The load: 50 stations × 100 probes, packets of one reading per probe, commits of 5 packets (500
 * readings, as the service batches on PostgreSQL), `--commits-per-second` of them on the pace's clock, so
 * one write of the roll-ups covers commitsPerSecond × 500 readings of up to 5,000 probes.
 *
 *   npx tsx bench/postgres-ingest-steps/run.ts [--commits 400] [--rounds 3] [--commits-per-second 16]
 *     [--backlog] [--database-url postgres://postgres@127.0.0.1:5432/test]
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { IngestReading } from '@emberwatch/shared/contracts/ingest';
import pg from 'pg';
import { migrateToLatest, openStore } from '../../apps/server/src/db/createDatabase.js';
import { ensureMonthPartition } from '../../apps/server/src/db/monthPartitions.js';
import { IngestRepository } from '../../apps/server/src/features/ingest/ingest.repository.js';
import { PostgresIngestWriter } from '../../apps/server/src/features/ingest/postgresIngestWriter.js';
import { intArray, textArray } from '../../apps/server/src/features/ingest/postgresArrays.js';
import { clockTicksPerSecond, loadAverage, median } from '../support/procStats.js';
import { positive } from '../support/positiveArg.js';
import { databaseUrlOption } from '../support/databaseUrlOption.js';

const { values: args } = parseArgs({
  options: {
    commits: { type: 'string', default: '400' },
    rounds: { type: 'string', default: '3' },
    'commits-per-second': { type: 'string', default: '16' },
    /**
     * The readings arrive 90 days after their time, as the side-by-side bench sends them (a station's
     * backlog): the writer journals their values, and the look-up finds their day packable.
     */
    backlog: { type: 'boolean', default: false },
    'database-url': databaseUrlOption('test'),
  },
});
const COMMITS = Math.round(positive('commits', args.commits, 100_000));
const ROUNDS = Math.round(positive('rounds', args.rounds, 20));
const PER_SECOND = positive('commits-per-second', args['commits-per-second'], 1_000);
const URL = args['database-url'];
const WARMUP = 20;
/** How long after their time the readings arrive (--backlog: 90 days). */
const DELAY_S = args.backlog ? 90 * 86_400 : 5;
/** The commits' first measurement time (2026-09-21). */
const START_TS = 1_790_000_000;
const STEPS = ['lock', 'packed', 'write', 'stations', 'rollups', 'commit'] as const;

const tickMs = 1000 / clockTicksPerSecond();
function backendMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * tickMs;
}

/** Commit `c`'s readings: 5 stations' packets, one reading per probe at one time. */
function commitOf(c: number, ts: number) {
  const first = (c % 10) * 5;
  const origins = Array.from({ length: 5 }, (_, i) => ({
    bsId: `F10000${first + i}`,
    receivedTs: ts + DELAY_S,
  }));
  const readings: IngestReading[] = [];
  const packetOf: number[] = [];
  for (let p = 0; p < 5; p++)
    for (let q = 0; q < 100; q++) {
      const h = (p * 131 + q * 31 + c * 17) % 9;
      readings.push({
        sensor_id: `B${first + p}P${q}`,
        meas_ts: ts,
        temperatures: [150 + q + h, 160 + h, 170 - h],
        sensor_RSSI: -70 - h,
        bs_RSSI: -60 + h,
        batt_voltage: 330 - h,
      });
      packetOf.push(p);
    }
  return { origins, readings, packetOf };
}

/** One round on a fresh schema: backend ms per 1,000 readings of each step. */
async function stepsRound(admin: pg.Client, schema: string): Promise<Record<string, number>> {
  await admin.query(`drop schema if exists ${schema} cascade; create schema ${schema}`);
  const store = openStore({ databaseUrl: URL, sqlitePath: ':memory:', pgSchema: schema });
  try {
    await migrateToLatest(store);
    // The reading tables are partitioned by month (decision 0135): the bench's month gets its partition,
    // as the partitions job makes every kept month's on a server, instead of leaving its rows to the
    // default partition.
    for (const table of ['readings', 'readings_packed'] as const)
      await ensureMonthPartition(store.db, table, START_TS);
    const repo = new IngestRepository(store.db, 'postgres');
    let clockMs = 0;
    const writer = new PostgresIngestWriter({ nowMs: () => clockMs });
    const spent: Record<string, number> = {};
    let readings = 0;
    let ts = START_TS;
    for (let c = 0; c < COMMITS + WARMUP; c++) {
      if (c % 10 === 0) ts += 60;
      clockMs += 1000 / PER_SECOND;
      const batch = commitOf(c, ts);
      const done = await store.db.transaction().execute(async (trx) => {
        const { pid } = await trx
          .selectNoFrom((eb) => eb.fn<number>('pg_backend_pid').as('pid'))
          .executeTakeFirstOrThrow();
        let at = backendMs(pid);
        const step = (name: string) => {
          const now = backendMs(pid);
          if (c >= WARMUP) spent[name] = (spent[name] ?? 0) + now - at;
          at = now;
        };
        // The service's settled commits: recent readings take no lock (the step then measures the
        // probes' locks a commit the directory cannot settle takes); old ones their days' (decision 0149).
        if (args.backlog) await repo.lockDays(trx, [Math.floor(ts / 86_400)]);
        else await repo.lockProbes(trx, new Set(batch.readings.map((r) => r.sensor_id)));
        step('lock');
        // As ReadingHistory.packedTimes asks first: is anything of the day packed?
        await trx
          .selectFrom('readings_packed')
          .select('day')
          .where('day', '=', ts - (ts % 86_400))
          .limit(1)
          .execute();
        step('packed');
        const written = await writer.writeReadings(trx, batch.origins, batch.readings, batch.packetOf);
        step('write');
        await writer.writeStations(
          trx,
          batch.origins.map((o) => ({ bs_id: o.bsId, last_data_ts: o.receivedTs })),
          batch.origins.map((o) => ({
            bs_id: o.bsId,
            type: 'data',
            ts: o.receivedTs,
            bytes_up: 3_000,
            bytes_down: 0,
            n_readings: 100,
          })),
        );
        step('stations');
        const fresh = written.fresh.reduce((a, b) => a + b, 0);
        const settled = await writer.settleRollups(trx, { force: false, fresh });
        step('rollups');
        return { written, settled, pid, at };
      });
      if (c >= WARMUP) spent.commit = (spent.commit ?? 0) + backendMs(done.pid) - done.at;
      done.written.publish();
      done.settled.publish();
      if (c >= WARMUP) readings += batch.readings.length;
    }
    return Object.fromEntries(STEPS.map((s) => [s, ((spent[s] ?? 0) * 1000) / readings]));
  } finally {
    await store.close();
    await admin.query(`drop schema if exists ${schema} cascade`);
  }
}

/** The floor: a plain unnest insert of the same 500-row commits, backend ms per 1,000 rows. */
async function plainInsertRound(admin: pg.Client, schema: string): Promise<number> {
  await admin.query(`drop schema if exists ${schema} cascade; create schema ${schema}`);
  await admin.query(`create table ${schema}.plain (sensor_id text not null, meas_ts bigint not null,
    bs_id text not null, received_ts bigint not null, temperature int not null, temps text not null,
    sensor_rssi int, bs_rssi int, batt int, primary key (sensor_id, meas_ts))`);
  const client = new pg.Client({ connectionString: URL });
  await client.connect();
  try {
    const pid = (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
    let spent = 0;
    let rows = 0;
    let ts = 1_790_000_000;
    for (let c = 0; c < COMMITS + WARMUP; c++) {
      if (c % 10 === 0) ts += 60;
      const { origins, readings, packetOf } = commitOf(c, ts);
      const bs = packetOf.map((p) => origins[p]!);
      const params = [
        textArray(readings.map((r) => r.sensor_id)),
        intArray(readings.map((r) => r.meas_ts)),
        textArray(bs.map((o) => o.bsId)),
        intArray(bs.map((o) => o.receivedTs)),
        intArray(readings.map((r) => r.temperatures[0])),
        textArray(readings.map((r) => `[${r.temperatures.join(',')}]`)),
        intArray(readings.map((r) => r.sensor_RSSI)),
        intArray(readings.map((r) => r.bs_RSSI)),
        intArray(readings.map((r) => r.batt_voltage)),
      ];
      await client.query('begin');
      const before = backendMs(pid);
      await client.query(
        `insert into ${schema}.plain select * from unnest($1::text[], $2::bigint[], $3::text[], $4::bigint[],
          $5::int[], $6::text[], $7::int[], $8::int[], $9::int[]) on conflict do nothing`,
        params,
      );
      if (c >= WARMUP) {
        spent += backendMs(pid) - before;
        rows += readings.length;
      }
      await client.query('commit');
    }
    return (spent * 1000) / rows;
  } finally {
    await client.end();
    await admin.query(`drop schema if exists ${schema} cascade`);
  }
}

const admin = new pg.Client({ connectionString: URL });
await admin.connect();
const schema = `bench_steps_${process.pid}`;
const rounds: { steps: Record<string, number>; plain: number; load: number[] }[] = [];
try {
  console.log(
    `postgres ingest steps: ${ROUNDS} round(s) of ${COMMITS} commits of 500 readings, ${PER_SECOND} commits per pace second` +
      (args.backlog ? ', readings received 90 days after their time' : ''),
  );
  for (let r = 0; r < ROUNDS; r++) {
    const load = [loadAverage()[0]];
    const steps = await stepsRound(admin, schema);
    const plain = await plainInsertRound(admin, schema);
    load.push(loadAverage()[0]);
    rounds.push({ steps, plain, load });
    const total = Object.values(steps).reduce((a, b) => a + b, 0);
    console.log(
      `round ${r + 1}: ${STEPS.map((s) => `${s} ${steps[s]!.toFixed(2)}`).join(', ')} (total ${total.toFixed(2)}); ` +
        `plain insert ${plain.toFixed(2)} ms per 1,000 readings of backend CPU; load ${load.map((l) => l.toFixed(2)).join(' → ')}`,
    );
  }
  const med = (pick: (r: (typeof rounds)[number]) => number) => median(rounds.map(pick)).toFixed(2);
  console.log(
    `medians: ${STEPS.map((s) => `${s} ${med((r) => r.steps[s]!)}`).join(', ')}; plain insert ${med((r) => r.plain)}`,
  );
} finally {
  await admin.query(`drop schema if exists ${schema} cascade`);
  await admin.end();
}
