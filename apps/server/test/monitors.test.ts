import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  GetMonitorsResponse,
  Monitor,
  SaveMonitorResponse,
} from '@emberwatch/shared/contracts/monitors';
import type { GetStoragesResponse } from '@emberwatch/shared/contracts/storages';
import { defaultRuleSettings } from '@emberwatch/shared/domain/rules/defaultRuleSettings';
import { createTestApp, TEST_ENGINE, type TestApp } from './support/testApp.js';
import { api } from './support/probeHelpers.js';

const absMax = (id: number, limitTenths = 600) => ({
  id,
  type: 'ABS_MAX' as const,
  settings: { ...defaultRuleSettings('ABS_MAX'), alertLimit: limitTenths },
});
const manual = (id: number) => ({
  id,
  type: 'MANUAL_CONTROL' as const,
  settings: { FC_ID: 'FC1', notifications: true },
});
const monitorItem = (over: object = {}) => ({
  name: 'Hay watch',
  rules: [absMax(1)],
  defaultMonitor: false,
  compost: false,
  ...over,
});

describe(`monitors on ${TEST_ENGINE}`, () => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  let call: ReturnType<typeof api>;
  let hayId: number;

  beforeAll(async () => {
    t = await createTestApp();
    for (const u of ['hay', 'grain', 'admin', 'master', 'hay-helper'])
      tokens[u] = await t.login(`${u}@demo.emberwatch`);
    call = api(t, tokens);
    hayId = (await t.findUser('hay@demo.emberwatch'))!.id;
    // The fan rules below name hay's own RC unit: a rule may name only the account's (decision 0073).
    const rc = await call.post('admin', '/admin/registerRC12', { UID: hayId, fc_id: 'FC1', channels: 2 });
    expect(rc.statusCode, rc.body).toBe(200);
  });
  afterAll(async () => {
    await t.close();
  });

  const list = async (who: string, query = ''): Promise<Monitor[]> => {
    const res = await call.get(who, `/client/getMonitors${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<GetMonitorsResponse>().results;
  };
  const save = (who: string, body: object) => call.post(who, '/client/saveMonitor', body);
  const saved = async (who: string, body: object): Promise<Monitor> => {
    const res = await save(who, body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<SaveMonitorResponse>().item;
  };
  const rows = () =>
    t.store.db
      .selectFrom('monitors')
      .selectAll()
      .where('owner_user_id', '=', hayId)
      .orderBy('item_id')
      .execute();

  it('creates monitors with ids max + 1, lists them, and edits one keeping its id', async () => {
    expect(await list('hay')).toEqual([]);
    const a = await saved('hay', { item: monitorItem() });
    expect(a).toMatchObject({ itemID: 1, UID: hayId, name: 'Hay watch', storages: [], demoType: null });
    expect(a.rules).toEqual([{ ...absMax(1), ruleChanged: null, currentAlerts: [], alertHistory: [] }]);
    const b = await saved('hay', { item: monitorItem({ name: 'Second', rules: [absMax(1), manual(2)] }) });
    expect(b.itemID).toBe(2);
    const edited = await saved('hay', { item: monitorItem({ itemID: 1, name: 'Hay watch, edited' }) });
    expect(edited).toMatchObject({ itemID: 1, name: 'Hay watch, edited' });
    // The settings did not change: no ruleChanged.
    expect(edited.rules[0]!.ruleChanged).toBeNull();
    expect((await list('hay')).map((m) => [m.itemID, m.name])).toEqual([
      [1, 'Hay watch, edited'],
      [2, 'Second'],
    ]);
    // Another account sees only its own.
    expect(await list('grain')).toEqual([]);
  });

  it('records a settings change on the rule (old and new settings)', async () => {
    const m = await saved('hay', { item: monitorItem({ itemID: 1, rules: [absMax(1, 650)] }) });
    expect(m.rules[0]!.ruleChanged).toMatchObject({
      oldSettings: absMax(1).settings,
      newSettings: absMax(1, 650).settings,
      inUse: false,
    });
  });

  it('keeps one default monitor per account', async () => {
    await saved('hay', { item: monitorItem({ itemID: 1, rules: [absMax(1, 650)], defaultMonitor: true }) });
    await saved('hay', {
      item: monitorItem({ itemID: 2, name: 'Second', rules: [absMax(1), manual(2)], defaultMonitor: true }),
    });
    expect((await list('hay')).map((m) => m.defaultMonitor)).toEqual([false, true]);
  });

  it('refuses bad input with 400 and a reason, changing nothing', async () => {
    const before = await rows();
    const cases: [object, RegExp][] = [
      [monitorItem({ name: ' ' }), /name is required/],
      [monitorItem({ rules: [] }), /at least one rule/],
      [
        monitorItem({ rules: [manual(1), { ...manual(2), type: 'MANUAL_CONTROL' }] }),
        /Only one fan-controller rule/,
      ],
      [monitorItem({ rules: [absMax(1), absMax(1)] }), /Rule ids repeat/],
      [monitorItem({ rules: [absMax(1, 5000)] }), /./],
      [monitorItem({ demoType: 'hay' }), /Only administrators/],
    ];
    for (const [item, reason] of cases) {
      const res = await save('hay', { item });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.body).toMatch(reason);
    }
    expect(await rows()).toEqual(before);
  });

  it("refuses another account's monitor alike for unknown ids", async () => {
    const theirs = await save('grain', { item: monitorItem({ itemID: 1 }) });
    expect(theirs.statusCode).toBe(403);
    const unknown = await save('hay', { item: monitorItem({ itemID: 99 }) });
    expect(unknown.statusCode).toBe(403);
    expect(theirs.json()).toEqual(unknown.json());
    expect((await call.post('grain', '/client/removeMonitor', { itemID: 1 })).statusCode).toBe(403);
    expect((await call.get('grain', `/client/getMonitors?UID=${hayId}`)).statusCode).toBe(403);
    expect((await rows()).length).toBe(2);
  });

  it('lets a master read but not change; a grand master, an admin may; a sub-user may not', async () => {
    expect((await list('master', `?UID=${hayId}`)).length).toBe(2);
    const res = await save('master', { UID: hayId, item: monitorItem() });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      error: 'A master account can view these stations but not change them.',
    });
    const helper = await save('hay-helper', { item: monitorItem() });
    expect(helper.statusCode).toBe(403);
    expect(helper.json()).toMatchObject({ error: 'Only the account owner can change monitors.' });
    expect((await rows()).length).toBe(2);

    await setGrandMaster(1);
    try {
      expect(
        (await saved('master', { UID: hayId, item: monitorItem({ name: 'By grand master' }) })).itemID,
      ).toBe(3);
    } finally {
      await setGrandMaster(0);
    }
    expect(
      await saved('admin', { UID: hayId, item: monitorItem({ name: 'By admin', demoType: 'hay' }) }),
    ).toMatchObject({ itemID: 4, UID: hayId, demoType: 'hay' });
    expect((await list('hay-helper')).length).toBe(4);
  });

  const setGrandMaster = (v: number) =>
    t.store.db
      .updateTable('users')
      .set({ grand_master: v })
      .where('username', '=', 'master@demo.emberwatch')
      .execute();

  it('assigns a monitor to a storage, refuses a foreign or unknown one, and refuses removing one in use', async () => {
    const storages = (await call.get('hay', '/client/getStorages')).json<GetStoragesResponse>().results;
    const { UID: _u, undefinedLayoutType: _l, updated_ts: _t, ...item } = storages[0]!;
    const unknown = await call.post('hay', '/client/saveStorage', { item: { ...item, monitor: 77 } });
    expect(unknown.statusCode).toBe(400);
    const grainMonitor = await saved('grain', { item: monitorItem({ name: 'Grain watch' }) });
    expect(grainMonitor.itemID).toBe(1);
    // Monitor ids are per account: hay's storage naming 1 gets hay's monitor 1, never grain's.
    const ok = await call.post('hay', '/client/saveStorage', { item: { ...item, monitor: 1 } });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await list('hay')).find((m) => m.itemID === 1)!.storages).toEqual([item.itemID]);

    const inUse = await call.post('hay', '/client/removeMonitor', { itemID: 1 });
    expect(inUse.statusCode).toBe(400);
    expect(inUse.body).toMatch(/Storages use this monitor/);
    expect((await call.post('hay', '/client/removeMonitor', { itemID: 4 })).statusCode).toBe(200);
    expect((await list('hay')).map((m) => m.itemID)).toEqual([1, 2, 3]);
  });
});
