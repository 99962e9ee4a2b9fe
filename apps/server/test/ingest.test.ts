import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { IngestPacket } from '@emberwatch/shared/contracts/ingest';
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

  it('folds only the new readings of a packet that also repeats a stored one into the roll-ups', async () => {
    // The repeat carries other values than the stored copy: counted or folded again, it would show.
    // (PostgreSQL writes the roll-ups in the readings' statement only when every reading is new.)
    const day = Math.floor((now - 86_400) / 86_400) * 86_400;
    await send({ type: 'data', readings: [reading('H10012', day + 3_600, [300, 310])] });
    const mixed = await send({
      type: 'data',
      readings: [reading('H10012', day + 3_600, [900, 910]), reading('H10012', day + 7_200, [400, 290])],
    });
    expect(mixed.json()).toMatchObject({ stored: 1, duplicates: 1 });
    const daily = await t.store.db
      .selectFrom('probe_daily')
      .select(['n', 'max_temp', 'min_temp', 'max_temps', 'min_temps'])
      .where('sensor_id', '=', 'H10012')
      .where('day', '=', day)
      .executeTakeFirstOrThrow();
    expect(daily).toEqual({
      n: 2,
      max_temp: 400,
      min_temp: 290,
      max_temps: '[400,310]',
      min_temps: '[300,290]',
    });
    const latest = await t.store.db
      .selectFrom('probe_latest')
      .select(['meas_ts', 'temperature', 'temps'])
      .where('sensor_id', '=', 'H10012')
      .executeTakeFirstOrThrow();
    expect(latest).toEqual({ meas_ts: day + 7_200, temperature: 400, temps: '[400,290]' });
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

  it('refuses a packet naming __proto__ or constructor, and no prototype changes', async () => {
    const before = await count('readings');
    for (const payload of [
      '{"type":"data","__proto__":{"polluted":1},"readings":[]}',
      `{"type":"data","readings":[{"sensor_id":"H10001","meas_ts":${now - 60},"temperatures":[200],"__proto__":{"polluted":1}}]}`,
      `{"type":"data","readings":[{"sensor_id":"H10001","meas_ts":${now - 60},"temperatures":[200],"constructor":{"prototype":{"polluted":1}}}]}`,
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/ingest/v1/packets',
        headers: { authorization: `Station ${BS}:${t.secretOf(BS)}`, 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode, payload).toBe(400);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(await count('readings')).toBe(before);
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

  it('keeps the daily roll-up and latest reading of a rolled-back commit out of later commits', async () => {
    const day = Math.floor((now - 86_400) / 86_400) * 86_400;
    const failing = day + 7_200;
    // The store refuses one reading, after the commit already folded another of the same probe and day.
    if (TEST_ENGINE === 'sqlite') {
      await sql`create trigger refuse_one before insert on readings when new.meas_ts = ${sql.lit(failing)}
        begin select raise(abort, 'refused'); end`.execute(t.store.db);
    } else {
      await sql`create function refuse_one() returns trigger language plpgsql as $$ begin raise exception 'refused'; end $$`.execute(
        t.store.db,
      );
      await sql`create trigger refuse_one before insert on readings for each row
        when (new.meas_ts = ${sql.lit(failing)}) execute function refuse_one()`.execute(t.store.db);
    }
    try {
      expect(
        (await send({ type: 'data', readings: [reading('H10011', day + 3_600, [100])] })).statusCode,
      ).toBe(200);
      const failed = await send({
        type: 'data',
        readings: [reading('H10011', day + 5_400, [900, 10]), reading('H10011', failing, [950])],
      });
      expect(failed.statusCode).toBe(503);
      expect(
        (await send({ type: 'data', readings: [reading('H10011', day + 9_000, [200])] })).statusCode,
      ).toBe(200);
    } finally {
      await sql`drop trigger refuse_one${TEST_ENGINE === 'postgres' ? sql` on readings` : sql``}`.execute(
        t.store.db,
      );
    }
    const daily = await t.store.db
      .selectFrom('probe_daily')
      .selectAll()
      .where('sensor_id', '=', 'H10011')
      .where('day', '=', day)
      .executeTakeFirstOrThrow();
    expect(daily).toMatchObject({
      n: 2,
      max_temp: 200,
      min_temp: 100,
      max_temps: '[200]',
      min_temps: '[100]',
    });
    const latest = await t.store.db
      .selectFrom('probe_latest')
      .selectAll()
      .where('sensor_id', '=', 'H10011')
      .executeTakeFirstOrThrow();
    expect(latest).toMatchObject({ meas_ts: day + 9_000, temperature: 200 });
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
    await instances.settleRollups();
    const daily = await t.store.db
      .selectFrom('probe_daily')
      .selectAll()
      .where('sensor_id', '=', 'H10014')
      .where('day', '=', day)
      .executeTakeFirstOrThrow();
    expect(daily).toMatchObject({ n: 40, max_temp: 339, min_temp: 300 });
  });
});

describe.runIf(TEST_ENGINE === 'postgres')('two server instances ingesting at once into PostgreSQL', () => {
  const instances = twoInstancesOnOneStore();

  it('stores every reading once and keeps every roll-up, latest reading and station time right', async () => {
    const { t, second } = instances;
    const probes = ['H30001', 'H30002', 'H30003', 'H30004', 'H30005', 'H30006'];
    const days = [Math.floor(now / 86_400) * 86_400 - 86_400, Math.floor(now / 86_400) * 86_400 - 2 * 86_400];
    // 240 readings over six probes, two days, one to three depths, some without a battery value.
    const all = Array.from({ length: 240 }, (_, k) => ({
      sensor_id: probes[k % 6] as string,
      meas_ts: (days[Math.floor(k / 6) % 2] as number) + 60 + k * 37,
      temperatures: Array.from({ length: 1 + (k % 3) }, (_, d) => ((k * 7919 + d * 131) % 900) - 200),
      sensor_RSSI: -70,
      bs_RSSI: -60,
      batt_voltage: k % 5 === 0 ? null : 250 + ((k * 13) % 90),
    }));
    // Packets of eight readings; each goes to both instances at once (a station retrying through
    // the other instance), from alternating stations of one account, in waves of six packets.
    const packets = Array.from({ length: all.length / 8 }, (_, i) => ({
      bsId: i % 2 === 0 ? 'F1000001' : 'F1000002',
      body: { type: 'data', readings: all.slice(i * 8, i * 8 + 8) },
    }));
    const answers: { stored: number; duplicates: number; refused: number }[] = [];
    for (let w = 0; w < packets.length; w += 6) {
      const wave = packets.slice(w, w + 6).flatMap((p) =>
        [t.app, second.app].map((app) =>
          app.inject({
            method: 'POST',
            url: '/ingest/v1/packets',
            headers: { authorization: `Station ${p.bsId}:${t.secretOf(p.bsId)}` },
            payload: p.body,
          }),
        ),
      );
      for (const res of await Promise.all(wave)) {
        expect(res.statusCode).toBe(200);
        answers.push(res.json());
      }
    }
    expect(answers.reduce((n, a) => n + a.stored, 0)).toBe(all.length);
    expect(answers.reduce((n, a) => n + a.duplicates, 0)).toBe(all.length);
    expect(answers.every((a) => a.refused === 0)).toBe(true);
    await instances.settleRollups();

    const db = t.store.db;
    const stored = await db
      .selectFrom('readings')
      .select(['sensor_id', 'meas_ts'])
      .where('sensor_id', 'in', probes)
      .execute();
    expect(stored.length).toBe(all.length);

    for (const sensorId of probes) {
      const mine = all.filter((r) => r.sensor_id === sensorId);
      for (const day of days) {
        const rs = mine.filter((r) => Math.floor(r.meas_ts / 86_400) * 86_400 === day);
        const depths = Math.max(...rs.map((r) => r.temperatures.length));
        const perDepth = (pick: (...v: number[]) => number) =>
          Array.from({ length: depths }, (_, d) =>
            pick(...rs.flatMap((r) => (r.temperatures[d] === undefined ? [] : [r.temperatures[d]]))),
          );
        const batts = rs.flatMap((r) => (r.batt_voltage === null ? [] : [r.batt_voltage]));
        // The roll-up's columns by name: PostgreSQL also keeps each depth in a column of its own
        // (migration 0038), from which it generates max_temps and min_temps.
        const row = await db
          .selectFrom('probe_daily')
          .select([
            'sensor_id',
            'day',
            'n',
            'max_temp',
            'min_temp',
            'max_temps',
            'min_temps',
            'min_batt',
            'max_batt',
          ])
          .where('sensor_id', '=', sensorId)
          .where('day', '=', day)
          .executeTakeFirstOrThrow();
        expect({
          ...row,
          max_temps: JSON.parse(row.max_temps) as number[],
          min_temps: JSON.parse(row.min_temps) as number[],
        }).toEqual({
          sensor_id: sensorId,
          day,
          n: rs.length,
          max_temp: Math.max(...rs.flatMap((r) => r.temperatures)),
          min_temp: Math.min(...rs.flatMap((r) => r.temperatures)),
          max_temps: perDepth(Math.max),
          min_temps: perDepth(Math.min),
          min_batt: Math.min(...batts),
          max_batt: Math.max(...batts),
        });
      }
      const newest = mine.reduce((a, b) => (b.meas_ts > a.meas_ts ? b : a));
      const latest = await db
        .selectFrom('probe_latest')
        .selectAll()
        .where('sensor_id', '=', sensorId)
        .executeTakeFirstOrThrow();
      expect(latest).toMatchObject({
        meas_ts: newest.meas_ts,
        temperature: newest.temperatures[0],
        temps: JSON.stringify(newest.temperatures),
        batt: newest.batt_voltage,
      });
    }
    const stations = await db
      .selectFrom('base_stations')
      .select(['id', 'last_data_ts'])
      .where('id', 'in', ['F1000001', 'F1000002'])
      .execute();
    for (const s of stations) expect(s.last_data_ts).toBeGreaterThanOrEqual(now - 5);
  });
});
