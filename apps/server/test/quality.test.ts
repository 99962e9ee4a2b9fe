import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  getQualityOverviewResponseSchema,
  getQualityResponseSchema,
  type GetQualityOverviewResponse,
  type GetQualityResponse,
  type ProbeQuality,
  type StorageQuality,
} from '@emberwatch/shared/contracts/quality';
import type { GetStoragesResponse } from '@emberwatch/shared/contracts/storages';
import { DAYS_TO_DROP_NONE } from '@emberwatch/shared/domain/daysToDrop';
import type { HayQualityPoint } from '@emberwatch/shared/domain/hayQuality';
import { probeHayQuality } from '@emberwatch/shared/domain/probeHayQuality';
import { resolveQualityPeriod } from '@emberwatch/shared/domain/qualityPeriod';
import { createTestApp, TEST_ENGINE, type TestApp } from './support/testApp.js';
import { api, ingest, type TestReading } from './support/probeHelpers.js';

const DAY = 86_400;
// Yesterday 12:30 UTC: in the past for the ingest's clock check, half past so edges cut hours.
const NOW = Math.floor(Date.now() / 1000 / DAY) * DAY - DAY + 12 * 3_600 + 1_800;

/** Every 15 minutes from 31 days back to now, the temperature a function of the time. */
function series(sensorId: string, tempC: (ts: number) => number, from = NOW - 31 * DAY): TestReading[] {
  const out: TestReading[] = [];
  for (let ts = from; ts <= NOW; ts += 900) {
    const t = Math.round(tempC(ts) * 10);
    // Handle first, then three depths; the hottest depth is the probe's value.
    out.push({ sensor_id: sensorId, meas_ts: ts, temperatures: [150, t - 20, t, t - 10] });
  }
  return out;
}

/** The reference: every hour's maximum, straight from the readings, into the pure model. */
function hourlyOf(readings: readonly TestReading[]): HayQualityPoint[] {
  const byHour = new Map<number, number>();
  for (const r of readings) {
    const h = Math.floor(r.meas_ts / 3_600) * 3_600;
    byHour.set(h, Math.max(byHour.get(h) ?? -Infinity, ...r.temperatures));
  }
  return [...byHour].sort((a, b) => a[0] - b[0]).map(([ts, maxTenths]) => ({ ts, maxTenths }));
}

describe(`hay quality on ${TEST_ENGINE}`, () => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  let call: ReturnType<typeof api>;
  let storageId: number;
  let bsId: string;
  let probeA: string;
  let probeB: string;
  let probeC: string;
  const readings: Record<string, TestReading[]> = {};

  const rollUp = async () => {
    const job = t.jobs.find((j) => j.name === 'quality-rollup');
    for (let i = 0; i < 3; i++) await job!.run();
  };
  const quality = async (who: string, query: string): Promise<StorageQuality> => {
    const res = await call.get(who, `/client/getQuality?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    // Sent without the serialiser's schema pass: what goes out must be the contract exactly.
    const body = res.json<GetQualityResponse>();
    expect(getQualityResponseSchema.parse(body)).toEqual(body);
    return body.result;
  };
  const probe = (q: StorageQuality, id: string): ProbeQuality => q.probes.find((p) => p.ID === id)!;

  beforeAll(async () => {
    t = await createTestApp({ nowS: () => NOW });
    for (const u of ['hay', 'grain', 'admin', 'master']) tokens[u] = await t.login(`${u}@demo.emberwatch`);
    call = api(t, tokens);
    const storages = (await call.get('hay', '/client/getStorages')).json<GetStoragesResponse>().results;
    const barn = storages.find((s) => s.stacks.flatMap((k) => k.sensors).length >= 3)!;
    storageId = barn.itemID;
    bsId = barn.BS_ID;
    [probeA, probeB, probeC] = barn.stacks.flatMap((k) => k.sensors.map((p) => p.id)).sort() as [
      string,
      string,
      string,
    ];
    // A: 25 cool days, then 50 °C from five days back (decision 0020, worked example 4).
    readings[probeA] = series(probeA, (ts) => (ts >= NOW - 5 * DAY ? 50 : 20));
    // B: 60 °C throughout (worked example 3).
    readings[probeB] = series(probeB, () => 60);
    // C: warming from 35 °C by a degree every 3 hours over its last two days, silent for the last 10 h:
    // its trend needs hours from before the last day.
    readings[probeC] = series(probeC, (ts) =>
      ts < NOW - 58 * 3_600 ? 20 : 35 + (ts - (NOW - 58 * 3_600)) / 10_800,
    ).filter((r) => r.meas_ts <= NOW - 10 * 3_600);
    await ingest(t, bsId, [...readings[probeA]!, ...readings[probeB]!, ...readings[probeC]!]);
    await rollUp();
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  it('answers the default period (last 30 days, ongoing) with the hand-computed values', async () => {
    const q = await quality('hay', `itemID=${storageId}`);
    expect(q.period).toEqual({ state: 'unset', from: NOW - 30 * DAY, to: NOW, ongoing: true });
    // A: hot from the hour holding NOW − 5 d (12:00) to NOW (12:30): 120.5 h at 20 °C above 30.
    const a = probe(q, probeA);
    expect(a.HDD).toBeCloseTo(20 * 120.5, 6);
    expect(a).toMatchObject({ bars: 5, score: 762, lastTemp: 500, isDemo: false, color: '#2e7d32' });
    // The fifth bar goes at 3 276 °C·h; at 20 °C·h per hour: (3 276 − 2 410) / 20 h ≈ 1.8 days.
    expect(a.daysToDrop * 24).toBeCloseTo((3_276.3 - 2_410) / 20, 0);
    // B: 720 h at 30 °C above: 21 600 °C·h, 2 bars, TDN 54.7 %, the next bar in 9 days.
    const b = probe(q, probeB);
    expect(b.HDD).toBeCloseTo(21_600, 6);
    expect(b).toMatchObject({ bars: 2, score: 250, lastTemp: 600 });
    expect(b.TDN).toBeCloseTo(54.7, 1);
    expect(b.daysToDrop).toBeCloseTo(9.0, 1);
    expect(b.size).toBeCloseTo(0.5 + 0.5 * (1 - 0.25), 2);
    // C stopped 10 h ago while warming: still a trend (its last day reaches back before the tail).
    expect(probe(q, probeC).daysToDrop).toBeLessThan(DAYS_TO_DROP_NONE);
  });

  it("answers the storage's saved period, unless the query asks for the unset one", async () => {
    const saved = JSON.stringify({ from: NOW - 3 * DAY, to: null });
    await t.store.db
      .updateTable('storages')
      .set({ quality_period: saved })
      .where('id', '=', storageId)
      .execute();
    try {
      const q = await quality('hay', `itemID=${storageId}`);
      expect(q.period).toEqual({ state: 'ongoing', from: NOW - 3 * DAY, to: NOW, ongoing: true });
      expect(probe(q, probeA).HDD).toBeCloseTo(20 * 72, 6);
      const unset = await quality('hay', `itemID=${storageId}&unset=1`);
      expect(unset.period).toEqual({ state: 'unset', from: NOW - 30 * DAY, to: NOW, ongoing: true });
    } finally {
      await t.store.db
        .updateTable('storages')
        .set({ quality_period: null })
        .where('id', '=', storageId)
        .execute();
    }
  });

  it('takes a set period and an ongoing one from the query', async () => {
    const set = await quality('hay', `itemID=${storageId}&from=${NOW - 10 * DAY}&to=${NOW - 2 * DAY}`);
    expect(set.period).toMatchObject({ state: 'set', ongoing: false });
    // Hot from 12:00 five days back to 12:30 two days back: 72.5 h.
    expect(probe(set, probeA).HDD).toBeCloseTo(20 * 72.5, 6);
    expect(probe(set, probeA)).toMatchObject({ daysToDrop: DAYS_TO_DROP_NONE, lastTemp: 500 });
    const ongoing = await quality('hay', `itemID=${storageId}&from=${NOW - 3 * DAY}`);
    expect(ongoing.period).toMatchObject({ state: 'ongoing', from: NOW - 3 * DAY, to: NOW, ongoing: true });
    expect(probe(ongoing, probeA).HDD).toBeCloseTo(20 * 72, 6);
  });

  it('gives the same answer as the model over every hour, for periods cutting days and hours', async () => {
    const periods = [
      { from: NOW - 30 * DAY, to: null },
      { from: NOW - 17 * DAY - 4_321, to: NOW - 4 * DAY - 777 },
      { from: NOW - 6 * DAY + 100, to: NOW - 5 * DAY + 5_000 },
      { from: NOW - 40_000, to: null },
      { from: NOW - 5 * DAY - 1_800, to: NOW - 5 * DAY + 1_800 },
    ];
    for (const p of periods) {
      const q = await quality(
        'hay',
        `itemID=${storageId}&from=${p.from}${p.to === null ? '' : `&to=${p.to}`}`,
      );
      const period = resolveQualityPeriod(p, NOW);
      for (const id of [probeA, probeB, probeC]) {
        const want = probeHayQuality(id, hourlyOf(readings[id]!), { period, nowSeconds: NOW });
        const got = probe(q, id);
        expect(got.HDD).toBeCloseTo(want.HDD, 6);
        expect(got).toMatchObject({ bars: want.bars, score: want.score, lastTemp: want.lastTemp });
        expect(got.daysToDrop).toBeCloseTo(want.daysToDrop, 6);
      }
    }
  });

  it('refuses bad periods with a 400 and the reason', async () => {
    const bad = [
      `itemID=${storageId}&to=${NOW}`,
      `itemID=${storageId}&from=${NOW - DAY}&to=${NOW - 2 * DAY}`,
      `itemID=${storageId}&from=${NOW + DAY}`,
      `itemID=${storageId}&from=${NOW - 500 * DAY}`,
      `itemID=${storageId}&from=abc`,
      'itemID=abc',
      `itemID=${storageId}&unset=1&from=${NOW - DAY}`,
      `itemID=${storageId}&unset=yes`,
    ];
    for (const query of bad) {
      const res = await call.get('hay', `/client/getQuality?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json<{ error: string }>().error.length).toBeGreaterThan(0);
    }
  });

  it("refuses another account's storage and an unknown id alike; admins and authorised masters see it", async () => {
    for (const [who, id] of [
      ['grain', storageId],
      ['hay', 99_999_999],
    ] as const) {
      const res = await call.get(who, `/client/getQuality?itemID=${id}`);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ error: 'You do not have access to this storage.' });
    }
    expect(probe(await quality('admin', `itemID=${storageId}`), probeB).bars).toBe(2);
    // The demo master is authorised by the hay farm: it reads (quality changes nothing).
    expect(probe(await quality('master', `itemID=${storageId}`), probeA).bars).toBe(5);
  });

  it('refuses an account without a valid paid or trial service', async () => {
    const hay = (await t.findUser('hay@demo.emberwatch'))!;
    const setService = (json: string | null) =>
      t.store.db.updateTable('users').set({ service_json: json }).where('id', '=', hay.id).execute();
    try {
      for (const service of [null, { trial: -1, expDate: null }, { trial: 0, expDate: NOW - 1 }]) {
        await setService(service && JSON.stringify({ plan: 2, ...service }));
        const res = await call.get('hay', `/client/getQuality?itemID=${storageId}`);
        expect(res.statusCode).toBe(403);
        expect(res.json()).toMatchObject({ error: 'Hay quality needs a valid paid or trial service.' });
        const overview = await call.get('hay', '/client/getQualityOverview');
        expect(overview.json<GetQualityOverviewResponse>().results).toEqual([]);
      }
      // In trial (any value but 0 and −1) and not expired: allowed.
      await setService(JSON.stringify({ plan: 2, trial: 1, expDate: NOW + DAY }));
      expect((await call.get('hay', `/client/getQuality?itemID=${storageId}`)).statusCode).toBe(200);
    } finally {
      await setService(hay.service_json);
    }
  });

  it('lists the storages with hay probes over their own periods', async () => {
    const res = await call.get('hay', '/client/getQualityOverview');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<GetQualityOverviewResponse>();
    expect(getQualityOverviewResponseSchema.parse(body)).toEqual(body);
    const results = body.results;
    const mine = results.find((s) => s.itemID === storageId)!;
    expect(probe(mine, probeB).HDD).toBeCloseTo(21_600, 6);
    expect(results.every((s) => s.probes.length > 0 && s.probes.every((p) => p.ID.startsWith('H')))).toBe(
      true,
    );
    expect(results.map((s) => s.name)).toEqual(
      [...results.map((s) => s.name)].sort((x, y) => x.localeCompare(y)),
    );
    const grain = await call.get('grain', '/client/getQualityOverview');
    expect(grain.json<GetQualityOverviewResponse>().results).toEqual([]);
  });

  it('folds new readings in incrementally, and late ones by the day counts', async () => {
    const before = probe(await quality('hay', `itemID=${storageId}`), probeA).HDD;
    const state = () =>
      t.store.db
        .selectFrom('quality_rollup_state')
        .selectAll()
        .where('sensor_id', '=', probeA)
        .executeTakeFirst();
    expect(Number((await state())!.watermark)).toBe(NOW);
    // A late reading twenty days back (far behind the look-back): 80 °C in a cool hour.
    const lateTs = NOW - 20 * DAY + 60;
    await ingest(t, bsId, [{ sensor_id: probeA, meas_ts: lateTs, temperatures: [150, 800] }]);
    await rollUp();
    const after = probe(await quality('hay', `itemID=${storageId}`), probeA).HDD;
    // That hour's maximum rose from 20 °C to 80 °C: 50 °C·h more.
    expect(after - before).toBeCloseTo(50, 6);
    expect(Number((await state())!.watermark)).toBe(NOW);
  });
});
