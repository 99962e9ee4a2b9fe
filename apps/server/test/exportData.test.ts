import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExportDataResponse } from '@emberwatch/shared/contracts/export';
import { createTestApp, TEST_ENGINE, type TestApp } from './support/testApp.js';
import { api, ingest, type TestReading } from './support/probeHelpers.js';

const DAY = 86_400;
const now = Math.floor(Date.now() / 1000);
/** Reading i is measured i hours (and a minute) ago. */
const tsOf = (i: number) => now - 3600 * i - 60;

function hourly(sensor: string, hours: number, base: number): TestReading[] {
  return Array.from({ length: hours }, (_, i) => ({
    sensor_id: sensor,
    meas_ts: tsOf(i),
    temperatures: [base + (i % 7), base + 10 + (i % 5), base + 20 + (i % 3)],
  }));
}

describe(`export readings on ${TEST_ENGINE}`, () => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  let call: ReturnType<typeof api>;

  beforeAll(async () => {
    t = await createTestApp();
    for (const u of ['hay', 'grain', 'hay-helper']) tokens[u] = await t.login(`${u}@demo.emberwatch`);
    call = api(t, tokens);
    await ingest(t, 'F1000001', [...hourly('H10001', 72, 300), ...hourly('H10002', 72, 200)]);
    // H10001 heard again 30 s later by the farm's other station: the same measurement, kept once.
    await ingest(t, 'F1000002', [
      { sensor_id: 'H10001', meas_ts: tsOf(3) + 30, temperatures: [999, 999, 999] },
    ]);
  });
  afterAll(async () => {
    await t.close();
  });

  const url = (q: string) => `/client/exportData?basestationID=F1000001&${q}`;

  it('answers every reading of each probe at its own time, all depths, by probe then time', async () => {
    const res = await call.get('hay', url(`sensorIDs=H10002,H10001&fromTS=${now - 2 * DAY}&toTS=${now}`));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<ExportDataResponse>();
    expect(body.status_code).toBe(0);
    // 48 hourly readings of each probe fall in the last two days; the near-twin is dropped.
    expect(body.results.filter((r) => r.a === 'H10001')).toHaveLength(48);
    expect(body.results.filter((r) => r.a === 'H10002')).toHaveLength(48);
    expect(body.results.some((r) => r.h === 999)).toBe(false);
    // The probes in the order asked for, each oldest first.
    expect(body.results[0]!.a).toBe('H10002');
    expect(body.results[0]).toEqual({ a: 'H10002', b: tsOf(47), h: 200 + (47 % 7), hh: [205, 212, 222] });
    expect(body.results.at(-1)).toEqual({ a: 'H10001', b: tsOf(0), h: 300, hh: [300, 310, 320] });
    for (let i = 1; i < body.results.length; i++) {
      const [prev, cur] = [body.results[i - 1]!, body.results[i]!];
      if (prev.a === cur.a) expect(cur.b).toBeGreaterThan(prev.b);
    }
  });

  it('reads up to now when the end is left out, and a sub-user of the account may export too', async () => {
    const res = await call.get('hay-helper', url(`sensorIDs=H10001&fromTS=${now - DAY}`));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ExportDataResponse>().results).toHaveLength(24);
  });

  it('refuses a window over 32 days and an end before the start', async () => {
    const long = await call.get('hay', url(`sensorIDs=H10001&fromTS=${now - 33 * DAY}&toTS=${now}`));
    expect(long.statusCode).toBe(400);
    const reversed = await call.get('hay', url(`sensorIDs=H10001&fromTS=${now}&toTS=${now - DAY}`));
    expect(reversed.statusCode).toBe(400);
  });

  it.each([
    [
      'another account’s station',
      `/client/exportData?basestationID=F1000001&sensorIDs=H10001&fromTS=${now - DAY}`,
    ],
    [
      'its own station with another account’s probe',
      `/client/exportData?basestationID=F2000001&sensorIDs=H10001&fromTS=${now - DAY}`,
    ],
  ])('refuses %s', async (_name, u) => {
    const res = await call.get('grain', u);
    expect(res.statusCode).toBe(403);
  });
});
