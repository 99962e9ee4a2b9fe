import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Migrator, sql, type MigrationProvider } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateToLatest, openStore, type Store } from '../src/db/createDatabase.js';
import { migrations } from '../src/db/migrations/index.js';
import { hourOf, readingHours } from '../src/features/readings/index.js';
import { ReadingHistory } from '../src/features/readings/readingHistory.js';

const HOUR = 3_600;
const T0 = 1_790_000_000 - (1_790_000_000 % HOUR);

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
    expect(await readingHours(store.db, 'sqlite', 0, T0 + 10 * HOUR)).toEqual([
      hourOf(T0) - 400,
      hourOf(T0),
      hourOf(T0) + 1,
      hourOf(T0) + 5,
    ]);
    expect(await readingHours(store.db, 'sqlite', T0 + HOUR, T0 + 4 * HOUR)).toEqual([hourOf(T0) + 1]);
    expect(await readingHours(store.db, 'sqlite', T0 + 2 * HOUR, T0 + 4 * HOUR)).toEqual([]);
    expect(await readingHours(store.db, 'postgres', 0, T0)).toBeNull();
  });

  it("reads each probe's range, first reading and nothing of another probe", async () => {
    const history = new ReadingHistory(store.db, 'sqlite');
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
  });
});
