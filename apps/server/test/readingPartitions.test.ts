import { randomBytes } from 'node:crypto';
import { Migrator, sql, type MigrationProvider } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMonths, monthLabel, monthStart } from '@emberwatch/shared/domain/readingRetention';
import type {
  ReadingHistory,
  ReadingPacker,
  ReadingPartitions,
  ReadingRetention,
} from '../src/features/readings/index.js';
import { migrateToLatest, openStore, type Store } from '../src/db/createDatabase.js';
import { migrations } from '../src/db/migrations/index.js';
import { listMonthPartitions } from '../src/db/monthPartitions.js';
import { hourOf } from '../src/features/readings/index.js';
import { createTestApp, TEST_DATABASE_URL, TEST_ENGINE, type TestApp } from './support/testApp.js';
import { api, ingest, type TestReading } from './support/probeHelpers.js';

const DAY = 86_400;
const realNow = Math.floor(Date.now() / 1000);
const SENSORS = ['H10001', 'H10002'];
/** Every 6 hours for 400 days: more than a year, over 14 UTC months. */
const STEPS = 400 * 4;
function year(sensor: string, base: number): TestReading[] {
  return Array.from({ length: STEPS }, (_, i) => ({
    sensor_id: sensor,
    meas_ts: realNow - 6 * 3600 * i - 120,
    temperatures: [base + (i % 7), base + 10 - (i % 5), base + 20 + (i % 3)],
    sensor_RSSI: i % 11 === 0 ? null : -70 - (i % 9),
    bs_RSSI: -55 - (i % 4),
    batt_voltage: 360 - Math.floor(i / 100),
  }));
}

/** Where each of the table's rows is stored: partition name → rows. */
async function rowsByPartition(
  t: TestApp,
  table: 'readings' | 'readings_packed',
): Promise<Record<string, number>> {
  const { rows } = await sql<{ part: string; n: string }>`
    select tableoid::regclass::text as part, count(*) as n from ${sql.table(table)} group by 1`.execute(
    t.store.db,
  );
  return Object.fromEntries(rows.map((r) => [r.part, Number(r.n)]));
}

/** The columns of a raw reading an insert names (`hour` is generated, migration 0076). */
const RAW_COLUMNS = 'sensor_id, meas_ts, bs_id, received_ts, temperature, temps, sensor_rssi, bs_rssi, batt';

/**
 * Swaps the partitioned tables for plain copies of the same rows (as the store was before migration
 * 0075) while `fn` runs, then puts the partitioned ones back.
 */
async function withUnpartitionedCopy<T>(t: TestApp, fn: () => Promise<T>): Promise<T> {
  const swap = async (steps: string[]) => {
    for (const s of steps) await sql.raw(s).execute(t.store.db);
  };
  await swap([
    'alter table readings rename to readings_parted',
    'alter table readings_packed rename to readings_packed_parted',
    'create table readings (like readings_parted including defaults including generated)',
    'alter table readings add constraint plain_readings_pk primary key (hour, sensor_id, meas_ts)',
    `insert into readings (${RAW_COLUMNS}) select ${RAW_COLUMNS} from readings_parted`,
    'create table readings_packed (like readings_packed_parted including defaults)',
    'alter table readings_packed add constraint plain_packed_pk primary key (sensor_id, day)',
    'insert into readings_packed select * from readings_packed_parted',
  ]);
  try {
    const { rows } = await sql<{ relkind: string }>`
      select relkind from pg_class where oid in (to_regclass('readings'), to_regclass('readings_packed'))`.execute(
      t.store.db,
    );
    expect(rows.map((r) => r.relkind)).toEqual(['r', 'r']);
    return await fn();
  } finally {
    await swap([
      'drop table readings',
      'drop table readings_packed',
      'alter table readings_parted rename to readings',
      'alter table readings_packed_parted rename to readings_packed',
    ]);
  }
}

describe.runIf(TEST_ENGINE === 'postgres')('monthly partitions of the readings on PostgreSQL', () => {
  let t: TestApp;
  let clock = realNow;
  let history: ReadingHistory;
  let packer: ReadingPacker;
  let partitions: ReadingPartitions;
  let retention: ReadingRetention;
  let call: ReturnType<typeof api>;

  beforeAll(async () => {
    t = await createTestApp({
      nowS: () => clock,
      env: { READINGS_KEEP_MONTHS: '14', READINGS_LIMITED_KEEP_MONTHS: '2' },
    });
    call = api(t, { hay: await t.login('hay@demo.emberwatch') });
    const readings = t.features.find((f) => f.name === 'readings') as unknown as {
      exports: {
        history: ReadingHistory;
        packer: ReadingPacker;
        partitions: ReadingPartitions;
        retention: ReadingRetention;
      };
    };
    ({ history, packer, partitions, retention } = readings.exports);
    await ingest(t, 'F1000001', [...year('H10001', 300), ...year('H10002', 200)]);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('makes the months kept that wait in the default partition their own, and the months ahead, once', async () => {
    // The store was migrated empty: the year's readings went to the default partition.
    expect(Object.keys(await rowsByPartition(t, 'readings'))).toContain('readings_default');
    const made = await partitions.prepare();
    // 400 days back from now, within the 14 months kept: every month of them has its partition now.
    const first = monthStart(realNow - 6 * 3600 * (STEPS - 1) - 120);
    const current = monthStart(realNow);
    // (the current month and those ahead were made by the migration already).
    let months = 1;
    for (let m = first; m < current; m = addMonths(m, 1)) {
      months += 1;
      expect(made).toContain(`readings_${monthLabel(m)}`);
    }
    expect(months).toBeGreaterThanOrEqual(14);
    // The packed days get the same months, ready for the packing job.
    for (let m = first; m < current; m = addMonths(m, 1))
      expect(made).toContain(`readings_packed_${monthLabel(m)}`);
    const byPart = await rowsByPartition(t, 'readings');
    expect(byPart.readings_default).toBeUndefined();
    expect(Object.keys(byPart).length).toBeGreaterThanOrEqual(14);
    expect(Object.values(byPart).reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(2 * STEPS);
    // The current month and the three ahead, of both tables, in order; a second run makes nothing.
    for (const table of ['readings', 'readings_packed'] as const) {
      const names = (await partitions.list(table)).map((p) => p.name);
      for (let i = 0; i <= 3; i++) expect(names).toContain(`${table}_${monthLabel(addMonths(realNow, i))}`);
    }
    expect(await partitions.prepare()).toEqual([]);
  });

  it('makes the months ahead as the clock moves, idempotently, contiguous with the ones before', async () => {
    clock = addMonths(realNow, 2) + 5 * DAY;
    try {
      const made = await partitions.prepare();
      expect(made).toEqual([
        `readings_${monthLabel(addMonths(realNow, 4))}`,
        `readings_${monthLabel(addMonths(realNow, 5))}`,
        `readings_packed_${monthLabel(addMonths(realNow, 4))}`,
        `readings_packed_${monthLabel(addMonths(realNow, 5))}`,
      ]);
      // The feature's job is the same run: nothing left to make.
      await t.jobs.find((j) => j.name === 'readings.partitions')!.run();
      expect(await partitions.prepare()).toEqual([]);
      const list = await partitions.list('readings');
      for (let i = 1; i < list.length; i++) expect(list[i]!.from).toBe(list[i - 1]!.to);
    } finally {
      clock = realNow;
    }
  });

  // Packing 800 probe-days and 34 calls: minutes when the machine is busy, never a time limit of the test.
  it('reads a year across partitions, packed and raw, exactly as an unpartitioned copy does', async () => {
    await packer.run();
    // Late readings of old months wait raw in their month until the next packing.
    await ingest(t, 'F1000001', [
      { sensor_id: 'H10001', meas_ts: realNow - 200 * DAY + 7, temperatures: [411, 412, 413] },
      { sensor_id: 'H10002', meas_ts: realNow - 330 * DAY + 9, temperatures: [211, 212, 213] },
    ]);
    const packedParts = await rowsByPartition(t, 'readings_packed');
    expect(Object.keys(packedParts).length).toBeGreaterThanOrEqual(14);
    expect(packedParts.readings_packed_default).toBeUndefined();
    expect(Object.keys(await rowsByPartition(t, 'readings')).length).toBeGreaterThanOrEqual(3);

    const boundary = monthStart(realNow - 100 * DAY);
    const urls = [
      `/client/sensorData?BS_ID=F1000001&sensorID=H10001&startTS=${boundary - 15 * DAY}&endTS=${boundary + 15 * DAY}`,
      `/client/sensorData?BS_ID=F1000001&sensorID=H10001&startTS=${realNow - 365 * DAY}&endTS=${realNow}`,
      `/client/snapshot?basestationID=F1000001&sensorIDs=H10001,H10002&fromDate=${realNow - 400 * DAY}&toDate=${realNow}`,
      `/client/data2?basestationID=F1000001&sensorId=H10002&fromDate=${boundary - 30 * DAY}&toDate=${boundary + 29 * DAY}`,
      ...Array.from(
        { length: 13 },
        (_, i) =>
          `/client/exportData?basestationID=F1000001&sensorIDs=H10001,H10002&fromTS=${realNow - (i + 1) * 30 * DAY}&toTS=${realNow - i * 30 * DAY}`,
      ),
    ];
    const answers = async () => {
      const out: Record<string, unknown> = {
        range: await history.range(SENSORS, 0, realNow + DAY),
        cut: await history.range(SENSORS, boundary - 3 * DAY + 17, boundary + 2 * DAY - 5, {
          toExclusive: true,
        }),
        first: await history.firstTs('H10002'),
      };
      for (const url of urls) {
        const res = await call.get('hay', url);
        expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
        out[url] = res.body;
      }
      return out;
    };
    const partitioned = await answers();
    expect((partitioned.range as unknown[]).length).toBeGreaterThanOrEqual(2 * STEPS + 2);
    const plain = await withUnpartitionedCopy(t, answers);
    for (const key of Object.keys(plain)) expect(partitioned[key], key).toEqual(plain[key]);
  }, 300_000);

  it('stores a reading far outside the months in the default partition, and reads it back', async () => {
    const far = Date.UTC(2016, 5, 1) / 1000;
    await ingest(t, 'F1000001', [{ sensor_id: 'H10001', meas_ts: far, temperatures: [123, 124, 125] }]);
    const { rows } = await sql<{ part: string }>`
      select tableoid::regclass::text as part from readings where sensor_id = 'H10001' and meas_ts = ${far}`.execute(
      t.store.db,
    );
    expect(rows).toEqual([{ part: 'readings_default' }]);
    expect(await history.range(['H10001'], far - DAY, far + DAY)).toMatchObject([
      { sensor_id: 'H10001', meas_ts: far, temperature: 123 },
    ]);
    expect(await history.firstTs('H10001')).toBe(far);
    // Past every horizon, it is not a month to make: the partitions job leaves it where it is.
    expect(await partitions.prepare()).toEqual([]);
  });

  it('detaches a month, which leaves the table and stays a table of its own', async () => {
    const month = addMonths(realNow, 5);
    expect(await partitions.detach('readings', month)).toBe(`readings_${monthLabel(month)}`);
    expect((await partitions.list('readings')).map((p) => p.name)).not.toContain(
      `readings_${monthLabel(month)}`,
    );
    const { rows } = await sql<{
      oid: number | null;
    }>`select to_regclass(${`readings_${monthLabel(month)}`})::oid as oid`.execute(t.store.db);
    expect(rows[0]?.oid).not.toBeNull();
    expect(await partitions.detach('readings', month)).toBeNull();
    await sql.raw(`drop table readings_${monthLabel(month)}`).execute(t.store.db);
  });

  it('drops the months past every horizon as whole partitions, and exactly those', async () => {
    // Three months on, with 14 kept: the months before (now + 3) − 14 go.
    clock = addMonths(realNow, 3) + DAY;
    try {
      const keptFrom = addMonths(realNow, 3 - 14);
      const monthCounts = async (table: 'readings' | 'readings_packed') => {
        const key = table === 'readings' ? 'meas_ts' : 'day';
        const { rows } = await sql<{ month: string; n: string }>`
          select extract(epoch from date_trunc('month', to_timestamp(${sql.ref(key)}) at time zone 'UTC'))::bigint as month,
            count(*) as n from ${sql.table(table)} group by 1`.execute(t.store.db);
        return new Map(rows.map((r) => [Number(r.month), Number(r.n)]));
      };
      const before = { raw: await monthCounts('readings'), packed: await monthCounts('readings_packed') };
      const pastMonths = [...before.packed.keys()].filter((m) => m < keptFrom);
      expect(pastMonths.length).toBeGreaterThanOrEqual(1);

      const result = await retention.run();

      const expected = pastMonths.flatMap((m) =>
        (['readings', 'readings_packed'] as const).map((table) => `${table}_${monthLabel(m)}`),
      );
      expect([...result.droppedPartitions].sort()).toEqual(expect.arrayContaining(expected.sort()));
      for (const name of result.droppedPartitions) {
        const month = Date.UTC(Number(name.slice(-7, -3)), Number(name.slice(-2)) - 1, 1) / 1000;
        expect(month).toBeLessThan(keptFrom);
      }
      const after = { raw: await monthCounts('readings'), packed: await monthCounts('readings_packed') };
      for (const kind of ['raw', 'packed'] as const) {
        for (const [month, n] of before[kind]) {
          if (month < keptFrom)
            expect(after[kind].get(month), `${kind} ${monthLabel(month)}`).toBeUndefined();
          else expect(after[kind].get(month), `${kind} ${monthLabel(month)}`).toBe(n);
        }
      }
      // The stray reading of 2016 in the default partition went row by row.
      expect(after.raw.get(Date.UTC(2016, 5, 1) / 1000)).toBeUndefined();
      expect(result.deletedRows).toBe(1);
      const names = (await partitions.list('readings_packed')).map((p) => p.name);
      for (const m of pastMonths) expect(names).not.toContain(`readings_packed_${monthLabel(m)}`);
      expect(await retention.run()).toEqual({ droppedPartitions: [], deletedRows: 0 });
    } finally {
      clock = realNow;
    }
  });
});

describe.runIf(TEST_ENGINE === 'postgres')('migration 0075 on a store with readings', () => {
  let store: Store;
  let schema: string;

  beforeAll(async () => {
    schema = `t_${randomBytes(6).toString('hex')}`;
    const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await client.connect();
    await client.query(`create schema ${schema}`);
    await client.end();
    store = openStore({
      databaseUrl: TEST_DATABASE_URL,
      sqlitePath: ':memory:',
      pgSchema: schema,
      poolSize: 2,
    });
  });
  afterAll(async () => {
    await store?.close();
    const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await client.connect();
    await client.query(`drop schema if exists ${schema} cascade`);
    await client.end();
  });

  it('moves every existing row into its month, strays into the default partition, and keeps each row as it was', async () => {
    // The store as it was before 0075 (and 0076, which comes after it): every other migration run.
    const before: MigrationProvider = {
      getMigrations: () => {
        const {
          ['0075_reading_partitions']: _partitions,
          ['0076_postgres_readings_by_hour']: _byHour,
          ...rest
        } = migrations('postgres');
        return Promise.resolve(rest);
      },
    };
    const migrator = new Migrator({
      db: store.db,
      provider: before,
      migrationTableSchema: schema,
      allowUnorderedMigrations: true,
    });
    expect((await migrator.migrateToLatest()).error).toBeUndefined();

    // Three readings a day for 14 months, a packed day per probe for each of the days before, and two
    // strays: one from 2005 (more than ten years back: no month of its own) and one of today.
    const first = addMonths(realNow, -14);
    const raw: string[] = [];
    for (let ts = first; ts < realNow; ts += 8 * 3600)
      raw.push(`('R1', ${ts}, 'F1', ${ts + 5}, ${ts % 500}, '[${ts % 500}]', -70, null, 360)`);
    raw.push(`('R2', ${Date.UTC(2005, 2, 3) / 1000}, 'F1', 1, 1, '[1]', null, null, null)`);
    raw.push(`('R2', ${realNow}, 'F1', ${realNow}, 2, '[2]', null, null, null)`);
    await sql.raw(`insert into readings values ${raw.join(', ')}`).execute(store.db);
    const packed: string[] = [];
    for (let day = first; day < realNow - DAY; day += DAY) packed.push(`('P1', ${day}, 2, '\\x0102'::bytea)`);
    packed.push(`('P2', ${Date.UTC(2005, 2, 3) / 1000}, 1, '\\x03'::bytea)`);
    await sql.raw(`insert into readings_packed values ${packed.join(', ')}`).execute(store.db);
    const rawBefore = await sql`select * from readings order by sensor_id, meas_ts`.execute(store.db);
    const packedBefore = await sql`select * from readings_packed order by sensor_id, day`.execute(store.db);

    await migrateToLatest(store);

    const { rows: kinds } = await sql<{ relkind: string }>`
      select relkind from pg_class where oid in (to_regclass('readings'), to_regclass('readings_packed'))`.execute(
      store.db,
    );
    expect(kinds.map((k) => k.relkind)).toEqual(['p', 'p']);
    expect(
      (await sql.raw(`select ${RAW_COLUMNS} from readings order by sensor_id, meas_ts`).execute(store.db))
        .rows,
    ).toEqual(rawBefore.rows);
    // Each row's hour, the key's first part since 0076.
    const { rows: hours } = await sql<{ hour: number; meas_ts: string }>`
      select hour, meas_ts from readings`.execute(store.db);
    expect(hours.filter((r) => r.hour !== hourOf(Number(r.meas_ts)))).toEqual([]);
    expect(hours).toHaveLength(rawBefore.rows.length);
    const { rows: key } = await sql<{ def: string }>`
      select pg_get_indexdef(to_regclass('readings_pk')) as def`.execute(store.db);
    expect(key[0]?.def).toMatch(/\(hour, sensor_id, meas_ts\)$/);
    expect((await sql`select * from readings_packed order by sensor_id, day`.execute(store.db)).rows).toEqual(
      packedBefore.rows,
    );
    // Each row in its month's partition; the stray of 2005 in the default one.
    for (const [table, key] of [
      ['readings', 'meas_ts'],
      ['readings_packed', 'day'],
    ] as const) {
      const { rows } = await sql<{ part: string; ts: string }>`
        select tableoid::regclass::text as part, ${sql.ref(key)} as ts from ${sql.table(table)}`.execute(
        store.db,
      );
      for (const r of rows) {
        const ts = Number(r.ts);
        expect(r.part, `${table} ${ts}`).toBe(
          ts < addMonths(realNow, -120) ? `${table}_default` : `${table}_${monthLabel(ts)}`,
        );
      }
      // The months that hold rows, the current one and three ahead; nothing else.
      const names = (await listMonthPartitions(store.db, table)).map((p) => p.name);
      const expected = [];
      for (let m = monthStart(first); m <= addMonths(realNow, 3); m = addMonths(m, 1))
        expected.push(`${table}_${monthLabel(m)}`);
      expect(names).toEqual(expected);
    }
    // The key still refuses a repeat, through the partitions.
    await expect(
      sql
        .raw(`insert into readings values ('R2', ${realNow}, 'F1', 0, 0, '[0]', null, null, null)`)
        .execute(store.db),
    ).rejects.toThrow(/duplicate key/);
  });
});
