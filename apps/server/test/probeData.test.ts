import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ProbeAnalysisResponse,
  SensorDataResponse,
  SnapshotResponse,
  MinMaxResponse,
  TableDataResponse,
} from '@emberwatch/shared/contracts/probeData';
import type { DataResponse } from '@emberwatch/shared/contracts/readings';
import { createTestApp, TEST_ENGINE, type TestApp } from './support/testApp.js';
import { api, ingest, type TestReading } from './support/probeHelpers.js';

const DAY = 86_400;
const now = Math.floor(Date.now() / 1000);
const dayOf = (ts: number) => Math.floor(ts / DAY) * DAY;
/** Reading i of H10001 is measured i hours (and a minute) ago: 40 days of hourly history. */
const tsOf = (i: number) => now - 3600 * i - 60;
const SPIKE_I = 100;
const TWIN_TS = tsOf(5) + 30;

function history(): TestReading[] {
  return Array.from({ length: 960 }, (_, i) => ({
    sensor_id: 'H10001',
    meas_ts: tsOf(i),
    temperatures: [300 + (i % 7), 310 + (i % 5), i === SPIKE_I ? 712 : 320 + (i % 3)],
    sensor_RSSI: -74,
    bs_RSSI: -81,
    batt_voltage: 356,
  }));
}

describe(`probe history calls on ${TEST_ENGINE}`, () => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  let call: ReturnType<typeof api>;

  beforeAll(async () => {
    t = await createTestApp();
    for (const u of ['hay', 'grain', 'admin', 'master', 'hay-helper'])
      tokens[u] = await t.login(`${u}@demo.emberwatch`);
    call = api(t, tokens);
    await ingest(t, 'F1000001', history());
    // The same probe heard 30 s later by the farm's other station: a near-twin for the chart and table.
    await ingest(t, 'F1000002', [
      { sensor_id: 'H10001', meas_ts: TWIN_TS, temperatures: [999, 999, 999], batt_voltage: 355 },
    ]);
  });
  afterAll(async () => {
    await t.close();
  });

  const chart = async (q: string, who = 'hay') => {
    const res = await call.get(who, `/client/sensorData?BS_ID=F1000001&sensorID=H10001&${q}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<SensorDataResponse>();
  };

  it('serves ten days of raw readings in time order with near-twins within 60 s dropped', async () => {
    const body = await chart(`startTS=${now - 10 * DAY}&endTS=${now}`);
    expect(body).toMatchObject({ status_code: 0, sensor_id: 'H10001', mode: 'raw', depths: 3 });
    expect(body.points).toHaveLength(240);
    expect(body.points.some((p) => p.b === TWIN_TS || p.h === 999)).toBe(false);
    for (let i = 1; i < body.points.length; i++)
      expect(body.points[i]!.b).toBeGreaterThan(body.points[i - 1]!.b);
    const last = body.points[body.points.length - 1]!;
    expect(last).toEqual({ b: tsOf(0), h: 300, hh: [300, 310, 320] });
  });

  it('adds probe signal, station signal and battery with allFields=1', async () => {
    const body = await chart(`startTS=${now - DAY}&allFields=1`);
    expect(body.endTS).toBeGreaterThanOrEqual(now);
    expect(body.points[0]).toMatchObject({ f: -74, g: -81, e: 356 });
  });

  it('downsamples 31 days to a few points per pixel and keeps a one-hour heat spike at the deepest sensor', async () => {
    const body = await chart(`startTS=${now - 31 * DAY}&endTS=${now}&width=50`);
    expect(body.mode).toBe('raw');
    expect(body.points.length).toBeLessThanOrEqual(200);
    expect(body.points.length).toBeGreaterThan(50);
    expect(body.points).toContainEqual(expect.objectContaining({ b: tsOf(SPIKE_I), hh: [302, 310, 712] }));
  });

  it('switches to daily-maximum snapshots from probe_daily beyond 31 days', async () => {
    // A marker written only into the roll-up proves the snapshot never reads raw readings.
    const oldest = dayOf(tsOf(959));
    await t.store.db
      .updateTable('probe_daily')
      .set({ max_temp: 1234 })
      .where('sensor_id', '=', 'H10001')
      .where('day', '=', oldest)
      .execute();
    const body = await chart(`startTS=${now - 40 * DAY}&endTS=${now}`);
    expect(body.mode).toBe('snapshot');
    expect(body.points.length).toBeGreaterThanOrEqual(40);
    expect(body.points.length).toBeLessThanOrEqual(41);
    for (const p of body.points) {
      expect(p.b % DAY).toBe(0);
      expect(p.snaptime).toBe(p.b);
    }
    expect(body.points[0]).toMatchObject({ b: oldest, h: 1234 });
    const spikeDay = body.points.find((p) => p.b === dayOf(tsOf(SPIKE_I)));
    expect(spikeDay?.h).toBe(712);
    expect(spikeDay?.hh[2]).toBe(712);
  });

  it('answers a range that ends before it starts with a clear 400', async () => {
    const res = await call.get(
      'hay',
      `/client/sensorData?BS_ID=F1000001&sensorID=H10001&startTS=${now}&endTS=${now - 10}`,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      status_code: 400,
      error: 'The end of the range is before its start.',
    });
  });

  it('returns daily maxima of several probes as {a, b, h, hh}', async () => {
    const res = await call.get(
      'hay',
      `/client/snapshot?basestationID=F1000001&sensorIDs=H10001,H10002&fromDate=${now - 3 * DAY}&toDate=${now}&interval=1`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<SnapshotResponse>();
    expect(body.status_code).toBe(0);
    expect(body.results.length).toBeGreaterThanOrEqual(3);
    expect(body.results.every((r) => r.a === 'H10001' && r.b % DAY === 0 && r.hh.length === 3)).toBe(true);
    expect(body.results.find((r) => r.b === dayOf(TWIN_TS))?.h).toBe(999);
  });

  it('refuses a snapshot longer than 400 days with a clear message', async () => {
    const res = await call.get(
      'hay',
      `/client/snapshot?basestationID=F1000001&sensorIDs=H10001&fromDate=${now - 500 * DAY}&toDate=${now}`,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: string }>().error).toMatch(/at most 400 days/);
  });

  it('returns each probe’s extremes over the last 7 days by default', async () => {
    const res = await call.get('hay', '/client/minmaxData?basestationID=F1000001');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<MinMaxResponse>();
    expect(body.toTS - body.fromTS).toBe(7 * DAY);
    expect(body.results).toEqual([{ sensor_id: 'H10001', min: 300, max: 999 }]);
  });

  it('lists table rows newest first with interval, tdiff, delivering station and duplicate marks', async () => {
    const res = await call.get(
      'hay-helper',
      `/client/data2?basestationID=F1000001&sensorId=H10001&fromDate=${now - DAY}&toDate=${now}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json<TableDataResponse>().results;
    expect(rows).toHaveLength(25);
    expect(rows[0]).toMatchObject({
      id: 'H10001',
      name: 'Stack 1 · bale 1',
      date: tsOf(0),
      interval: 3600,
      batt: 356,
      rss: -74,
      rsb: -81,
      bs: 'F1000001',
      duplicate: '',
      handle: 300,
      hh: [300, 310, 320],
      notemp: false,
    });
    expect(rows[0]!.tdiff).toBeGreaterThanOrEqual(60);
    const twin = rows.find((r) => r.date === TWIN_TS);
    expect(twin).toMatchObject({ bs: 'F1000002', duplicate: 'D', interval: 30, handle: 999 });
    expect(rows[rows.length - 1]!.interval).toBeNull();
  });

  it('refuses a table range over 60 days', async () => {
    const res = await call.get(
      'hay',
      `/client/data2?basestationID=F1000001&sensorId=H10001&fromDate=${now - 61 * DAY}&toDate=${now}`,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      status_code: 400,
      error: 'The data table covers at most 60 days; choose a shorter range.',
    });
  });

  it('gives admins the probe analysis with per-day counts, covered hours and packets', async () => {
    const res = await call.get('admin', '/admin/getSensorStats?BS_ID=F1000001&probeID=H10001&days=3');
    expect(res.statusCode, res.body).toBe(200);
    const { summary, dataPerDay } = res.json<ProbeAnalysisResponse>().results;
    const from = dayOf(now) - 2 * DAY;
    const expected = history().filter((r) => r.meas_ts >= from).length + 1; // + the twin
    expect(summary).toMatchObject({ id: 'H10001', N: expected, nDays: 3, minBatt: 355, maxBatt: 356 });
    expect(summary.dataDays).toBe(dataPerDay.length);
    expect(dataPerDay.reduce((n, d) => n + d.N, 0)).toBe(expected);
    const full = dataPerDay[1]!; // yesterday: a whole day of hourly readings
    const inDay = 24 + (dayOf(TWIN_TS) === full.from ? 1 : 0);
    expect(full.coveredHours).toEqual(Array.from({ length: 24 }, (_, h) => h));
    expect(full.N).toBe(inDay);
    expect(full.data).toHaveLength(inDay);
    expect(full.data[0]).toMatchObject({ bs: 'F1000001', e: 356, f: -74, g: -81 });
    expect(summary.nPerDayMax).toBeGreaterThanOrEqual(24);
  });

  it('refuses the probe analysis to anyone but admins', async () => {
    for (const who of ['hay', 'master']) {
      const res = await call.get(who, '/admin/getSensorStats?BS_ID=F1000001&probeID=H10001');
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ status_code: 403, error: 'Only admins may see the probe analysis.' });
    }
  });

  it('lets the authorised master read the chart', async () => {
    const body = await chart(`startTS=${now - DAY}`, 'master');
    expect(body.points.length).toBeGreaterThan(20);
  });

  it.each([
    ['sensorData', `/client/sensorData?BS_ID=F1000001&sensorID=H10001&startTS=${now - DAY}`],
    [
      'sensorData naming its own station',
      `/client/sensorData?BS_ID=F2000001&sensorID=H10001&startTS=${now - DAY}`,
    ],
    ['snapshot', `/client/snapshot?basestationID=F1000001&sensorIDs=H10001&fromDate=${now - DAY}`],
    [
      'snapshot naming its own station',
      `/client/snapshot?basestationID=F2000001&sensorIDs=H10001&fromDate=${now - DAY}`,
    ],
    ['minmaxData', '/client/minmaxData?basestationID=F1000001'],
    ['data2', `/client/data2?basestationID=F1000001&sensorId=H10001&fromDate=${now - DAY}`],
    [
      'data2 naming its own station',
      `/client/data2?basestationID=F2000001&sensorId=H10001&fromDate=${now - DAY}`,
    ],
    [
      'sensorData of a probe that does not exist',
      `/client/sensorData?BS_ID=F2000001&sensorID=G99999&startTS=${now - DAY}`,
    ],
  ])('refuses another account’s probe on %s', async (_name, url) => {
    const res = await call.get('grain', url);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ status_code: 403, error: 'You do not have access to this base station.' });
  });

  it('shows a reading in the probe list as soon as it is stored, even right after a cached answer', async () => {
    const latest = async () =>
      (await call.get('hay', '/client/data?basestationID=F1000001'))
        .json<DataResponse>()
        .results.find((r) => r.sensor_id === 'H10001');
    expect((await latest())?.meas_ts).toBe(tsOf(0));
    await ingest(t, 'F1000001', [{ sensor_id: 'H10001', meas_ts: now + 30, temperatures: [421, 422, 423] }]);
    expect(await latest()).toMatchObject({
      meas_ts: now + 30,
      temperature: 421,
      temperatures: [421, 422, 423],
    });
  });

  it('validates queries through the contract', async () => {
    const res = await call.get('hay', '/client/sensorData?BS_ID=F1000001&sensorID=H10001');
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: string }>().error).toMatch(/startTS/);
  });
});
