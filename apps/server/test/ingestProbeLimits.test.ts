import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MAX_NEW_PROBES_PER_PACKET,
  MAX_PROBES_PER_STATION,
  type IngestPacket,
  type IngestResponse,
} from '@emberwatch/shared/contracts/ingest';
import { twoInstancesOnOneStore } from './support/secondInstance.js';
import { createTestApp, TEST_ENGINE, type TestApp } from './support/testApp.js';

const now = Math.floor(Date.now() / 1000);

function reading(sensor_id: string, meas_ts = now - 60) {
  return { sensor_id, meas_ts, temperatures: [300, 310, 320] };
}

describe(`limits on the probes a station may add, on ${TEST_ENGINE}`, () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  async function send(bsId: string, packet: IngestPacket): Promise<IngestResponse> {
    const res = await t.app.inject({
      method: 'POST',
      url: '/ingest/v1/packets',
      headers: { authorization: `Station ${bsId}:${t.secretOf(bsId)}` },
      payload: packet,
    });
    expect(res.statusCode).toBe(200);
    return res.json<IngestResponse>();
  }

  async function probesOf(bsId: string): Promise<number> {
    const row = await t.store.db
      .selectFrom('probes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('bs_id', '=', bsId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  it('refuses readings of ids that are not probe serials, one by one, and stores the rest', async () => {
    const bad = [
      'hasOwnProperty',
      '__proto__',
      'prototype',
      'constructor',
      'toString',
      '-1',
      'h10001',
      '_H1',
    ];
    const before = await probesOf('F1000003');
    const answer = await send('F1000003', {
      type: 'data',
      readings: [...bad.map((id) => reading(id)), reading('H10201'), reading('__proto__', now - 61)],
    });
    expect(answer).toMatchObject({ status_code: 0, stored: 1, duplicates: 0, refused: bad.length + 1 });
    expect(answer.refusals).toEqual(
      bad.map((id) => ({ sensor_id: id, reason: 'invalid_sensor_id', readings: id === '__proto__' ? 2 : 1 })),
    );
    expect(await probesOf('F1000003')).toBe(before);
    const stored = await t.store.db
      .selectFrom('readings')
      .select('sensor_id')
      .where('sensor_id', 'in', bad)
      .execute();
    expect(stored).toEqual([]);
  });

  it(`adds at most ${MAX_NEW_PROBES_PER_PACKET} new probes from one packet and refuses the readings of the rest`, async () => {
    const before = await probesOf('F3000001');
    const ids = Array.from(
      { length: MAX_NEW_PROBES_PER_PACKET + 30 },
      (_, i) => `C5${String(i).padStart(4, '0')}`,
    );
    // A known probe among them is not a new one and is always taken.
    const answer = await send('F3000001', {
      type: 'data',
      readings: [reading('C30001'), ...ids.map((id) => reading(id)), reading(ids.at(-1) as string, now - 61)],
    });
    expect(answer).toMatchObject({ stored: MAX_NEW_PROBES_PER_PACKET + 1, refused: 31, duplicates: 0 });
    expect(answer.refusals).toEqual(
      ids.slice(MAX_NEW_PROBES_PER_PACKET).map((id, i) => ({
        sensor_id: id,
        reason: 'packet_probe_limit',
        readings: i === 29 ? 2 : 1,
      })),
    );
    expect(await probesOf('F3000001')).toBe(before + MAX_NEW_PROBES_PER_PACKET);

    // The next packet adds the rest: a station that really has that many probes gets them all.
    const next = await send('F3000001', { type: 'data', readings: ids.map((id) => reading(id, now - 30)) });
    expect(next).toMatchObject({ stored: ids.length, refused: 0, refusals: [] });
    expect(await probesOf('F3000001')).toBe(before + ids.length);
  });

  it(`keeps a station at ${MAX_PROBES_PER_STATION} probes and still takes its known probes' readings`, async () => {
    const bs = 'F3000002';
    let n = await probesOf(bs);
    let serial = 0;
    const fresh = (count: number) =>
      Array.from({ length: count }, () => `C6${String(serial++).padStart(4, '0')}`);
    while (n + MAX_NEW_PROBES_PER_PACKET <= MAX_PROBES_PER_STATION) {
      const answer = await send(bs, {
        type: 'data',
        readings: fresh(MAX_NEW_PROBES_PER_PACKET).map((id) => reading(id)),
      });
      expect(answer).toMatchObject({ stored: MAX_NEW_PROBES_PER_PACKET, refused: 0 });
      n += MAX_NEW_PROBES_PER_PACKET;
    }
    const room = MAX_PROBES_PER_STATION - n;
    const last = fresh(room + 5);
    const answer = await send(bs, {
      type: 'data',
      readings: [reading('C30101', now - 10), ...last.map((id) => reading(id))],
    });
    expect(answer).toMatchObject({ stored: room + 1, refused: 5 });
    expect(answer.refusals).toEqual(
      last.slice(room).map((id) => ({ sensor_id: id, reason: 'station_probe_limit', readings: 1 })),
    );
    expect(await probesOf(bs)).toBe(MAX_PROBES_PER_STATION);

    const full = await send(bs, {
      type: 'data',
      readings: [reading('C30102', now - 10), reading('C69999', now - 10)],
    });
    expect(full).toMatchObject({
      stored: 1,
      refused: 1,
      refusals: [{ sensor_id: 'C69999', reason: 'station_probe_limit', readings: 1 }],
    });
    // Another station of the account still adds its own probes.
    expect(await send('F3000001', { type: 'data', readings: [reading('C69999', now - 10)] })).toMatchObject({
      stored: 1,
      refused: 0,
    });
  });

  it('answers a packet of 1,000 readings of one new probe in full: the limits count probes, not readings', async () => {
    const readings = Array.from({ length: 1000 }, (_, i) => reading('H17777', now - 5000 + i));
    expect(await send('F1000002', { type: 'data', readings })).toMatchObject({ stored: 1000, refused: 0 });
  });
});

describe.runIf(TEST_ENGINE === 'postgres')(
  'the per-station limit across server instances sharing PostgreSQL',
  () => {
    const instances = twoInstancesOnOneStore();

    it('holds when two instances add probes to one station at the same moment', async () => {
      const { t, second } = instances;
      const send = (app: typeof t.app, bs: string, ids: string[]) =>
        app.inject({
          method: 'POST',
          url: '/ingest/v1/packets',
          headers: { authorization: `Station ${bs}:${t.secretOf(bs)}` },
          payload: { type: 'data', readings: ids.map((id) => reading(id)) },
        });
      const count = async (bs: string) =>
        Number(
          (
            await t.store.db
              .selectFrom('probes')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .where('bs_id', '=', bs)
              .executeTakeFirstOrThrow()
          ).n,
        );
      let serial = 0;
      const fresh = (n: number) => Array.from({ length: n }, () => `X7${String(serial++).padStart(5, '0')}`);
      // A race shows only sometimes: every demo station gets its round.
      for (const { bs_id: bs } of t.stations) {
        // Fill the station to ten below its limit.
        for (let n = await count(bs); n < MAX_PROBES_PER_STATION - 10;) {
          const add = Math.min(MAX_NEW_PROBES_PER_PACKET, MAX_PROBES_PER_STATION - 10 - n);
          expect((await send(t.app, bs, fresh(add))).json()).toMatchObject({ stored: add, refused: 0 });
          n += add;
        }
        // Each instance brings ten new probes at the same moment: only ten fit in all.
        const answers = await Promise.all([send(t.app, bs, fresh(10)), send(second.app, bs, fresh(10))]);
        const bodies = answers.map((a) => a.json<IngestResponse>());
        expect(bodies.reduce((n, b) => n + b.stored, 0)).toBe(10);
        expect(bodies.reduce((n, b) => n + b.refused, 0)).toBe(10);
        expect(await count(bs)).toBe(MAX_PROBES_PER_STATION);
      }
    });
  },
);
