import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FieldSystem, RcTest, RcTestLogEntry, RcUnit } from '@emberwatch/shared/contracts/connections';
import type { PollResponse } from '@emberwatch/shared/contracts/fans';
import { bearer, createTestApp, TEST_ENGINE, type TestApp } from './support/testApp.js';
import { asStaffLevel } from './support/staffLevel.js';

/**
 * Issue 30 item 7 (decision 0096): the RC test responses of /rctest_ — a controller's poll answers
 * with the operator's test command while it is on (for its minutes, or one poll), with the
 * scheduler's otherwise — and the field systems of /fs.
 */
describe(`RC test responses and field systems, on ${TEST_ENGINE}`, { timeout: 60_000 }, () => {
  let t: TestApp;
  let clock = 1_790_000_000;
  const tokens: Record<string, string> = {};
  const secrets: Record<string, string> = {};
  let hayId = 0;
  let grainId = 0;

  const login = async () => {
    for (const u of ['admin', 'hay', 'master']) tokens[u] = await t.login(`${u}@demo.emberwatch`);
  };
  beforeAll(async () => {
    t = await createTestApp({ nowS: () => clock });
    await login();
    hayId = (await t.findUser('hay@demo.emberwatch'))!.id;
    grainId = (await t.findUser('grain@demo.emberwatch'))!.id;
    for (const [fc_id, UID, type, channels] of [
      ['RC-TEST-1', hayId, 'RC', 4],
      ['FC-TEST-2', grainId, 'FC', 1],
    ] as const) {
      const res = await post('/admin/registerRC12', { UID, fc_id, type, channels, name: `${type} unit` });
      expect(res.statusCode, res.body).toBe(200);
      secrets[fc_id] = res.json<{ secret: string }>().secret;
    }
  });
  afterAll(async () => {
    await t.close();
  });

  const get = (url: string, who = 'admin') =>
    t.app.inject({ method: 'GET', url, headers: bearer(tokens[who]!) });
  const post = (url: string, payload: object, who = 'admin') =>
    t.app.inject({ method: 'POST', url, payload, headers: bearer(tokens[who]!) });
  async function poll(fcId: string, channels: number[] = [1]): Promise<PollResponse['channels']> {
    const res = await t.app.inject({
      method: 'POST',
      url: '/fc/poll2',
      headers: { authorization: `Controller ${fcId}:${secrets[fcId]}` },
      payload: {
        firmware: '2.1.0',
        channels: channels.map((channel) => ({ channel, fc_mode: 'drive', drive: 0 })),
        connection: { net: '4G', rssi: -80 },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<PollResponse>().channels;
  }
  async function setTest(body: object, who = 'admin'): Promise<RcTest> {
    const res = await post('/admin/setRcTestResponse', body, who);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ test: RcTest }>().test;
  }
  async function enable(fc_id: string, enabled: boolean): Promise<RcTest> {
    const res = await post('/admin/setRcTestResponseEnabled', { fc_id, enabled });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ test: RcTest }>().test;
  }
  async function logOf(fc_id: string): Promise<RcTestLogEntry[]> {
    const res = await get(`/admin/getRcTestResponseEnabled?fc_id=${fc_id}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ log: RcTestLogEntry[] }>().log;
  }

  it('answers the poll with the scheduler’s commands while no test response is on', async () => {
    const answer = await poll('RC-TEST-1', [1, 2, 3, 4]);
    expect(answer.map((c) => c.command)).toEqual([0, 0, 0, 0]);
    expect(answer.some((c) => 'test' in c)).toBe(false);
  });

  it('lists every controller with its owner, last poll, firmware, modes and test response', async () => {
    const res = await get('/admin/rcList');
    expect(res.statusCode, res.body).toBe(200);
    const units = res.json<{ results: RcUnit[] }>().results;
    const rc = units.find((u) => u.FC_ID === 'RC-TEST-1')!;
    expect(rc).toMatchObject({
      type: 'RC',
      UID: hayId,
      owner: 'hay@demo.emberwatch',
      channels: 4,
      firmware: '2.1.0',
      last_poll_ts: clock,
      status: 'online',
      test: null,
    });
    expect(rc.modes.map((m) => [m.channel, m.fc_mode, m.command])).toEqual([
      [1, 'drive', 0],
      [2, 'drive', 0],
      [3, 'drive', 0],
      [4, 'drive', 0],
    ]);
    expect(units.find((u) => u.FC_ID === 'FC-TEST-2')).toMatchObject({ status: 'never', last_poll_ts: null });
  });

  it('answers with the test command while it is on, on its channel only, until its minutes run out', async () => {
    const set = await setTest({ fc_id: 'RC-TEST-1', channel: 2, command: 1, minutes: 10 });
    expect(set).toMatchObject({
      enabled: false,
      state: 'off',
      channel: 2,
      command: 1,
      once: false,
      set_by: 'admin@demo.emberwatch',
    });
    // Set but not on: the poll is the scheduler's (every answer carries all four channels).
    expect((await poll('RC-TEST-1', [1, 2])).map((c) => c.command)).toEqual([0, 0, 0, 0]);

    const on = await enable('RC-TEST-1', true);
    expect(on).toMatchObject({ enabled: true, state: 'armed', expires_ts: clock + 600 });
    const answer = await poll('RC-TEST-1', [1, 2, 3, 4]);
    expect(answer.map((c) => [c.command, c.test ?? false])).toEqual([
      [0, false],
      [1, true],
      [0, false],
      [0, false],
    ]);
    clock += 599;
    expect((await poll('RC-TEST-1', [2]))[1]).toMatchObject({ command: 1, test: true, manual: true });
    clock += 1;
    await login();
    expect((await poll('RC-TEST-1', [2])).map((c) => c.command)).toEqual([0, 0, 0, 0]);
    const [after] = (await get('/admin/getRcTestResponseEnabled?fc_id=RC-TEST-1')).json<{
      results: RcTest[];
    }>().results;
    expect(after).toMatchObject({ state: 'expired', answers: 2, answered_ts: clock - 600 });
    expect((await logOf('RC-TEST-1')).map((l) => [l.kind, l.by])).toEqual([
      ['answered', null],
      ['answered', null],
      ['enabled', 'admin@demo.emberwatch'],
      ['set', 'admin@demo.emberwatch'],
    ]);
  });

  it('answers one poll only when one-shot, and nothing once switched off', async () => {
    await setTest({ fc_id: 'RC-TEST-1', channel: null, command: 1, once: true });
    // It kept its switch (on) and is armed afresh with the new command.
    expect((await poll('RC-TEST-1', [1])).map((c) => c.command)).toEqual([1, 1, 1, 1]);
    expect((await poll('RC-TEST-1', [1])).map((c) => c.command)).toEqual([0, 0, 0, 0]);
    const [used] = (await get('/admin/getRcTestResponseEnabled')).json<{ results: RcTest[] }>().results;
    expect(used).toMatchObject({ FC_ID: 'RC-TEST-1', state: 'used', answers: 1 });

    await enable('RC-TEST-1', true);
    expect((await poll('RC-TEST-1', [1]))[0]).toMatchObject({ command: 1, test: true });
    await enable('RC-TEST-1', true);
    const off = await enable('RC-TEST-1', false);
    expect(off.state).toBe('off');
    expect((await poll('RC-TEST-1', [1]))[0]).toMatchObject({ command: 0 });
    expect((await poll('RC-TEST-1', [1]))[0]?.test).toBeUndefined();
    expect((await logOf('RC-TEST-1'))[0]).toMatchObject({ kind: 'disabled', by: 'admin@demo.emberwatch' });
  });

  it('refuses a channel the controller lacks, an unknown controller, and switching on a test never set', async () => {
    const bad = await post('/admin/setRcTestResponse', { fc_id: 'FC-TEST-2', channel: 2, command: 1 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: 'This controller has no channel 2.', path: 'channel' });
    expect((await post('/admin/setRcTestResponse', { fc_id: 'NOPE', command: 1 })).statusCode).toBe(404);
    expect((await post('/admin/setRcTestResponse', { fc_id: 'FC-TEST-2', command: 2 })).statusCode).toBe(400);
    expect(
      (await post('/admin/setRcTestResponse', { fc_id: 'FC-TEST-2', command: 1, minutes: 241 })).statusCode,
    ).toBe(400);
    const notSet = await post('/admin/setRcTestResponseEnabled', { fc_id: 'FC-TEST-2', enabled: true });
    expect(notSet.statusCode).toBe(409);
    expect(notSet.json<{ error: string }>().error).toBe('Set a test response for this controller first.');
    expect((await get('/admin/getRcTestResponseEnabled?fc_id=FC-TEST-2')).json()).toMatchObject({
      results: [],
      log: [],
    });
  });

  it('lists the field systems with their channels, storages, link and status, filtered', async () => {
    const all = await get('/admin/getFSList');
    expect(all.statusCode, all.body).toBe(200);
    const body = all.json<{ results: FieldSystem[]; total: number }>();
    expect(body.total).toBe(2);
    expect(body.results.find((s) => s.FC_ID === 'RC-TEST-1')).toMatchObject({
      owner: 'hay@demo.emberwatch',
      status: 'online',
      firmware: '2.1.0',
      net: '4G',
      rssi: -80,
      channels_in_use: 0,
      test_armed: false,
    });
    const ids = async (q: string) =>
      (await get(`/admin/getFSList?${q}`)).json<{ results: FieldSystem[] }>().results.map((s) => s.FC_ID);
    expect(await ids('type=FC')).toEqual(['FC-TEST-2']);
    expect(await ids('status=never')).toEqual(['FC-TEST-2']);
    expect(await ids('status=online')).toEqual(['RC-TEST-1']);
    expect(await ids('q=HAY%40demo')).toEqual(['RC-TEST-1']);
    expect(await ids('firmware=none')).toEqual(['FC-TEST-2']);
    expect(await ids('inUse=1')).toEqual([]);
    clock += 121;
    await login();
    expect(await ids('status=offline')).toEqual(['RC-TEST-1']);
    expect((await get('/admin/getFSList?status=asleep')).statusCode).toBe(400);
  });

  it.each([
    ['Root', 0, true],
    ['Admin', 1, true],
    ['Tech', 2, true],
    ['Sales', 3, false],
  ])('as %s staff reads the lists and sets test responses: %s', async (_level, group, maySet) => {
    await asStaffLevel(t, group, async () => {
      for (const url of ['/admin/rcList', '/admin/getRcTestResponseEnabled', '/admin/getFSList'])
        expect((await get(url)).statusCode).toBe(200);
      const set = await post('/admin/setRcTestResponse', { fc_id: 'FC-TEST-2', command: 0 });
      expect(set.statusCode).toBe(maySet ? 200 : 403);
      const on = await post('/admin/setRcTestResponseEnabled', { fc_id: 'FC-TEST-2', enabled: false });
      expect(on.statusCode).toBe(maySet ? 200 : 403);
      if (!maySet)
        expect(on.json<{ error: string }>().error).toBe(
          'Only Root, Admin and Tech staff set a fan controller’s test response.',
        );
    });
  });

  it('refuses customers and masters', async () => {
    for (const who of ['hay', 'master']) {
      for (const url of ['/admin/rcList', '/admin/getRcTestResponseEnabled', '/admin/getFSList'])
        expect((await get(url, who)).statusCode).toBe(403);
      expect(
        (await post('/admin/setRcTestResponse', { fc_id: 'RC-TEST-1', command: 1 }, who)).statusCode,
      ).toBe(403);
      expect(
        (await post('/admin/setRcTestResponseEnabled', { fc_id: 'RC-TEST-1', enabled: true }, who))
          .statusCode,
      ).toBe(403);
    }
  });
});
