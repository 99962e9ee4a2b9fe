import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IngestResponse } from '@emberwatch/shared/contracts/ingest';
import type { ReadingHistory, ReadingPacker } from '../src/features/readings/index.js';
import { READING_COLUMNS } from '../src/features/readings/readingHistory.js';
import { ReadingPacker as Packer } from '../src/features/readings/readingPacker.js';
import { createTestApp, TEST_ENGINE, type TestApp } from './support/testApp.js';
import { api, ingest, type TestReading } from './support/probeHelpers.js';

const DAY = 86_400;
const now = Math.floor(Date.now() / 1000);
const SENSORS = ['H10001', 'H10002'];
const HOURS = 12 * 24;
/** Reading i of a probe is measured i hours (and a minute) ago; signal and battery vary, some null. */
function history(sensor: string, base: number): TestReading[] {
  return Array.from({ length: HOURS }, (_, i) => ({
    sensor_id: sensor,
    meas_ts: now - 3600 * i - 60,
    temperatures: [base + (i % 7), base + 10 - (i % 5), base + 20 + (i % 3)],
    sensor_RSSI: i % 11 === 0 ? null : -70 - (i % 9),
    bs_RSSI: i % 13 === 0 ? null : -55 - (i % 4),
    batt_voltage: i % 17 === 0 ? null : 360 - Math.floor(i / 24),
  }));
}

async function rawRows(t: TestApp) {
  return t.store.db
    .selectFrom('readings')
    .select(READING_COLUMNS)
    .where('sensor_id', 'in', SENSORS)
    .orderBy('sensor_id')
    .orderBy('meas_ts')
    .execute();
}

describe(`packed readings on ${TEST_ENGINE}`, () => {
  let t: TestApp;
  let history_: ReadingHistory;
  let packer: ReadingPacker;
  let before: Awaited<ReturnType<typeof rawRows>>;
  const apiAnswers: Record<string, string> = {};
  let call: ReturnType<typeof api>;
  const urls = {
    sensorData: `/client/sensorData?BS_ID=F1000001&sensorID=H10001&startTS=${now - 11 * DAY}&endTS=${now}`,
    data2: `/client/data2?basestationID=F1000001&sensorId=H10002&fromDate=${now - 12 * DAY}&toDate=${now}`,
    export: `/client/exportData?basestationID=F1000001&sensorIDs=H10001,H10002&fromTS=${now - 12 * DAY}&toTS=${now}`,
  };

  beforeAll(async () => {
    t = await createTestApp({ env: { READINGS_PACK_AFTER_DAYS: '3' } });
    call = api(t, { hay: await t.login('hay@demo.emberwatch') });
    await ingest(t, 'F1000001', [...history('H10001', 300), ...history('H10002', 200)]);
    const readings = t.features.find((f) => f.name === 'readings') as unknown as {
      exports: { history: ReadingHistory; packer: ReadingPacker };
    };
    history_ = readings.exports.history;
    packer = readings.exports.packer;
    before = await rawRows(t);
    for (const [name, url] of Object.entries(urls)) {
      const res = await call.get('hay', url);
      expect(res.statusCode, res.body).toBe(200);
      apiAnswers[name] = res.body;
    }
  });
  afterAll(async () => {
    await t.close();
  });

  it('packs in steps that resume where the last one stopped', async () => {
    expect(before).toHaveLength(2 * HOURS);
    const first = await packer.run(3);
    expect(first.days).toBe(3);
    const rest = await packer.run();
    // Each probe's days that ended three days ago or more: today and the three before stay raw.
    const cutoff = now - (now % DAY) - 3 * DAY;
    const packable = before.filter((r) => r.meas_ts < cutoff);
    expect(first.readings + rest.readings).toBe(packable.length);
    const packedDays = new Set(packable.map((r) => `${r.sensor_id}|${r.meas_ts - (r.meas_ts % DAY)}`));
    expect(first.days + rest.days).toBe(packedDays.size);
    const raw = await rawRows(t);
    expect(raw.every((r) => r.meas_ts >= cutoff)).toBe(true);
    expect(await t.store.db.selectFrom('readings_packed').select('day').execute()).toHaveLength(
      packedDays.size,
    );
    expect(await packer.run()).toEqual({ days: 0, readings: 0 });
  });

  it('gives back every value of every reading, packed or not', async () => {
    const after = await history_.range(SENSORS, 0, now + DAY);
    expect(after).toEqual(before);
  });

  it('answers the charts, the data table and the export exactly as before packing', async () => {
    for (const [name, url] of Object.entries(urls)) {
      const res = await call.get('hay', url);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body, name).toBe(apiAnswers[name]);
    }
  });

  it('cuts ranges inside a packed day and knows the first reading', async () => {
    const from = now - 8 * DAY + 1234;
    const to = now - 6 * DAY - 777;
    expect(await history_.range(['H10001'], from, to)).toEqual(
      before.filter((r) => r.sensor_id === 'H10001' && r.meas_ts >= from && r.meas_ts <= to),
    );
    const exclusive = await history_.range(['H10001'], from, before[5]!.meas_ts, { toExclusive: true });
    expect(exclusive.every((r) => r.meas_ts < before[5]!.meas_ts)).toBe(true);
    expect(await history_.firstTs('H10001')).toBe(before[0]!.meas_ts);
  });

  it('keeps a repeat of a packed reading a duplicate, and merges a late new one on the next run', async () => {
    const old = history('H10001', 300)[HOURS - 5]!;
    // Another probe's packed readings on two other days: the look-up spans probes and days at once.
    const otherProbe = [history('H10002', 200)[HOURS - 30]!, history('H10002', 200)[HOURS - 60]!];
    const res = await t.app.inject({
      method: 'POST',
      url: '/ingest/v1/packets',
      headers: {
        authorization: `Station F1000001:${t.secretOf('F1000001')}`,
        'content-type': 'application/json',
      },
      payload: JSON.stringify({
        type: 'data',
        readings: [
          { ...old, temperatures: [999, 999, 999] },
          { ...old, meas_ts: old.meas_ts + 30, temperatures: [111, 112, 113] },
          ...otherProbe.map((r) => ({ ...r, temperatures: [888, 888, 888] })),
        ],
      }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<IngestResponse>()).toMatchObject({ stored: 1, duplicates: 3 });
    const late = (await history_.range(['H10001'], old.meas_ts, old.meas_ts + 30)).map((r) => r.temps);
    expect(late).toEqual([JSON.stringify(old.temperatures), '[111,112,113]']);

    expect(await packer.run()).toEqual({ days: 1, readings: 1 });
    expect((await rawRows(t)).some((r) => r.meas_ts === old.meas_ts + 30)).toBe(false);
    const merged = await history_.range(['H10001'], 0, now + DAY);
    expect(merged).toHaveLength(HOURS + 1);
    expect(merged.find((r) => r.meas_ts === old.meas_ts + 30)?.temps).toBe('[111,112,113]');
  });

  it('stores a packed hourly day in far fewer bytes than a row per reading', async () => {
    const rows = await t.store.db.selectFrom('readings_packed').select(['n', 'data']).execute();
    const readings = rows.reduce((s, r) => s + r.n, 0);
    const bytes = rows.reduce((s, r) => s + r.data.length, 0);
    expect(bytes / readings).toBeLessThan(10);
  });
});

describe(`the packing job's statements on ${TEST_ENGINE}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await ingest(t, 'F1000001', [...history('H10001', 300), ...history('H10002', 200)]);
  });
  afterAll(async () => {
    await t.close();
  });

  // Decision 0142: a probe's days are listed once and packed many to a transaction. Looking for the
  // probe's oldest raw day again after each day (SQLite: a seek for every hour of the history each
  // time) cost more than the packing as the history grew.
  it("packs a probe's days in a few statements, not several a day", async () => {
    let statements = 0;
    const counted = t.store.db.withPlugin({
      transformQuery: (args) => {
        statements += 1;
        return args.node;
      },
      transformResult: (args) => Promise.resolve(args.result),
    });
    const packer = new Packer(counted, t.store.engine, () => now, 3, { info: () => undefined });
    const done = await packer.run();
    const cutoff = now - (now % DAY) - 3 * DAY;
    const days = new Set(
      [...history('H10001', 300), ...history('H10002', 200)]
        .filter((r) => r.meas_ts < cutoff)
        .map((r) => `${r.sensor_id}|${r.meas_ts - (r.meas_ts % DAY)}`),
    );
    expect(done.days).toBe(days.size);
    expect(done.days).toBeGreaterThanOrEqual(2 * 8);
    // The run's look-ups (hours, probes), then per probe with days: its days listed, and one step
    // (lock on PostgreSQL, raw rows, packed rows, write, delete); the demo's other probes list none.
    const probes = await t.store.db.selectFrom('probe_latest').select('sensor_id').execute();
    expect(statements).toBeLessThanOrEqual(2 + probes.length + 2 * 5);
    expect(await t.store.db.selectFrom('readings_packed').select('day').execute()).toHaveLength(days.size);
  });
});
