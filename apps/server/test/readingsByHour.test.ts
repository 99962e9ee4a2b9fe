import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Migrator, sql, type Kysely, type MigrationProvider } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, openStore, type Store } from '../src/db/createDatabase.js';
import { migrations } from '../src/db/migrations/index.js';
import type { Engine } from '../src/db/engine.js';
import type { Database } from '../src/db/schema.js';
import { hourOf, readingHours } from '../src/features/readings/index.js';
import { ReadingHistory } from '../src/features/readings/readingHistory.js';
import { createTestApp, TEST_ENGINE, type TestApp } from './support/testApp.js';

const HOUR = 3_600;
const T0 = 1_790_000_000 - (1_790_000_000 % HOUR);

const old = (sensor: string, ts: number, t: number) => ({
  sensor_id: sensor,
  meas_ts: ts,
  bs_id: 'F1000001',
  received_ts: ts + 5,
  temperature: t,
  temps: JSON.stringify([t, t + 1]),
  sensor_rssi: -70,
  bs_rssi: null,
  batt: 350,
});
const before = [
  old('H10001', T0 - 400 * HOUR, 100),
  old('H10001', T0 + 10, 110),
  old('H10001', T0 + HOUR + 20, 120),
  old('H10002', T0 + 30, 200),
  old('H10002', T0 + 5 * HOUR, 210),
];

/**
 * SQLite's raw readings keyed by hour first (migration 0036, decision 0060): a store from before keeps
 * every reading, and reads that name the hours holding rows find each probe's readings — however far
 * apart the hours, and with a straggler of an old hour among them.
 */
describe('readings keyed by hour on sqlite', () => {
  const dir = mkdtempSync(join(tmpdir(), 'emberwatch-by-hour-'));
  let store: Store;
  afterAll(async () => {
    await store?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('moves every reading of a store from before into the new key', async () => {
    store = openStore({ sqlitePath: join(dir, 'store.db') });
    const provider: MigrationProvider = { getMigrations: () => Promise.resolve(migrations('sqlite')) };
    const upTo = new Migrator({ db: store.db, provider, allowUnorderedMigrations: true });
    const { error } = await upTo.migrateTo('0035_payments');
    expect(error).toBeUndefined();
    await store.db.insertInto('readings').values(before).execute();

    await migrateToLatest(store);
    const rows = await store.db
      .selectFrom('readings')
      .selectAll()
      .orderBy('sensor_id')
      .orderBy('meas_ts')
      .execute();
    expect(rows).toEqual(before.map((r) => ({ hour: hourOf(r.meas_ts), ...r })));
    const { rows: pk } = await sql<{ name: string; pk: number }>`pragma table_info(readings)`.execute(
      store.db,
    );
    expect(pk.filter((c) => c.pk > 0).map((c) => c.name)).toEqual(['hour', 'sensor_id', 'meas_ts']);
  });

  it('names only the hours that hold rows, from the straggler to the newest', async () => {
    await expectHours(store.db, 'sqlite');
  });

  it("reads each probe's range, first reading and nothing of another probe", async () => {
    await expectReads(store.db, 'sqlite');
  });
});

/**
 * PostgreSQL's raw readings keyed by hour first too (migration 0076, decision 0156), `hour` a column
 * PostgreSQL generates from the time: the same rows, written without it, are read the same way.
 */
describe.runIf(TEST_ENGINE === 'postgres')('readings keyed by hour on PostgreSQL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.store.db.insertInto('readings').values(before).execute();
  });
  afterAll(async () => {
    await t.close();
  });

  it("computes each reading's hour and keys the table by hour, probe and time", async () => {
    const rows = await t.store.db
      .selectFrom('readings')
      .select(['hour', 'meas_ts'])
      .orderBy('sensor_id')
      .orderBy('meas_ts')
      .execute();
    expect(rows).toEqual(before.map((r) => ({ hour: hourOf(r.meas_ts), meas_ts: r.meas_ts })));
    const { rows: key } = await sql<{ def: string }>`
      select pg_get_indexdef(to_regclass('readings_pk')) as def`.execute(t.store.db);
    expect(key[0]?.def).toMatch(/\(hour, sensor_id, meas_ts\)$/);
    // No writer may name it: PostgreSQL refuses a value for a generated column.
    await expect(
      t.store.db
        .insertInto('readings')
        .values({ ...old('H10003', T0, 1), hour: 1 })
        .execute(),
    ).rejects.toThrow(/non-DEFAULT value into column "hour"/);
  });

  it('names only the hours that hold rows, from the straggler to the newest', async () => {
    await expectHours(t.store.db, 'postgres');
    // A range "to the end" names no hour past PostgreSQL's integer.
    expect(await readingHours(t.store.db, 'postgres', T0 + 5 * HOUR, Number.MAX_SAFE_INTEGER)).toEqual([
      hourOf(T0) + 5,
    ]);
  });

  it("reads each probe's range, first reading and nothing of another probe", async () => {
    await expectReads(t.store.db, 'postgres');
    const history = new ReadingHistory(t.store.db, 'postgres');
    expect((await history.firstReadings('H10001', 0, T0 + 10 * HOUR, 2)).map((r) => r.meas_ts - T0)).toEqual([
      -400 * HOUR,
      10,
    ]);
  });
});

async function expectHours(db: Kysely<Database>, engine: Engine): Promise<void> {
  expect(await readingHours(db, engine, 0, T0 + 10 * HOUR)).toEqual([
    hourOf(T0) - 400,
    hourOf(T0),
    hourOf(T0) + 1,
    hourOf(T0) + 5,
  ]);
  expect(await readingHours(db, engine, T0 + HOUR, T0 + 4 * HOUR)).toEqual([hourOf(T0) + 1]);
  expect(await readingHours(db, engine, T0 + 2 * HOUR, T0 + 4 * HOUR)).toEqual([]);
}

async function expectReads(db: Kysely<Database>, engine: Engine): Promise<void> {
  const history = new ReadingHistory(db, engine);
  const times = async (ids: string[], from: number, to: number) =>
    (await history.range(ids, from, to)).map((r) => `${r.sensor_id}@${r.meas_ts - T0}`);
  expect(await times(['H10001'], T0, T0 + 2 * HOUR)).toEqual(['H10001@10', `H10001@${HOUR + 20}`]);
  expect(await times(['H10001', 'H10002'], 0, T0 + 10 * HOUR)).toEqual([
    `H10001@${-400 * HOUR}`,
    'H10001@10',
    `H10001@${HOUR + 20}`,
    'H10002@30',
    `H10002@${5 * HOUR}`,
  ]);
  expect(await times(['H10002'], T0 + 31, T0 + 5 * HOUR - 1)).toEqual([]);
  expect(await history.firstTs('H10001')).toBe(T0 - 400 * HOUR);
  expect(await history.firstTs('H10002')).toBe(T0 + 30);
  expect(await history.firstTs('H99999')).toBeNull();
}
