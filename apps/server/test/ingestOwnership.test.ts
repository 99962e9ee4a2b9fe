import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IngestPacket } from '@emberwatch/shared/contracts/ingest';
import { twoInstancesOnOneStore } from './support/secondInstance.js';
import { createTestApp, TEST_ENGINE, bearer, type TestApp } from './support/testApp.js';

const now = Math.floor(Date.now() / 1000);
// Hay's station and the grain account's station and probe (demo serials are sequential: only the
// serial is needed to aim at another account's probe).
const HAY_BS = 'F1000001';
const GRAIN_BS = 'F2000001';

function reading(sensor_id: string, meas_ts: number, temperatures: number[] = [1999, 1999, 1999, 1999]) {
  return { sensor_id, meas_ts, temperatures };
}

describe(`a station sends readings only for its own account's probes, on ${TEST_ENGINE}`, () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  function send(bsId: string, packet: IngestPacket, app = t.app) {
    return app.inject({
      method: 'POST',
      url: '/ingest/v1/packets',
      headers: { authorization: `Station ${bsId}:${t.secretOf(bsId)}` },
      payload: packet,
    });
  }

  async function readingsOf(sensorId: string) {
    return t.store.db.selectFrom('readings').selectAll().where('sensor_id', '=', sensorId).execute();
  }
  async function probe(sensorId: string) {
    return t.store.db
      .selectFrom('probes')
      .selectAll()
      .where('sensor_id', '=', sensorId)
      .executeTakeFirstOrThrow();
  }

  it("refuses a reading for another account's probe, counts it and stores nothing of it", async () => {
    const res = await send(HAY_BS, {
      type: 'data',
      readings: [reading('G20001', now - 120), reading('H10001', now - 120, [321, 322, 323])],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status_code: 0,
      stored: 1,
      duplicates: 0,
      refused: 1,
      refusals: [{ sensor_id: 'G20001', reason: 'foreign_probe', readings: 1 }],
    });
    expect(await readingsOf('G20001')).toEqual([]);
    // The probe keeps its receiving station, and its owner sees nothing of the forged value.
    expect(await probe('G20001')).toMatchObject({ bs_id: GRAIN_BS, real_bs: GRAIN_BS });
    const latest = await t.store.db
      .selectFrom('probe_latest')
      .selectAll()
      .where('sensor_id', '=', 'G20001')
      .execute();
    expect(latest).toEqual([]);
    const daily = await t.store.db
      .selectFrom('probe_daily')
      .selectAll()
      .where('sensor_id', '=', 'G20001')
      .execute();
    expect(daily).toEqual([]);
    const grain = await t.login('grain@demo.emberwatch');
    const list = await t.app.inject({
      method: 'GET',
      url: `/client/data?basestationID=${GRAIN_BS}`,
      headers: bearer(grain),
    });
    expect(list.json<{ results: { sensor_id: string }[] }>().results.map((r) => r.sensor_id)).not.toContain(
      'G20001',
    );
  });

  it('refuses it as well once the probe owner is cached by its own station', async () => {
    // The grain station's packet puts G20002 (and its owner) in the ingest cache.
    expect(
      (await send(GRAIN_BS, { type: 'data', readings: [reading('G20002', now - 300, [210])] })).json(),
    ).toMatchObject({ stored: 1, refused: 0 });
    const res = await send(HAY_BS, { type: 'data', readings: [reading('G20002', now - 200)] });
    expect(res.json()).toMatchObject({
      stored: 0,
      duplicates: 0,
      refused: 1,
      refusals: [{ sensor_id: 'G20002', reason: 'foreign_probe', readings: 1 }],
    });
    expect((await readingsOf('G20002')).map((r) => r.bs_id)).toEqual([GRAIN_BS]);
    expect(await probe('G20002')).toMatchObject({ bs_id: GRAIN_BS, real_bs: GRAIN_BS });
  });

  it('counts every refused reading of a probe, and a foreign retry is refused again, never a duplicate', async () => {
    const packet: IngestPacket = {
      type: 'data',
      readings: [reading('G20003', now - 600), reading('G20003', now - 500), reading('G20003', now - 400)],
    };
    for (let i = 0; i < 2; i++) {
      expect((await send(HAY_BS, packet)).json()).toMatchObject({
        stored: 0,
        duplicates: 0,
        refused: 3,
        refusals: [{ sensor_id: 'G20003', reason: 'foreign_probe', readings: 3 }],
      });
    }
    expect(await readingsOf('G20003')).toEqual([]);
  });

  it("keeps the owner's reading when a foreign station sends the same reading in the same commit", async () => {
    const same = reading('G20004', now - 100, [222, 223, 224, 225]);
    // Both packets are queued before the first commit starts, so they share one transaction; the
    // foreign one comes first and must not make the owner's reading look like a duplicate.
    const [foreign, own] = await Promise.all([
      t.ingest.submit(HAY_BS, { type: 'data', readings: [same] }, 0),
      t.ingest.submit(GRAIN_BS, { type: 'data', readings: [same] }, 0),
    ]);
    expect(foreign).toMatchObject({ stored: 0, duplicates: 0, refused: 1 });
    expect(own).toMatchObject({ stored: 1, duplicates: 0, refused: 0 });
    const rows = await readingsOf('G20004');
    expect(rows.map((r) => [r.bs_id, r.temperature])).toEqual([[GRAIN_BS, 222]]);
  });

  it('lets the first account to hear a new probe in one commit own it, and refuses the other', async () => {
    const [first, second] = await Promise.all([
      t.ingest.submit(GRAIN_BS, { type: 'data', readings: [reading('G29999', now - 50, [250])] }, 0),
      t.ingest.submit(HAY_BS, { type: 'data', readings: [reading('G29999', now - 40, [260])] }, 0),
    ]);
    expect(first).toMatchObject({ stored: 1, refused: 0 });
    expect(second).toMatchObject({ stored: 0, refused: 1, refusals: [{ reason: 'foreign_probe' }] });
    expect(await probe('G29999')).toMatchObject({ bs_id: GRAIN_BS, real_bs: GRAIN_BS });
    expect((await readingsOf('G29999')).map((r) => r.bs_id)).toEqual([GRAIN_BS]);
  });

  it("still records another station of the same account as the probe's receiving station", async () => {
    // H10101 belongs to F1000002; F1000001 (same account) hears it.
    const res = await send(HAY_BS, {
      type: 'data',
      readings: [reading('H10101', now - 60, [400, 401, 402])],
    });
    expect(res.json()).toMatchObject({ stored: 1, refused: 0, refusals: [] });
    expect(await probe('H10101')).toMatchObject({ bs_id: 'F1000002', real_bs: HAY_BS });
  });

  it('announces new data only to the account whose probe it is', async () => {
    const events: string[][] = [];
    const off = t.kernel.bus.on('newData', (e) => events.push(e.bsIds));
    await send(HAY_BS, { type: 'data', readings: [reading('G20005', now - 30)] });
    off();
    // Hay's own station sent a packet (its times changed); the grain station got nothing.
    expect(events.flat()).not.toContain(GRAIN_BS);
  });

  it('follows a probe an admin moved to another account: the new account is heard, the old one refused', async () => {
    // Both stations cache G20006's owner first.
    expect(
      (await send(GRAIN_BS, { type: 'data', readings: [reading('G20006', now - 900, [200])] })).json(),
    ).toMatchObject({ stored: 1 });
    expect(
      (await send(HAY_BS, { type: 'data', readings: [reading('G20006', now - 890)] })).json(),
    ).toMatchObject({
      refused: 1,
    });

    const admin = await t.login('admin@demo.emberwatch');
    const moved = await t.app.inject({
      method: 'POST',
      url: '/client/transferSensors',
      headers: bearer(admin),
      payload: { currentBS: GRAIN_BS, selectedBS: HAY_BS, selectedSensors: ['G20006'] },
    });
    expect(moved.json()).toMatchObject({ status_code: 0, transferred: 1 });

    expect(
      (await send(HAY_BS, { type: 'data', readings: [reading('G20006', now - 800, [300])] })).json(),
    ).toMatchObject({ stored: 1, refused: 0 });
    expect(
      (await send(GRAIN_BS, { type: 'data', readings: [reading('G20006', now - 700)] })).json(),
    ).toMatchObject({
      stored: 0,
      refused: 1,
      refusals: [{ sensor_id: 'G20006', reason: 'foreign_probe', readings: 1 }],
    });
    expect((await readingsOf('G20006')).map((r) => [r.bs_id, r.meas_ts])).toEqual([
      [GRAIN_BS, now - 900],
      [HAY_BS, now - 800],
    ]);
  });
});

describe.runIf(TEST_ENGINE === 'postgres')(
  'probe ownership across server instances sharing PostgreSQL',
  () => {
    const instances = twoInstancesOnOneStore();

    function sendTo(app: TestApp['app'], bsId: string, sensorId: string, ts: number) {
      return app.inject({
        method: 'POST',
        url: '/ingest/v1/packets',
        headers: { authorization: `Station ${bsId}:${instances.t.secretOf(bsId)}` },
        payload: { type: 'data', readings: [reading(sensorId, ts, [300])] },
      });
    }

    it('refuses the old account on every instance once a probe moved to another account', async () => {
      const { t, second } = instances;
      // The second instance caches C30001 as the compost account's probe.
      expect((await sendTo(second.app, 'F3000001', 'C30001', now - 1000)).json()).toMatchObject({
        stored: 1,
      });

      const admin = await t.login('admin@demo.emberwatch');
      const moved = await t.app.inject({
        method: 'POST',
        url: '/client/transferSensors',
        headers: bearer(admin),
        payload: { currentBS: 'F3000001', selectedBS: 'F2000003', selectedSensors: ['C30001'] },
      });
      expect(moved.json()).toMatchObject({ status_code: 0, transferred: 1 });

      // The relay tells the second instance; from then on the old account's station is refused there.
      let ts = now - 990;
      for (let tries = 0; ; tries++) {
        const res = (await sendTo(second.app, 'F3000001', 'C30001', ts++)).json<{ refused: number }>();
        if (res.refused === 1) break;
        if (tries > 100) throw new Error('the second instance never learned of the move');
        await new Promise((r) => setTimeout(r, 20));
      }
      expect((await sendTo(second.app, 'F2000003', 'C30001', ts++)).json()).toMatchObject({
        stored: 1,
        refused: 0,
      });
    });

    it('lets only one account own a new probe that two instances hear at once', async () => {
      const { t, second } = instances;
      const answers = await Promise.all([
        sendTo(t.app, 'F1000002', 'H19999', now - 20),
        sendTo(second.app, 'F2000002', 'H19999', now - 19),
      ]);
      const bodies = answers.map((a) => a.json<{ stored: number; refused: number }>());
      expect(bodies.map((b) => b.stored + b.refused)).toEqual([1, 1]);
      expect(bodies.filter((b) => b.stored === 1)).toHaveLength(1);
      const rows = await t.store.db
        .selectFrom('readings')
        .select('bs_id')
        .where('sensor_id', '=', 'H19999')
        .execute();
      const owner = await t.store.db
        .selectFrom('probes')
        .select('bs_id')
        .where('sensor_id', '=', 'H19999')
        .executeTakeFirstOrThrow();
      expect(rows.map((r) => r.bs_id)).toEqual([owner.bs_id]);
    });
  },
);
