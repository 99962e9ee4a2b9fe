import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { IngestPacket } from '@emberwatch/shared';
import { twoInstancesOnOneStore } from './support/secondInstance.js';
import { createTestApp, TEST_ENGINE, type TestApp } from './support/testApp.js';

const BS = 'F1000001';
const now = Math.floor(Date.now() / 1000);

function reading(sensor_id: string, meas_ts: number, temperatures: number[] = [523, 511, 498]) {
  return { sensor_id, meas_ts, temperatures, sensor_RSSI: -74, bs_RSSI: -81, batt_voltage: 356 };
}

describe(`base-station ingest on ${TEST_ENGINE}`, () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  async function send(packet: unknown, bsId = BS, secret = t.secretOf(bsId)) {
    return t.app.inject({
      method: 'POST',
      url: '/ingest/v1/packets',
      headers: { authorization: `Station ${bsId}:${secret}`, 'content-type': 'application/json' },
      payload: JSON.stringify(packet),
    });
  }

  async function count(
    table: 'readings' | 'bs_packets' | 'probe_daily',
    where?: { sensor_id: string },
  ): Promise<number> {
    let q = t.store.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n'));
    if (where) q = q.where('sensor_id' as never, '=', where.sensor_id as never);
    return Number((await q.executeTakeFirstOrThrow()).n);
  }

  it('stores a data packet, answers after the commit and updates latest, daily, station time and packet log', async () => {
    const packet: IngestPacket = {
      type: 'data',
      readings: [reading('H10001', now - 600), reading('H10002', now - 600, [612, 640, 655])],
    };
    const res = await send(packet);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status_code: 0, stored: 2, duplicates: 0 });

    const latest = await t.store.db
      .selectFrom('probe_latest')
      .selectAll()
      .where('sensor_id', '=', 'H10002')
      .executeTakeFirstOrThrow();
    expect(latest).toMatchObject({
      meas_ts: now - 600,
      temperature: 612,
      bs_id: BS,
      sensor_rssi: -74,
      bs_rssi: -81,
      batt: 356,
    });
    expect(JSON.parse(latest.temps)).toEqual([612, 640, 655]);

    const daily = await t.store.db
      .selectFrom('probe_daily')
      .selectAll()
      .where('sensor_id', '=', 'H10002')
      .executeTakeFirstOrThrow();
    expect(daily).toMatchObject({ n: 1, max_temp: 655, min_temp: 612 });

    const bs = await t.store.db
      .selectFrom('base_stations')
      .select('last_data_ts')
      .where('id', '=', BS)
      .executeTakeFirstOrThrow();
    expect(bs.last_data_ts).toBeGreaterThanOrEqual(now);

    const log = await t.store.db
      .selectFrom('bs_packets')
      .selectAll()
      .where('bs_id', '=', BS)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(log).toMatchObject({ type: 'data', n_readings: 2 });
    expect(log.bytes_up).toBeGreaterThan(100);
  });

  it('stores a reading only once when the same packet is sent again', async () => {
    const packet: IngestPacket = {
      type: 'data',
      readings: [reading('H10003', now - 1200), reading('H10003', now - 600)],
    };
    expect((await send(packet)).json()).toMatchObject({ stored: 2, duplicates: 0 });
    const before = await count('readings', { sensor_id: 'H10003' });

    const again = await send(packet);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ status_code: 0, stored: 0, duplicates: 2 });
    expect(await count('readings', { sensor_id: 'H10003' })).toBe(before);
    const daily = await t.store.db
      .selectFrom('probe_daily')
      .select(['n'])
      .where('sensor_id', '=', 'H10003')
      .execute();
    expect(daily.reduce((s, d) => s + d.n, 0)).toBe(2);
  });

  it('counts a reading repeated inside one packet as a duplicate', async () => {
    const r = reading('H10004', now - 900);
    const res = await send({ type: 'data', readings: [r, r] });
    expect(res.json()).toMatchObject({ stored: 1, duplicates: 1 });
  });

  it('accepts late and out-of-order readings without moving the latest value back in time', async () => {
    await send({ type: 'data', readings: [reading('H10005', now - 300, [700])] });
    const late = await send({ type: 'data', readings: [reading('H10005', now - 3 * 86_400, [200])] });
    expect(late.json()).toMatchObject({ stored: 1 });

    const latest = await t.store.db
      .selectFrom('probe_latest')
      .selectAll()
      .where('sensor_id', '=', 'H10005')
      .executeTakeFirstOrThrow();
    expect(latest.meas_ts).toBe(now - 300);
    expect(latest.temperature).toBe(700);
    // The late reading lands in its own day of the roll-up.
    const days = await t.store.db
      .selectFrom('probe_daily')
      .select(['day', 'max_temp'])
      .where('sensor_id', '=', 'H10005')
      .orderBy('day')
      .execute();
    expect(days.length).toBe(2);
    expect(days[0]?.max_temp).toBe(200);
    expect(days[1]?.max_temp).toBe(700);
  });

  it('keeps per-depth maxima and minima of a day in the roll-up', async () => {
    const day = Math.floor((now - 86_400) / 86_400) * 86_400;
    await send({
      type: 'data',
      readings: [
        reading('H10006', day + 3600, [300, 500, 100]),
        reading('H10006', day + 7200, [350, 450, 150]),
      ],
    });
    const d = await t.store.db
      .selectFrom('probe_daily')
      .selectAll()
      .where('sensor_id', '=', 'H10006')
      .where('day', '=', day)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(d.max_temps)).toEqual([350, 500, 150]);
    expect(JSON.parse(d.min_temps)).toEqual([300, 450, 100]);
    expect(d).toMatchObject({ n: 2, max_temp: 500, min_temp: 100, min_batt: 356, max_batt: 356 });
  });

  it.each([
    [
      'a temperature out of range',
      { type: 'data', readings: [reading('H10007', now - 60, [5000])] },
      'readings.0.temperatures.0',
    ],
    [
      'a reading in the future',
      { type: 'data', readings: [reading('H10007', now + 3600)] },
      'readings.0.meas_ts',
    ],
    ['an unknown packet type', { type: 'gossip', readings: [] }, 'type'],
    [
      'a missing sensor id',
      { type: 'data', readings: [{ meas_ts: now, temperatures: [1] }] },
      'readings.0.sensor_id',
    ],
    [
      'an unknown field',
      { type: 'data', readings: [{ ...reading('H10007', now - 60), extra: 1 }] },
      'readings.0',
    ],
    [
      'no temperatures',
      { type: 'data', readings: [reading('H10007', now - 60, [])] },
      'readings.0.temperatures',
    ],
  ])('refuses a packet with %s with 400 and the reason, storing nothing', async (_name, packet, path) => {
    const readingsBefore = await count('readings');
    const packetsBefore = await count('bs_packets');
    // A valid reading beside the bad one must not be stored either: a packet is all or nothing.
    const withGood = {
      ...packet,
      readings: [...((packet as { readings: unknown[] }).readings ?? []), reading('H10008', now - 60)],
    };
    const res = await send(withGood);
    expect(res.statusCode).toBe(400);
    const body = res.json<{ status_code: number; error: string; path: string }>();
    expect(body.status_code).toBe(400);
    expect(body.path.startsWith(path)).toBe(true);
    expect(body.error.length).toBeGreaterThan(5);
    expect(await count('readings')).toBe(readingsBefore);
    expect(await count('bs_packets')).toBe(packetsBefore);
  });

  it('refuses malformed JSON with 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/ingest/v1/packets',
      headers: { authorization: `Station ${BS}:${t.secretOf(BS)}`, 'content-type': 'application/json' },
      payload: '{"type":"data","readings":[',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status_code: 400 });
  });

  it('refuses a wrong or missing station secret with 401 and stores nothing', async () => {
    const before = await count('readings');
    const wrong = await send(
      { type: 'data', readings: [reading('H10009', now - 60)] },
      BS,
      t.secretOf('F1000002'),
    );
    expect(wrong.statusCode).toBe(401);
    const none = await t.app.inject({
      method: 'POST',
      url: '/ingest/v1/packets',
      payload: { type: 'data', readings: [] },
    });
    expect(none.statusCode).toBe(401);
    expect(await count('readings')).toBe(before);
  });

  it('adds an unknown probe to the sending station and keeps a known probe on its own station', async () => {
    await send({ type: 'data', readings: [reading('H99999', now - 60)] });
    const discovered = await t.store.db
      .selectFrom('probes')
      .selectAll()
      .where('sensor_id', '=', 'H99999')
      .executeTakeFirstOrThrow();
    expect(discovered).toMatchObject({ bs_id: BS, kind: 'hay', depths: 3, real_bs: BS });

    // H10101 belongs to F1000002; F1000001 hears it.
    await send({ type: 'data', readings: [reading('H10101', now - 60)] });
    const known = await t.store.db
      .selectFrom('probes')
      .selectAll()
      .where('sensor_id', '=', 'H10101')
      .executeTakeFirstOrThrow();
    expect(known).toMatchObject({ bs_id: 'F1000002', real_bs: BS });
  });

  it('records boot and conf packets in the station and the packet log', async () => {
    const res = await send({ type: 'boot', firmware: '3.3', version: 'V5.1.9', readings: [] });
    expect(res.json()).toMatchObject({ stored: 0, duplicates: 0 });
    await send({ type: 'conf3' });
    const bs = await t.store.db
      .selectFrom('base_stations')
      .selectAll()
      .where('id', '=', BS)
      .executeTakeFirstOrThrow();
    expect(bs.last_boot_ts).toBeGreaterThanOrEqual(now);
    expect(bs.last_conf_ts).toBeGreaterThanOrEqual(now);
    expect(bs).toMatchObject({ firmware: '3.3', version: 'V5.1.9' });
    const types = (
      await t.store.db.selectFrom('bs_packets').select('type').where('bs_id', '=', BS).execute()
    ).map((r) => r.type);
    expect(types).toEqual(expect.arrayContaining(['boot', 'conf3', 'data']));
  });

  it('announces new data for the sending station and the probe owner after the commit', async () => {
    const events: string[][] = [];
    const off = t.kernel.bus.on('newData', (e) => events.push(e.bsIds));
    await send({ type: 'data', readings: [reading('H10102', now - 30)] });
    off();
    expect(events).toEqual([['F1000001', 'F1000002']]);
  });

  it('commits packets from many stations arriving together, each answered with its own counts', async () => {
    const sends = ['F1000001', 'F1000002', 'F1000003', 'F2000001'].map((bs, i) =>
      send({ type: 'data', readings: [reading(`X${i}`, now - 100), reading(`X${i}`, now - 100)] }, bs),
    );
    const answers = await Promise.all(sends);
    for (const a of answers) expect(a.json()).toMatchObject({ status_code: 0, stored: 1, duplicates: 1 });
  });

  // Last: it breaks the store on purpose.
  it('answers 503 and stores nothing when the store cannot commit, so the station keeps its buffer', async () => {
    const packetsBefore = await count('bs_packets');
    await sql`drop table probe_daily`.execute(t.store.db);
    const res = await send({ type: 'data', readings: [reading('H10010', now - 60)] });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status_code: 503 });
    // The whole transaction rolled back: not the reading, not the packet log.
    const stored = await t.store.db
      .selectFrom('readings')
      .select('sensor_id')
      .where('sensor_id', '=', 'H10010')
      .execute();
    expect(stored).toEqual([]);
    expect(await count('bs_packets')).toBe(packetsBefore);
  });
});

describe.runIf(TEST_ENGINE === 'postgres')('ingest from several server instances sharing PostgreSQL', () => {
  const instances = twoInstancesOnOneStore();

  it('keeps the daily roll-up whole when two instances store readings of one probe at once', async () => {
    const { t, second } = instances;
    const day = Math.floor((now - 86_400) / 86_400) * 86_400;
    // Twenty rounds, each with one packet to each instance at the same moment: two transactions
    // that read and rewrite the same day of the same probe side by side.
    for (let round = 0; round < 20; round++) {
      const answers = await Promise.all(
        [t.app, second.app].map((app, k) =>
          app.inject({
            method: 'POST',
            url: '/ingest/v1/packets',
            headers: { authorization: `Station F1000001:${t.secretOf('F1000001')}` },
            payload: {
              type: 'data',
              readings: [reading('H10014', day + 60 + (round * 2 + k) * 120, [300 + round * 2 + k])],
            },
          }),
        ),
      );
      for (const res of answers) expect(res.json()).toMatchObject({ stored: 1 });
    }
    const daily = await t.store.db
      .selectFrom('probe_daily')
      .selectAll()
      .where('sensor_id', '=', 'H10014')
      .where('day', '=', day)
      .executeTakeFirstOrThrow();
    expect(daily).toMatchObject({ n: 40, max_temp: 339, min_temp: 300 });
  });
});
