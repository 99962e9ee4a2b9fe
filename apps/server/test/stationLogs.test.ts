import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  BsCommDataResponse,
  BsLogsResponse,
  EarlyCall,
  LoggedStation,
  MobileLogEntry,
  StationCall,
} from '@emberwatch/shared/contracts/stationLogs';
import { survivingCalls } from '../src/features/station-logs/callRotation.js';
import { StationLogsRepository } from '../src/features/station-logs/stationLogs.repository.js';
import { stationLogsDb } from '../src/features/station-logs/stationLogs.tables.js';
import { createTestApp, TEST_ENGINE, type TestApp } from './support/testApp.js';
import { asStaffLevel } from './support/staffLevel.js';
import { clockedCallers } from './support/clockedCallers.js';

/**
 * Issue 30 items 3 and 7 (decision 0090): the server records every call of the station protocol, as
 * real stations make them, and the operator console reads the record: the traffic chart, the mobile
 * network log, a station's calls, detailed logging and the calls of stations nobody activated.
 */
const BS = 'F1000001';
const START = Math.floor(Date.now() / 1000);
const HOUR = 3600;

describe(`the stations' call log on ${TEST_ENGINE}`, { timeout: 60_000 }, () => {
  let t: TestApp;
  let now = START;

  beforeAll(async () => {
    t = await createTestApp({ nowS: () => now });
  });
  afterAll(async () => {
    await t.close();
  });

  function station(body: unknown, bsId = BS, secret = t.secretOf(bsId), raw?: string) {
    return t.app.inject({
      method: 'POST',
      url: '/ingest/v1/packets',
      headers: { authorization: `Station ${bsId}:${secret}`, 'content-type': 'application/json' },
      payload: raw ?? JSON.stringify(body),
    });
  }
  // Tokens last 15 minutes on the server's clock, which the tests move: a new login after each move.
  const { get, post } = clockedCallers(
    () => t,
    () => now,
  );
  async function logsOf(bsId: string, query = ''): Promise<BsLogsResponse> {
    const res = await get(`/admin/getBsLogs?basestationID=${bsId}${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<BsLogsResponse>();
  }
  const reading = (sensor_id: string, ago = 60) => ({
    sensor_id,
    meas_ts: now - ago,
    temperatures: [301, 305, 310],
  });

  it('records real calls: boot, conf, OTA, data and heartbeat, refused ones too, with size, status and duration', async () => {
    now = START;
    const calls: [unknown, number][] = [
      [{ type: 'boot', firmware: '3.4', version: 'V5.1.4', bs_type: 2 }, 200],
      [{ type: 'conf3' }, 200],
      [{ type: 'ota' }, 200],
      [{ type: 'data', readings: [reading('H10001'), reading('H10002')] }, 200],
      [{ type: 'data3', readings: [] }, 200],
      [{ type: 'data', readings: [{ sensor_id: 'H10001', meas_ts: 5, temperatures: [1] }] }, 400],
    ];
    const sizes: number[] = [];
    for (const [body, status] of calls) {
      const res = await station(body);
      expect(res.statusCode, res.body).toBe(status);
      sizes.push(Buffer.byteLength(JSON.stringify(body)));
    }
    expect((await station({ type: 'data' }, BS, 'w'.repeat(43))).statusCode).toBe(401);
    expect((await station(undefined, BS, t.secretOf(BS), '{"type": "da')).statusCode).toBe(400);

    const log = await logsOf(BS, '&getTS=1');
    const mine = log.results.filter((c) => c.ts === START);
    expect(mine.map((c) => [c.kind, c.status, c.readings])).toEqual(
      [
        ['boot', 200, 0],
        ['conf', 200, 0],
        ['ota', 200, 0],
        ['data', 200, 2],
        ['beat', 200, 0],
        ['data', 400, 1],
        // Refused before its packet was checked: kind by its type (a data packet without readings).
        ['beat', 401, null],
        ['other', 400, null],
      ].reverse(),
    );
    expect(
      mine
        .slice(2)
        .reverse()
        .map((c) => c.bytes_up),
    ).toEqual(sizes);
    for (const c of mine) {
      expect(c.bs_id).toBe(BS);
      expect(c.duration_ms).toBeGreaterThan(0);
      expect(c.detail).toBeNull();
    }
    expect(log.timestamps).toMatchObject({
      registered: true,
      last_boot_ts: START,
      last_conf_ts: START,
      last_data_ts: START,
      last_call_ts: START,
    });
    expect(log.detailed).toBe(false);
    // Without getTS the station's times are not looked up.
    expect((await logsOf(BS)).timestamps).toBeNull();
  });

  it('counts the calls per kind over the chosen window, which moves back by its offset', async () => {
    now = START + 10 * HOUR;
    await station({ type: 'boot' });
    now += 7 * 60;
    await station({ type: 'data', readings: [reading('H10001')] });
    await station({ type: 'data', readings: [reading('H10002')] });
    await station({ type: 'data' });
    now += 40 * 60;
    await station({ type: 'conf' });
    const at = (q: string) => get(`/client/bsCommData?bs=${BS}${q}`);
    const total = (d: BsCommDataResponse, k: keyof BsCommDataResponse['data']) =>
      d.data[k].reduce((s, p) => s + p.n, 0);

    const three = (await at('')).json<BsCommDataResponse>();
    expect(three.bucket_s).toBe(300);
    expect(three.to_ts - three.from_ts).toBe(3 * HOUR);
    expect(three.data.dataValues).toHaveLength(36);
    expect([
      total(three, 'bootValues'),
      total(three, 'confValues'),
      total(three, 'otaValues'),
      total(three, 'dataValues'),
      total(three, 'beatValues'),
    ]).toEqual([1, 1, 0, 2, 1]);
    expect(three.last_conf_ts).toBe(now);
    expect(three.last_data_ts).toBe(now - 40 * 60);

    const one = (await at('&window=1')).json<BsCommDataResponse>();
    expect(one.data.dataValues).toHaveLength(60);
    expect([total(one, 'bootValues'), total(one, 'dataValues'), total(one, 'confValues')]).toEqual([1, 2, 1]);

    // Three hours back: the first test's calls ten hours ago are not in it; 9 h back they are.
    const back = (await at('&offset=3')).json<BsCommDataResponse>();
    expect(total(back, 'bootValues') + total(back, 'dataValues')).toBe(0);
    const nine = (await at('&offset=9&window=3')).json<BsCommDataResponse>();
    expect(total(nine, 'bootValues')).toBe(1);
    expect(total(nine, 'otaValues')).toBe(1);

    for (const bad of ['&window=2', '&window=48', '&offset=-1', '&offset=1000', '&window=x'])
      expect((await at(bad)).statusCode, bad).toBe(400);
    expect((await get('/client/bsCommData')).statusCode).toBe(400);
  });

  it('keeps the mobile network stations report, newest first, at most 100', async () => {
    now = START + 20 * HOUR;
    for (let i = 0; i < 3; i++) {
      now += 60;
      const mobile = { operator: 'Elisa', net: i === 2 ? '2G' : 'LTE', rssi: -70 - i * 10 };
      expect((await station({ type: i === 0 ? 'boot' : 'data', mobile })).statusCode).toBe(200);
    }
    // A refused packet's network is not taken.
    expect(
      (await station({ type: 'data', mobile: { operator: 'Fake', net: 'LTE', rssi: -60 }, readings: [{}] }))
        .statusCode,
    ).toBe(400);
    const res = await get(`/client/getMobileTelemetry?BS_ID=${BS}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ results: MobileLogEntry[] }>().results).toEqual([
      { ts: now, operator: 'Elisa', net: '2G', mobile_rssi: -90 },
      { ts: now - 60, operator: 'Elisa', net: 'LTE', mobile_rssi: -80 },
      { ts: now - 120, operator: 'Elisa', net: 'LTE', mobile_rssi: -70 },
    ]);
    const limited = await get(`/client/getMobileTelemetry?BS_ID=${BS}&limit=2`);
    expect(limited.json<{ results: MobileLogEntry[] }>().results).toHaveLength(2);
    expect((await get(`/client/getMobileTelemetry?BS_ID=${BS}&limit=101`)).statusCode).toBe(400);
    // An Ethernet station reports none.
    const none = await get('/client/getMobileTelemetry?BS_ID=F1000002');
    expect(none.json<{ results: MobileLogEntry[] }>().results).toEqual([]);
  });

  it('keeps a summary of the packets of stations with detailed logging, while it is on', async () => {
    now = START + 30 * HOUR;
    const on = await post('/admin/postBsLoggingStatus', { basestationID: 'F1000002', logging: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toEqual({ status_code: 0, logging: true });
    const list = await get('/admin/getBsLoggingList');
    expect(list.json<{ results: LoggedStation[] }>().results).toEqual([
      { bs_id: 'F1000002', since_ts: now, by: 'admin@demo.emberwatch' },
    ]);
    await station({ type: 'data', readings: [reading('H10011'), reading('H10011', 120)] }, 'F1000002');
    await station(
      { type: 'data', readings: [{ sensor_id: 'H1', meas_ts: 1, temperatures: [1] }] },
      'F1000002',
    );
    await station({ type: 'boot' }); // F1000001: not detailed
    let log = await logsOf('F1000002');
    expect(log.detailed).toBe(true);
    const [refused, stored] = log.results;
    expect(JSON.parse(stored!.detail!)).toMatchObject({
      packet: { type: 'data', readings: 2, probes: ['H10011'], meas_ts: [now - 120, now - 60] },
      answer: { status_code: 0 },
    });
    expect(JSON.parse(refused!.detail!)).toMatchObject({
      packet: { type: 'data', readings: 1 },
      answer: { status_code: 400 },
    });
    expect((await logsOf(BS)).results[0]!.detail).toBeNull();

    const off = await post('/admin/postBsLoggingStatus', { basestationID: 'F1000002', logging: false });
    expect(off.json()).toEqual({ status_code: 0, logging: false });
    now += 1;
    await station({ type: 'conf' }, 'F1000002');
    log = await logsOf('F1000002');
    expect(log.detailed).toBe(false);
    expect(log.results[0]!.kind).toBe('conf');
    expect(log.results[0]!.detail).toBeNull();
    expect((await get('/admin/getBsLoggingList')).json<{ results: unknown[] }>().results).toEqual([]);

    for (const bad of [
      { basestationID: 'F1 2', logging: true },
      { basestationID: BS },
      { basestationID: BS, logging: 'yes' },
    ])
      expect((await post('/admin/postBsLoggingStatus', bad)).statusCode).toBe(400);
  });

  it('lists the calls of ids no station has, and of stations not activated then, as early calls', async () => {
    now = START + 40 * HOUR;
    // A station nobody registered calls in (its secret cannot be right: there is none).
    expect((await station({ type: 'boot' }, 'F9000001', 'x'.repeat(43))).statusCode).toBe(401);
    // A registered station before its activation.
    await t.store.db
      .updateTable('base_stations')
      .set({ activation_ts: null })
      .where('id', '=', 'F1000003')
      .execute();
    expect((await station({ type: 'boot' }, 'F1000003')).statusCode).toBe(200);
    now += 60;
    await t.store.db
      .updateTable('base_stations')
      .set({ activation_ts: now })
      .where('id', '=', 'F1000003')
      .execute();
    now += 60;
    expect((await station({ type: 'data' }, 'F1000003')).statusCode).toBe(200);
    expect((await station({ type: 'data' }, BS)).statusCode).toBe(200);

    const res = await get('/admin/getEarlyBsCallsLog?hours=1');
    expect(res.statusCode, res.body).toBe(200);
    const early = res.json<{ results: EarlyCall[] }>().results;
    expect(early.map((c) => [c.bs_id, c.kind, c.status, c.registered])).toEqual([
      ['F1000003', 'boot', 200, true],
      ['F9000001', 'boot', 401, false],
    ]);
    // The unknown id's calls are its log too.
    expect((await logsOf('F9000001', '&getTS=1')).timestamps).toMatchObject({
      registered: false,
      last_call_ts: now - 120,
    });
  });

  it.each([
    ['the owner', 'hay'],
    ['a sub-user', 'hay-helper'],
    ['a master', 'master'],
  ])('refuses %s every call (403)', async (_who, who) => {
    const reads = [
      `/client/bsCommData?bs=${BS}`,
      `/client/getMobileTelemetry?BS_ID=${BS}`,
      `/admin/getBsLogs?basestationID=${BS}`,
      '/admin/getBsLoggingList',
      '/admin/getEarlyBsCallsLog',
    ];
    for (const url of reads) expect((await get(url, who)).statusCode, url).toBe(403);
    const res = await post('/admin/postBsLoggingStatus', { basestationID: BS, logging: true }, who);
    expect(res.statusCode).toBe(403);
    expect((await get('/admin/getBsLoggingList')).json<{ results: unknown[] }>().results).toEqual([]);
  });

  it.each([
    ['Root', 0, true],
    ['Admin', 1, true],
    ['Tech', 2, true],
    ['Sales', 3, false],
  ])('as %s staff reads the logs and switches detailed logging: %s', async (_level, group, mayswitch) => {
    try {
      await asStaffLevel(t, group, async () => {
        expect((await get(`/admin/getBsLogs?basestationID=${BS}`)).statusCode).toBe(200);
        expect((await get('/admin/getBsLoggingList')).statusCode).toBe(200);
        const res = await post('/admin/postBsLoggingStatus', { basestationID: 'F2000001', logging: true });
        expect(res.statusCode, res.body).toBe(mayswitch ? 200 : 403);
        const listed = (await get('/admin/getBsLoggingList')).json<{ results: LoggedStation[] }>().results;
        expect(listed.map((s) => s.bs_id)).toEqual(mayswitch ? ['F2000001'] : []);
      });
    } finally {
      await post('/admin/postBsLoggingStatus', { basestationID: 'F2000001', logging: false });
    }
  });

  it('refuses detailed logging for more than 100 stations at once (409), and changes nothing', async () => {
    const db = stationLogsDb(t.store.db);
    await db
      .insertInto('station_logging')
      .values(Array.from({ length: 100 }, (_, i) => ({ bs_id: `Z${i}`, since_ts: now, by_user_id: null })))
      .execute();
    try {
      const res = await post('/admin/postBsLoggingStatus', { basestationID: BS, logging: true });
      expect(res.statusCode).toBe(409);
      const listed = (await get('/admin/getBsLoggingList')).json<{ results: LoggedStation[] }>().results;
      expect(listed).toHaveLength(100);
      expect(listed.some((s) => s.bs_id === BS)).toBe(false);
    } finally {
      await db.deleteFrom('station_logging').execute();
    }
  });

  it('rotates as the rule says: age, then each station’s share, then the total', async () => {
    const repo = new StationLogsRepository(t.store.db);
    const db = stationLogsDb(t.store.db);
    await db.deleteFrom('station_calls').execute();
    const T = START + 100 * HOUR;
    const rows = [
      ['A', T - 8 * 86_400],
      ['A', T - 50],
      ['A', T - 40],
      ['A', T - 40],
      ['A', T - 30],
      ['B', T - 45],
      ['C', T - 10],
      ['D', T - 5],
      ['E', T - 7 * 86_400],
    ] as const;
    await repo.insertCalls(
      rows.map(([bs_id, ts]) => ({
        bs_id,
        ts,
        kind: 'data' as const,
        status: 200,
        bytes_up: 1,
        duration_us: 1,
        readings: 1,
        operator: null,
        net: null,
        mobile_rssi: null,
        detail: null,
      })),
    );
    const before = await db.selectFrom('station_calls').select(['id', 'bs_id', 'ts']).execute();
    const limits = { maxAgeS: 7 * 86_400, perStation: 3, total: 5 };
    const expected = survivingCalls(
      before.map((r) => ({ id: r.id, bsId: r.bs_id, ts: r.ts })),
      T,
      limits,
    );
    expect(expected).toHaveLength(5);
    const removed = await repo.prune(T, limits);
    expect(removed).toBe(rows.length - 5);
    const after = await db.selectFrom('station_calls').select('id').execute();
    expect(after.map((r) => r.id).sort((a, b) => a - b)).toEqual(
      expected.map((c) => c.id).sort((a, b) => a - b),
    );
  });

  it('rotates by the feature’s own job: a call over a week old goes', async () => {
    await stationLogsDb(t.store.db).deleteFrom('station_calls').execute();
    now = START + 200 * HOUR;
    await station({ type: 'boot' });
    now += 7 * 86_400 - 1;
    await station({ type: 'conf' });
    expect((await logsOf(BS, '&hours=168')).results.map((c: StationCall) => c.kind)).toEqual([
      'conf',
      'boot',
    ]);
    now += 2;
    const job = t.jobs.find((j) => j.name === 'stationLogs.rotate');
    expect(job).toBeDefined();
    await job!.run();
    expect((await logsOf(BS, '&hours=168')).results.map((c: StationCall) => c.kind)).toEqual(['conf']);
  });
});
