import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FcItem, FcItemsResponse, PollResponse } from '@emberwatch/shared/contracts/fans';
import type { SaveMonitorResponse } from '@emberwatch/shared/contracts/monitors';
import type { GetStoragesResponse } from '@emberwatch/shared/contracts/storages';
import { defaultRuleSettings } from '@emberwatch/shared/domain/rules/defaultRuleSettings';
import { sha256 } from '../src/security/sha256.js';
import { api, ingest } from './support/probeHelpers.js';
import { createTestApp, TEST_ENGINE, type TestApp } from './support/testApp.js';

/** The fans feature's decider, to wait for the work a push of new data started. */
function deciderOf(t: TestApp): { idle(): Promise<void> } {
  return (t.features.find((f) => f.name === 'fans')!.exports as { fanDecider: { idle(): Promise<void> } })
    .fanDecider;
}

const BIN_STATION = 'F2000001';
const OUTDOOR = 'G29999';

describe(`fan controllers on ${TEST_ENGINE}`, () => {
  let t: TestApp;
  let call: ReturnType<typeof api>;
  const tokens: Record<string, string> = {};
  let clock = Math.floor(Date.now() / 1000);
  let grainId: number;
  let hayId: number;
  let secret: string;
  let storageId: number;
  let binProbes: string[];

  /** Tokens expire by the server's clock: log in again after moving it far. */
  const login = async () => {
    for (const u of ['grain', 'hay', 'admin', 'master', 'hay-helper'])
      tokens[u] = await t.login(`${u}@demo.emberwatch`);
  };

  beforeAll(async () => {
    t = await createTestApp({ nowS: () => clock });
    await login();
    call = api(t, tokens);
    grainId = (await t.findUser('grain@demo.emberwatch'))!.id;
    hayId = (await t.findUser('hay@demo.emberwatch'))!.id;
  });
  afterAll(async () => {
    await t.close();
  });

  const poll = (fcId: string, key: string | undefined, body: object) =>
    t.app.inject({
      method: 'POST',
      url: '/fc/poll2',
      headers: key === undefined ? {} : { authorization: `Controller ${fcId}:${key}` },
      payload: body,
    });
  const report = (over: object = {}) => ({
    firmware: '1.4',
    channels: [{ channel: 1, fc_mode: 'drive', drive: 0, rev: 0, counters: { on: 0, off: 60, switches: 0 } }],
    connection: { net: '4G', rssi: -71 },
    ...over,
  });
  const items = async (who: string, ids = 'FC-GRAIN-1'): Promise<FcItem[]> => {
    const res = await call.get(who, `/fc/getFcItem?id=${ids}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<FcItemsResponse>().results;
  };
  const item = async (who = 'grain') => (await items(who))[0]!;
  const manual = (who: string, body: object) => call.post(who, '/fc/setFcManualCommand', body);
  const channelRow = () =>
    t.store.db
      .selectFrom('fan_channels' as never)
      .selectAll()
      .execute() as Promise<Record<string, unknown>[]>;
  const events = () =>
    t.store.db
      .selectFrom('fan_events' as never)
      .selectAll()
      .orderBy('id' as never)
      .execute() as Promise<{ comm: string; command: number; vent_mode: string }[]>;

  it('registers a controller for an account (admins only), answering its secret once and keeping its hash', async () => {
    const body = { UID: grainId, fc_id: 'FC-GRAIN-1', type: 'FC', channels: 1, name: 'Bin A fan' };
    const refused = await call.post('grain', '/admin/registerRC12', body);
    expect(refused.statusCode).toBe(403);
    const res = await call.post('admin', '/admin/registerRC12', body);
    expect(res.statusCode, res.body).toBe(200);
    secret = res.json<{ secret: string }>().secret;
    expect(secret.length).toBeGreaterThanOrEqual(40);
    const row = await t.store.db
      .selectFrom('fan_controllers' as never)
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ id: 'FC-GRAIN-1', owner_user_id: grainId, secret_hash: sha256(secret) });
    expect(JSON.stringify(row)).not.toContain(secret);

    const again = await call.post('admin', '/admin/registerRC12', body);
    expect(again.statusCode).toBe(400);
    const tooMany = await call.post('admin', '/admin/registerRC12', { ...body, fc_id: 'FC-X', channels: 3 });
    expect(tooMany.statusCode).toBe(400);
    const rc = await call.post('admin', '/admin/registerRC12', {
      UID: hayId,
      fc_id: 'RC-HAY-1',
      type: 'RC',
      channels: 4,
    });
    expect(rc.statusCode, rc.body).toBe(200);
  });

  it('shows a new controller offline, off, with no rule, and never its secret', async () => {
    const fc = await item();
    expect(fc).toMatchObject({
      FC_ID: 'FC-GRAIN-1',
      channel: 1,
      channels: 1,
      type: 'FC',
      UID: grainId,
      name: null,
      command: 0,
      isManual: false,
      fc_mode: null,
      connectionStatus: { isOffline: true },
      pending: { offlineRule: { cycle: 60, ontime: 0 } },
      state: { source: 'none', exception: 'noRule' },
    });
    expect(JSON.stringify(fc)).not.toContain(secret);
    // Without ids: the account's controllers.
    const all = (await call.get('grain', '/fc/getFcItem')).json<FcItemsResponse>().results;
    expect(all.map((i) => i.FC_ID)).toEqual(['FC-GRAIN-1']);
    const hays = (await call.get('hay', '/fc/getFcItem')).json<FcItemsResponse>().results;
    expect(hays.map((i) => `${i.FC_ID}:${i.channel}`)).toEqual([
      'RC-HAY-1:1',
      'RC-HAY-1:2',
      'RC-HAY-1:3',
      'RC-HAY-1:4',
    ]);
  });

  it('refuses a poll without the controller’s own secret (401), changing nothing', async () => {
    const before = await channelRow();
    // One character of the secret changed: the second-last, which carries six whole bits (the last one's
    // low bits are padding). Always to another letter: writing 'AA' over the end was the secret itself
    // once in a few thousand runs.
    const wrongOne = `${secret.slice(0, -2)}${secret.at(-2) === 'A' ? 'B' : 'A'}${secret.at(-1)}`;
    for (const key of [undefined, 'x'.repeat(43), wrongOne])
      expect((await poll('FC-GRAIN-1', key, report())).statusCode).toBe(401);
    expect((await poll('FC-NOBODY', secret, report())).statusCode).toBe(401);
    expect(await channelRow()).toEqual(before);
  });

  it('takes a poll: the report is stored and the answer carries each channel’s command', async () => {
    const res = await poll('FC-GRAIN-1', secret, report());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<PollResponse>()).toMatchObject({
      status_code: 0,
      server_ts: clock,
      poll_s: 30,
      offline_after_s: 120,
      channels: [{ channel: 1, command: 0, rev: 0, manual: false, offline_rule: { cycle: 60, ontime: 0 } }],
    });
    expect(await item()).toMatchObject({
      fc_mode: 'drive',
      drive: 0,
      fc_date: clock,
      modeCounter: { on: 0, off: 60 },
      driveCounter: [0],
      connectionStatus: { isOffline: false, newOfflineLogged: false },
    });
  });

  it('refuses a malformed report with 400 and changes nothing', async () => {
    const before = await channelRow();
    const bad = [
      report({ channels: [{ channel: 2, fc_mode: 'drive', drive: 0 }] }),
      report({
        channels: [
          { channel: 1, fc_mode: 'drive', drive: 0 },
          { channel: 1, fc_mode: 'on', drive: 1 },
        ],
      }),
      report({ channels: [{ channel: 1, fc_mode: 'turbo', drive: 0 }] }),
      report({ channels: [] }),
      report({ extra: 1 }),
    ];
    for (const body of bad) expect((await poll('FC-GRAIN-1', secret, body)).statusCode).toBe(400);
    expect(await channelRow()).toEqual(before);
  });

  it('refuses other accounts: reading and switching another account’s controller is 403', async () => {
    expect((await call.get('hay', '/fc/getFcItem?id=FC-GRAIN-1')).statusCode).toBe(403);
    expect((await call.get('hay', '/fc/getFcItem?id=FC-GRAIN-1,RC-HAY-1')).statusCode).toBe(403);
    expect((await call.get('grain', '/fc/getFcItem?id=FC-NOBODY')).statusCode).toBe(403);
    const before = await channelRow();
    const attempts = [
      manual('hay', { fc_id: 'FC-GRAIN-1', channel: 1, isManual: true, command: 1 }),
      call.post('hay', '/fc/setFcUse', { id: 'FC-GRAIN-1', use: 1 }),
      call.post('hay', '/fc/clearFcAssignment', { fc_id: 'FC-GRAIN-1', channel: 1 }),
      call.post('hay', '/fc/setFcAssignment', {
        fc_id: 'FC-GRAIN-1',
        channel: 1,
        isManual: false,
        manualCommand: 0,
        name: 'mine',
        verbose: false,
        batchRef: null,
        monitorRef: null,
      }),
      call.get('hay', '/fc/runScheduler?id=FC-GRAIN-1'),
      // A master the grain farm authorised sees its fans but does not switch them.
      manual('master', { fc_id: 'FC-GRAIN-1', channel: 1, isManual: true, command: 1 }),
    ];
    for (const res of await Promise.all(attempts)) expect(res.statusCode, res.body).toBe(403);
    expect(await channelRow()).toEqual(before);
    expect((await items('master')).length).toBe(1);
    expect((await call.get('admin', '/fc/getFcItem?id=FC-GRAIN-1')).statusCode).toBe(200);
  });

  it('switches a fan by hand; the same command twice is one change; the poll carries it', async () => {
    const on = await manual('grain', { fc_id: 'FC-GRAIN-1', channel: 1, isManual: true, command: 1 });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json<FcItemsResponse>().results[0]).toMatchObject({
      command: 1,
      rev: 1,
      isManual: true,
      manualCommand: 1,
      state: { source: 'manual', note: 'manual' },
      pending: { offlineRule: { cycle: 60, ontime: 60 } },
    });
    const again = await manual('grain', { fc_id: 'FC-GRAIN-1', isManual: true, command: 1 });
    expect(again.json<FcItemsResponse>().results[0]).toMatchObject({ command: 1, rev: 1 });

    const answer = (await poll('FC-GRAIN-1', secret, report())).json<PollResponse>();
    expect(answer.channels[0]).toMatchObject({ command: 1, rev: 1, manual: true });
    // The controller applies it and says so.
    await poll(
      'FC-GRAIN-1',
      secret,
      report({ channels: [{ channel: 1, fc_mode: 'drive', drive: 1, rev: 1 }] }),
    );
    expect(await item()).toMatchObject({ drive: 1, appliedRev: 1, driveChangeTS: clock });

    // Back to auto: no rule yet, so off.
    const auto = await manual('grain', { fc_id: 'FC-GRAIN-1', isManual: false, command: 0 });
    expect(auto.json<FcItemsResponse>().results[0]).toMatchObject({ command: 0, rev: 2, isManual: false });
  });

  it('refuses bad manual commands with 400', async () => {
    for (const body of [
      { fc_id: 'FC-GRAIN-1', isManual: true, command: 2 },
      { fc_id: 'FC-GRAIN-1', channel: 2, isManual: true, command: 1 },
      { fc_id: 'FC-GRAIN-1', channel: 0, isManual: true, command: 1 },
      { fc_id: 'bad id!', isManual: true, command: 1 },
      { fc_id: 'FC-GRAIN-1', isManual: 'yes', command: 1 },
    ])
      expect((await manual('grain', body)).statusCode, JSON.stringify(body)).toBe(400);
    expect((await item()).rev).toBe(2);
  });

  it('cools a warm bin with cooler outdoor air under a cooldown rule, and explains why it stops', async () => {
    // An outdoor probe on the bin station, found by ingest.
    await ingest(t, BIN_STATION, [{ sensor_id: OUTDOOR, meas_ts: clock - 60, temperatures: [80] }]);
    const monitor = await call.post('grain', '/client/saveMonitor', {
      item: {
        name: 'Bin A aeration',
        defaultMonitor: false,
        compost: false,
        rules: [
          {
            id: 1,
            type: 'COOLDOWN_CONTROL',
            settings: { ...defaultRuleSettings('COOLDOWN_CONTROL'), FC_ID: 'FC-GRAIN-1', outdoorID: OUTDOOR },
          },
        ],
      },
    });
    expect(monitor.statusCode, monitor.body).toBe(200);
    const monitorId = monitor.json<SaveMonitorResponse>().item.itemID;
    const storages = (await call.get('grain', '/client/getStorages')).json<GetStoragesResponse>().results;
    const {
      UID: _u,
      undefinedLayoutType: _l,
      updated_ts: _t,
      ...storage
    } = storages.find((s) => s.BS_ID === BIN_STATION)!;
    storageId = storage.itemID;
    const saved = await call.post('grain', '/client/saveStorage', {
      item: { ...storage, monitor: monitorId },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    binProbes = (
      await t.store.db
        .selectFrom('storage_probes')
        .select('sensor_id')
        .where('storage_id', '=', storageId)
        .execute()
    ).map((p) => p.sensor_id);
    expect(binProbes.length).toBeGreaterThan(0);
    await ingest(
      t,
      BIN_STATION,
      binProbes.map((sensor_id, i) => ({
        sensor_id,
        meas_ts: clock - 30,
        temperatures: [150, i === 0 ? 200 : 170],
      })),
    );

    const use = await call.post('grain', '/fc/setFcUse', {
      id: 'FC-GRAIN-1',
      use: storageId,
      outdoorID: OUTDOOR,
      BS_ID: BIN_STATION,
    });
    expect(use.statusCode, use.body).toBe(200);
    expect(use.json<FcItemsResponse>().results[0]).toMatchObject({
      inUse: storageId,
      use_date: clock,
      outdoorID: OUTDOOR,
      BS_ID: BIN_STATION,
      ruleType: 'COOLDOWN_CONTROL',
      command: 1,
      ventMode: 'normal',
      // 20 °C in the bin, 8 °C outside: 12 °C cooler, within 5…15.
      state: { source: 'rule', zone: 1, refTemp: 200, outdoorTemp: 80, delta: 120, offReason: null },
    });
    // Grain: without a humidity reading the note says it was not judged.
    expect((await item()).state.note).toBe('humidityUnknown');

    // The afternoon warms the outdoor air to 18 °C: the outdoor probe vetoes, right after the data.
    clock += 60;
    await ingest(t, BIN_STATION, [{ sensor_id: OUTDOOR, meas_ts: clock, temperatures: [180] }]);
    await deciderOf(t).idle();
    expect(await item()).toMatchObject({
      command: 0,
      state: { offReason: 'auxVeto', note: 'outdoorTooWarm', zone: 0, delta: 20 },
    });
    const answer = (await poll('FC-GRAIN-1', secret, report())).json<PollResponse>();
    expect(answer.channels[0]).toMatchObject({ command: 0, rev: 4 });
  });

  it('refuses cool air so humid that it would wet the grain, and says so', async () => {
    clock += 60;
    await ingest(t, BIN_STATION, [{ sensor_id: OUTDOOR, meas_ts: clock, temperatures: [80] }]);
    await poll('FC-GRAIN-1', secret, report({ climate: { temperature: 80, rh: 95 } }));
    const res = await call.get('grain', '/fc/runScheduler?id=FC-GRAIN-1&itemID=' + storageId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<FcItemsResponse>().results[0]).toMatchObject({
      command: 0,
      state: { offReason: 'auxVeto', note: 'outdoorTooHumid', outdoorRh: 95 },
    });
    await poll('FC-GRAIN-1', secret, report({ climate: { temperature: 80, rh: 45 } }));
    const dry = await call.get('grain', '/fc/runScheduler?id=FC-GRAIN-1');
    expect(dry.json<FcItemsResponse>().results[0]).toMatchObject({ command: 1, state: { note: null } });
  });

  it('runs the scheduler only for the account’s own storages', async () => {
    const hayStorage = (await call.get('hay', '/client/getStorages')).json<GetStoragesResponse>().results[0]!;
    expect(
      (await call.get('grain', `/fc/runScheduler?id=FC-GRAIN-1&itemID=${hayStorage.itemID}`)).statusCode,
    ).toBe(400);
    expect(
      (await call.post('grain', '/fc/setFcUse', { id: 'FC-GRAIN-1', use: hayStorage.itemID })).statusCode,
    ).toBe(400);
    expect(
      (await call.post('grain', '/fc/setFcUse', { id: 'FC-GRAIN-1', use: storageId, outdoorID: 'H10001' }))
        .statusCode,
    ).toBe(400);
    expect((await item()).inUse).toBe(storageId);
  });

  it('marks a silent controller offline once, logs it, and gives a reconnecting one the current truth', async () => {
    clock += 200;
    const offlineJob = t.jobs.find((j) => j.name === 'fans.offline')!;
    await offlineJob.run();
    await offlineJob.run();
    expect((await item()).connectionStatus).toEqual({ isOffline: true, newOfflineLogged: true });
    expect((await events()).filter((e) => e.comm === 'offline')).toHaveLength(1);

    // Back after running on its own for 200 s: one poll brings the truth (command and offline rule).
    const rev = (await item()).rev;
    const res = await poll(
      'FC-GRAIN-1',
      secret,
      report({ channels: [{ channel: 1, fc_mode: 'drive', drive: 0, rev: 0, offline_secs: 200 }] }),
    );
    expect(res.json<PollResponse>().channels[0]).toMatchObject({
      rev,
      offline_rule: { cycle: 60, ontime: 0 },
    });
    expect((await item()).connectionStatus).toEqual({ isOffline: false, newOfflineLogged: false });
    expect((await events()).at(-1)).toMatchObject({ comm: 'online' });
  });

  it('decides on the timer: old readings become no data and the fan stops', async () => {
    clock += 7 * 3600;
    await login();
    await poll('FC-GRAIN-1', secret, report());
    await t.jobs.find((j) => j.name === 'fans.decide')!.run();
    expect(await item()).toMatchObject({
      command: 0,
      ventMode: 'nodata',
      state: { exception: 'noProbeData' },
    });
  });

  it('runs a cyclic rule on the farm’s clock: on at the hour for 30 minutes, off after, by the timer', async () => {
    const monitors = (await call.get('grain', '/client/getMonitors')).json<{
      results: { itemID: number; name: string }[];
    }>().results;
    const m = monitors.find((x) => x.name === 'Bin A aeration')!;
    const saved = await call.post('grain', '/client/saveMonitor', {
      item: {
        itemID: m.itemID,
        name: 'Bin A aeration',
        defaultMonitor: false,
        compost: false,
        rules: [
          {
            id: 1,
            type: 'CYCLIC_CONTROL',
            settings: {
              ...defaultRuleSettings('CYCLIC_CONTROL'),
              FC_ID: 'FC-GRAIN-1',
              cycleSpan: 60,
              runMinutes: 30,
            },
          },
        ],
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // Chicago is a whole number of hours from UTC: its hours start with UTC's.
    clock = Math.ceil(clock / 3600) * 3600 + 5 * 60;
    await login();
    const decide = t.jobs.find((j) => j.name === 'fans.decide')!;
    await decide.run();
    expect(await item()).toMatchObject({
      command: 1,
      ruleType: 'CYCLIC_CONTROL',
      pending: { offlineRule: { cycle: 60, ontime: 30 } },
      currentCycleSecs: 300,
      state: { currentCycleStarted: clock - 300, nextChange: clock + 25 * 60, note: 'cycleRun' },
    });
    clock += 30 * 60;
    await login();
    await decide.run();
    expect(await item()).toMatchObject({
      command: 0,
      state: { note: 'cyclePause', nextChange: clock + 25 * 60 },
    });
  });

  it('stores nothing more for a repeated poll', async () => {
    const body = report({
      channels: [
        { channel: 1, fc_mode: 'drive', drive: 0, rev: 6, counters: { on: 9, off: 99, switches: 3 } },
      ],
    });
    await poll('FC-GRAIN-1', secret, body);
    const once = await channelRow();
    const eventsOnce = (await events()).length;
    await poll('FC-GRAIN-1', secret, body);
    expect(await channelRow()).toEqual(once);
    expect((await events()).length).toBe(eventsOnce);
    // A sub-user of another account reads nothing of it either.
    expect((await call.get('hay-helper', '/fc/getFcItem?id=FC-GRAIN-1')).statusCode).toBe(403);
  });

  it('saves an RC channel’s settings and clears them; monitors and batches of other accounts are refused', async () => {
    // Batches as the batches feature stores them: the hay account's ongoing and completed one, grain's.
    const batch = async (ownerId: number, status: number) =>
      (
        await t.store.db
          .withTables<{ batches: Record<string, unknown> & { id: number } }>()
          .insertInto('batches')
          .values({
            owner_user_id: ownerId,
            bs_id: 'F1000001',
            name: `Batch ${status}`,
            status,
            method: 'windrow',
            standard: 'epaPfrp',
            alert_temp: null,
            probes: '[]',
            notes: '',
            created_by: ownerId,
            is_admin: 0,
            created_ts: 1_700_000_000,
            updated_ts: 1_700_000_000,
            completed_ts: status === 2 ? 1_700_000_100 : null,
            archived_ts: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const ongoing = await batch(hayId, 1);
    const completed = await batch(hayId, 2);
    const grains = await batch(grainId, 1);
    const assign = (who: string, over: object) =>
      call.post(who, '/fc/setFcAssignment', {
        fc_id: 'RC-HAY-1',
        channel: 2,
        isManual: true,
        manualCommand: 1,
        name: 'Windrow 2 blower',
        verbose: true,
        batchRef: ongoing,
        monitorRef: null,
        ...over,
      });
    const grainMonitor = (await call.get('grain', '/client/getMonitors')).json<{
      results: { itemID: number }[];
    }>().results[0]!.itemID;
    const hayMonitors = (await call.get('hay', '/client/getMonitors')).json<{ results: unknown[] }>().results;
    expect(hayMonitors).toEqual([]);
    expect((await assign('hay', { monitorRef: grainMonitor + 100 })).statusCode).toBe(400);
    // Spec doc 2 §5: only the account's own ongoing batches (or the channel's current one).
    for (const batchRef of [grains, completed, ongoing + 1000])
      expect((await assign('hay', { batchRef })).statusCode, String(batchRef)).toBe(400);
    // A sub-user switches fans but does not assign them.
    expect((await assign('hay-helper', {})).statusCode).toBe(403);
    const ok = await assign('hay', {});
    expect(ok.statusCode, ok.body).toBe(200);
    const ch2 = ok.json<FcItemsResponse>().results.find((i) => i.channel === 2)!;
    expect(ch2).toMatchObject({
      name: 'Windrow 2 blower',
      verbose: true,
      batchRef: ongoing,
      isManual: true,
      command: 1,
    });
    const helper = await manual('hay-helper', { fc_id: 'RC-HAY-1', channel: 2, isManual: true, command: 0 });
    expect(helper.statusCode, helper.body).toBe(200);

    const cleared = await call.post('hay', '/fc/clearFcAssignment', { fc_id: 'RC-HAY-1', channel: 2 });
    expect(cleared.json<FcItemsResponse>().results.find((i) => i.channel === 2)).toMatchObject({
      batchRef: null,
      monitorRef: null,
      inUse: null,
    });
  });

  it('refuses automatic mode for a manual-control rule', async () => {
    const rules = [{ id: 1, type: 'MANUAL_CONTROL', settings: { FC_ID: 'RC-HAY-1', notifications: false } }];
    const m = await call.post('hay', '/client/saveMonitor', {
      item: { name: 'Blowers', defaultMonitor: false, compost: false, rules },
    });
    const monitorRef = m.json<SaveMonitorResponse>().item.itemID;
    await call.post('hay', '/fc/setFcAssignment', {
      fc_id: 'RC-HAY-1',
      channel: 3,
      isManual: true,
      manualCommand: 1,
      name: '',
      verbose: false,
      batchRef: null,
      monitorRef,
    });
    expect((await items('hay', 'RC-HAY-1')).find((i) => i.channel === 3)).toMatchObject({
      ruleType: 'MANUAL_CONTROL',
      command: 1,
    });
    const auto = await manual('hay', { fc_id: 'RC-HAY-1', channel: 3, isManual: false, command: 0 });
    expect(auto.statusCode).toBe(400);
    expect(auto.body).toMatch(/no automatic mode/);
  });

  it('releases a channel with setFcUse without use: no rule, fan off', async () => {
    const res = await call.post('grain', '/fc/setFcUse', { id: 'FC-GRAIN-1' });
    expect(res.json<FcItemsResponse>().results[0]).toMatchObject({
      inUse: null,
      command: 0,
      ruleType: null,
      state: { exception: 'noRule' },
    });
  });
});
