import { Migrator, sql, type MigrationProvider } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateToLatest, openStore, type Store } from '../src/db/createDatabase.js';
import { migrations } from '../src/db/migrations/index.js';
import { IngestRepository } from '../src/features/ingest/ingest.repository.js';
import { TEST_DATABASE_URL, TEST_ENGINE } from './support/testApp.js';

const DAY = 86_400;
const DAY0 = 1_790_000_000 - (1_790_000_000 % DAY);

/**
 * PostgreSQL's daily roll-ups with a column per depth (migration 0038, decision 0061): a store from
 * before keeps every roll-up exactly and max_temps and min_temps read as the same JSON text. What ingest
 * merges into them (depths one to three, batteries missing, two instances at once) is checked value by
 * value in ingest.test.ts.
 */
describe.runIf(TEST_ENGINE === 'postgres')('daily roll-ups by depth column on postgres', () => {
  const schema = `t_pg_daily_${process.pid}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  let store: Store;
  afterAll(async () => {
    await store?.close();
    await admin.query(`drop schema if exists ${schema} cascade`);
    await admin.end();
  });

  const day = (sensor: string, d: number, maxTemps: number[], minTemps: number[], batt: number | null) => ({
    sensor_id: sensor,
    day: DAY0 + d * DAY,
    n: 3 + d,
    max_temp: Math.max(...maxTemps),
    min_temp: Math.min(...minTemps),
    max_temps: JSON.stringify(maxTemps),
    min_temps: JSON.stringify(minTemps),
    min_batt: batt,
    max_batt: batt === null ? null : batt + 9,
  });
  const before = [
    day('H10001', 0, [215], [-33], 300),
    day('H10001', 1, [210, 222, 2000], [-500, 0, 17], null),
    day('H10002', 0, [1, 2, 3, 4, 5, 6, 7, 8], [-8, -7, -6, -5, -4, -3, -2, -1], 340),
  ];
  const columns = [
    'sensor_id',
    'day',
    'n',
    'max_temp',
    'min_temp',
    'max_temps',
    'min_temps',
    'min_batt',
    'max_batt',
  ] as const;

  it('keeps every roll-up of a store from before, its JSON text included', async () => {
    await admin.connect();
    await admin.query(`drop schema if exists ${schema} cascade`);
    await admin.query(`create schema ${schema}`);
    // sqlitePath is required by the options but unused with a PostgreSQL URL.
    store = openStore({ databaseUrl: TEST_DATABASE_URL, sqlitePath: ':memory:', pgSchema: schema });
    const provider: MigrationProvider = { getMigrations: () => Promise.resolve(migrations('postgres')) };
    const upTo = new Migrator({ db: store.db, provider, migrationTableSchema: schema });
    const { error } = await upTo.migrateTo('0037_api_plan');
    expect(error).toBeUndefined();
    await store.db.insertInto('probe_daily').values(before).execute();

    await migrateToLatest(store);
    const rows = await store.db
      .selectFrom('probe_daily')
      .select(columns)
      .orderBy('sensor_id')
      .orderBy('day')
      .execute();
    expect(rows).toEqual(before);
    const { rows: depths } = await sql<{ max_d1: number; max_d3: number | null; min_d8: number | null }>`
      select max_d1, max_d3, min_d8 from probe_daily order by sensor_id, day`.execute(store.db);
    expect(depths).toEqual([
      { max_d1: 215, max_d3: null, min_d8: null },
      { max_d1: 210, max_d3: 2000, min_d8: null },
      { max_d1: 1, max_d3: 3, min_d8: -1 },
    ]);
  });

  it('refuses a write of the generated text, so no writer can let it drift from the depth columns', async () => {
    await expect(
      sql`update probe_daily set max_temps = '[1]' where sensor_id = 'H10001'`.execute(store.db),
    ).rejects.toThrow(/can only be updated to DEFAULT/);
  });
});

/**
 * The probe locks of ingest commits on PostgreSQL (decision 0061): commits of a few probes lock each
 * probe and run side by side, a commit of more than `maxProbeLocks` probes locks all probes at once
 * and so runs alone — after the small ones that hold probes, and before the ones that come after it.
 */
describe.runIf(TEST_ENGINE === 'postgres')('probe locks of ingest commits on postgres', () => {
  const store = openStore({ databaseUrl: TEST_DATABASE_URL, sqlitePath: ':memory:' });
  afterAll(() => store.close());
  // Two probes at most per lock: three make a large commit.
  const repo = new IngestRepository(store.db, 'postgres', 2);
  const events: string[] = [];

  /** A commit that takes its probe locks and holds them until released. */
  function commit(name: string, probes: string[]) {
    let release = (): void => undefined;
    const released = new Promise<void>((r) => (release = r));
    let locked = (): void => undefined;
    const hasLocked = new Promise<void>((r) => (locked = r));
    const done = repo.transaction(async (trx) => {
      await repo.lockProbes(trx, new Set(probes));
      events.push(`${name} locked`);
      locked();
      await released;
      events.push(`${name} ends`);
    });
    return { hasLocked, release, done };
  }
  const moment = () => new Promise((r) => setTimeout(r, 150));

  it('runs small commits side by side and a large one alone', async () => {
    const a = commit('small A', ['H20001', 'H20002']);
    await a.hasLocked;
    // Would wait for ever (and time out) if small commits of other probes excluded each other.
    const b = commit('small B', ['H20003']);
    await b.hasLocked;
    const large = commit('large', ['H20004', 'H20005', 'H20006']);
    await moment(); // time enough for a lock that wrongly let it in
    a.release();
    b.release();
    await Promise.all([a.done, b.done]);
    await large.hasLocked;
    const after = commit('small C', ['H20007']);
    await moment();
    large.release();
    await large.done;
    await after.hasLocked;
    after.release();
    await after.done;
    expect(events).toEqual([
      'small A locked',
      'small B locked',
      'small A ends',
      'small B ends',
      'large locked',
      'large ends',
      'small C locked',
      'small C ends',
    ]);
  });

  it('still makes two small commits of one probe wait for each other', async () => {
    events.length = 0;
    const a = commit('first', ['H20010', 'H20011']);
    await a.hasLocked;
    const b = commit('second', ['H20011']);
    await moment();
    a.release();
    await a.done;
    await b.hasLocked;
    b.release();
    await b.done;
    expect(events).toEqual(['first locked', 'first ends', 'second locked', 'second ends']);
  });
});
