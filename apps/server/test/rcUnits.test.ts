import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RcEvent } from '@emberwatch/shared/contracts/batches';
import type { FcItemsResponse, RcSchedulerResponse } from '@emberwatch/shared/contracts/fans';
import type { SaveMonitorResponse } from '@emberwatch/shared/contracts/monitors';
import { defaultRuleSettings } from '@emberwatch/shared/domain/rules/defaultRuleSettings';
import { api } from './support/probeHelpers.js';
import { createTestApp, TEST_ENGINE, type TestApp } from './support/testApp.js';

const HOUR = 3600;

/**
 * RC units (issue 13, spec doc 3 §7 "RC log", §9; doc 1 §7 getRcScheduler, saveRcScheduler): the
 * event log read by whoever may see the unit, at most 100 lines, by channel, batch and period; the
 * unit's scheduler read alike and saved by those who may assign its channels, holding the channels
 * that name their monitor. Other accounts are refused, masters read only, sub-users per decision
 * 0014; bad input is a 400 that changes nothing.
 */
describe(`RC units on ${TEST_ENGINE}`, () => {
  let t: TestApp;
  let call: ReturnType<typeof api>;
  const tokens: Record<string, string> = {};
  // A Wednesday, 10:00 UTC: the channels have no station, so their hours are UTC.
  let clock = Date.UTC(2026, 10, 25, 10, 0, 0) / 1000;
  const WEDNESDAY = 2;
  const secrets: Record<string, string> = {};

  const login = async () => {
    for (const u of ['grain', 'hay', 'admin', 'master', 'hay-helper'])
      tokens[u] = await t.login(`${u}@demo.emberwatch`);
  };

  beforeAll(async () => {
    t = await createTestApp({ nowS: () => clock });
    await login();
    call = api(t, tokens);
    const grainId = (await t.findUser('grain@demo.emberwatch'))!.id;
    const hayId = (await t.findUser('hay@demo.emberwatch'))!.id;
    for (const [fc_id, UID, type, channels] of [
      ['RC-G', grainId, 'RC', 2],
      ['RC-H', hayId, 'RC', 3],
      ['FC-G', grainId, 'FC', 1],
    ] as const) {
      const res = await call.post('admin', '/admin/registerRC12', { UID, fc_id, type, channels });
      expect(res.statusCode, res.body).toBe(200);
      secrets[fc_id] = res.json<{ secret: string }>().secret;
    }
  });
  afterAll(async () => {
    await t.close();
  });

  const logs = (who: string, query: string) => call.get(who, `/client/rcLogs?${query}`);
  const lines = async (who: string, query: string): Promise<RcEvent[]> => {
    const res = await logs(who, query);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ results: RcEvent[] }>().results;
  };
  const manual = (who: string, fc_id: string, channel: number, command: 0 | 1) =>
    call.post(who, '/fc/setFcManualCommand', { fc_id, channel, isManual: true, command });
  const scheduler = (who: string, fc_id: string) => call.get(who, `/client/getRcScheduler?fc_id=${fc_id}`);
  const saveScheduler = (who: string, fc_id: string, s: object) =>
    call.post(who, '/client/saveRcScheduler', { fc_id, scheduler: s });
  const schedulerRows = () =>
    t.store.db
      .selectFrom('fan_schedulers' as never)
      .selectAll()
      .execute() as Promise<unknown[]>;

  it('logs what a unit’s channels did, newest first, with the log’s columns', async () => {
    // Channel 1 on, later off, channel 2 on: three lines; a poll brings the controller online.
    expect((await manual('grain', 'RC-G', 1, 1)).statusCode).toBe(200);
    clock += 60;
    const polled = await t.app.inject({
      method: 'POST',
      url: '/fc/poll2',
      headers: { authorization: `Controller RC-G:${secrets['RC-G']}` },
      payload: {
        channels: [{ channel: 1, fc_mode: 'drive', drive: 1, rev: 1, cycle_secs: 0 }],
        connection: { net: '4G' },
      },
    });
    expect(polled.statusCode, polled.body).toBe(200);
    clock += 60;
    expect((await manual('grain', 'RC-G', 1, 0)).statusCode).toBe(200);
    clock += 60;
    expect((await manual('grain', 'RC-G', 2, 1)).statusCode).toBe(200);

    const all = await lines('grain', 'FC_ID=RC-G');
    expect(all.length).toBeGreaterThanOrEqual(3);
    expect(all.map((e) => e.ts)).toEqual([...all.map((e) => e.ts)].sort((a, b) => b - a));
    expect(all[0]).toMatchObject({ FC_ID: 'RC-G', channel: 2, command: 1, manual: true, batchRef: null });
    expect(Object.keys(all[0]!).sort()).toEqual(
      [
        'FC_ID',
        'batchRef',
        'channel',
        'comm',
        'command',
        'cycle',
        'dataTs',
        'fc_mode',
        'manual',
        'net',
        'secs',
        'temps',
        'ts',
        'ventMode',
      ].sort(),
    );
    const ch1 = await lines('grain', 'FC_ID=RC-G&channel=1&type=change');
    expect(ch1.every((e) => e.channel === 1)).toBe(true);
    expect(ch1[0]).toMatchObject({ command: 0, net: '4G', comm: 'online', fc_mode: 'drive' });
    expect(await lines('grain', 'FC_ID=RC-G&limit=1')).toHaveLength(1);
    // The period: only what happened from the second line on.
    const since = all[1]!.ts;
    expect((await lines('grain', `FC_ID=RC-G&fromTS=${since}`)).every((e) => e.ts >= since)).toBe(true);
    expect(await lines('grain', `FC_ID=RC-G&toTS=${since - 10 * HOUR}`)).toEqual([]);
    expect(await lines('grain', 'FC_ID=RC-G&batch_id=77')).toEqual([]);
  });

  it('lets the account, its sub-users, its authorised master and admins read it; others are refused', async () => {
    expect((await manual('hay', 'RC-H', 1, 1)).statusCode).toBe(200);
    expect((await lines('hay-helper', 'FC_ID=RC-H')).length).toBeGreaterThan(0);
    expect((await lines('master', 'FC_ID=RC-G')).length).toBeGreaterThan(0);
    expect((await lines('admin', 'FC_ID=RC-H')).length).toBeGreaterThan(0);
    // Another account's unit and an unknown one are refused alike.
    expect((await logs('grain', 'FC_ID=RC-H')).statusCode).toBe(403);
    expect((await logs('hay', 'FC_ID=RC-G')).statusCode).toBe(403);
    expect((await logs('hay', 'FC_ID=RC-NOBODY')).statusCode).toBe(403);
  });

  it('refuses bad log queries with 400', async () => {
    for (const q of [
      'FC_ID=RC-G&limit=101',
      'FC_ID=RC-G&limit=0',
      'FC_ID=RC-G&channel=3',
      'FC_ID=RC-G&channel=0',
      'FC_ID=RC-G&fromTS=200&toTS=100',
      'FC_ID=RC-G&type=all',
      'FC_ID=bad id',
      'channel=1',
    ])
      expect((await logs('grain', q)).statusCode, q).toBe(400);
  });

  it('answers an unsaved scheduler as holding nothing; only RC units have one', async () => {
    const res = await scheduler('hay', 'RC-H');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<RcSchedulerResponse>()).toEqual({
      status_code: 0,
      FC_ID: 'RC-H',
      scheduler: {
        schedulerEnabled: false,
        disabledHours: Array.from({ length: 7 }, () => [0, 0]),
        reverseDisabled: false,
      },
      updated_ts: null,
    });
    expect((await scheduler('grain', 'FC-G')).statusCode).toBe(400);
    expect((await scheduler('grain', 'RC-H')).statusCode).toBe(403);
    expect((await scheduler('hay-helper', 'RC-H')).statusCode).toBe(200);
    expect((await scheduler('master', 'RC-G')).statusCode).toBe(200);
  });

  it('saves a scheduler that holds a cyclic monitor’s channel, and refuses the others', async () => {
    // A cyclic rule that runs all the time: only the scheduler can stop it.
    const m = await call.post('hay', '/client/saveMonitor', {
      item: {
        name: 'Windrow blowers',
        defaultMonitor: false,
        compost: false,
        rules: [
          {
            id: 1,
            type: 'CYCLIC_CONTROL',
            settings: {
              ...defaultRuleSettings('CYCLIC_CONTROL'),
              FC_ID: 'RC-H',
              cycleSpan: 30,
              runMinutes: 30,
            },
          },
        ],
      },
    });
    expect(m.statusCode, m.body).toBe(200);
    const monitorRef = m.json<SaveMonitorResponse>().item.itemID;
    const assigned = await call.post('hay', '/fc/setFcAssignment', {
      fc_id: 'RC-H',
      channel: 3,
      isManual: false,
      manualCommand: 0,
      name: 'Row 3',
      verbose: false,
      batchRef: null,
      monitorRef,
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    const ch3 = () =>
      call
        .get('hay', '/fc/getFcItem?id=RC-H')
        .then((r) => r.json<FcItemsResponse>().results.find((i) => i.channel === 3)!);
    expect(await ch3()).toMatchObject({ command: 1, ruleType: 'CYCLIC_CONTROL' });

    // Held all of today (Wednesday), free otherwise.
    const hours = Array.from({ length: 7 }, (_, d) => (d === WEDNESDAY ? [0, 24] : [0, 0]));
    const body = { schedulerEnabled: true, disabledHours: hours, reverseDisabled: false };
    const before = await schedulerRows();
    const refused = [
      // A sub-user switches fans but does not set their hours; a master only looks; another account.
      await saveScheduler('hay-helper', 'RC-H', body),
      await saveScheduler('master', 'RC-G', body),
      await saveScheduler('grain', 'RC-H', body),
    ];
    for (const r of refused) expect(r.statusCode, r.body).toBe(403);
    const bad = [
      // Spec doc 3 §5: seven free days or seven 0–24 days are no schedule.
      { ...body, disabledHours: Array.from({ length: 7 }, () => [0, 0]) },
      { ...body, disabledHours: Array.from({ length: 7 }, () => [0, 24]) },
      { ...body, disabledHours: hours.slice(0, 6) },
      { ...body, disabledHours: hours.map((h, i) => (i === 0 ? [0, 25] : h)) },
      { ...body, extra: 1 },
    ];
    for (const s of bad) expect((await saveScheduler('hay', 'RC-H', s)).statusCode).toBe(400);
    expect((await saveScheduler('grain', 'FC-G', body)).statusCode).toBe(400);
    expect(await schedulerRows()).toEqual(before);
    expect(await ch3()).toMatchObject({ command: 1 });

    const saved = await saveScheduler('hay', 'RC-H', body);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<RcSchedulerResponse>()).toMatchObject({ scheduler: body, updated_ts: clock });
    expect((await scheduler('hay-helper', 'RC-H')).json<RcSchedulerResponse>().scheduler).toEqual(body);
    // Decided at once: the held hour stops the blower, and says why.
    expect(await ch3()).toMatchObject({ command: 0, state: { offReason: 'schedulerVeto' } });

    // Reversed, today's hours are the only ones it may run: it runs again.
    const reversed = await saveScheduler('hay', 'RC-H', { ...body, reverseDisabled: true });
    expect(reversed.statusCode, reversed.body).toBe(200);
    expect(await ch3()).toMatchObject({ command: 1 });
    // Off again: the rule's own (no) schedule applies.
    await saveScheduler('hay', 'RC-H', { ...body, schedulerEnabled: false });
    expect(await ch3()).toMatchObject({ command: 1 });
  });
});
