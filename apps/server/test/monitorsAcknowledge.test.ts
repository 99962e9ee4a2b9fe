import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  GetMonitorsResponse,
  GetStorageLogbookResponse,
  Monitor,
  SaveMonitorResponse,
} from '@emberwatch/shared/contracts/monitors';
import type { MonitorEvaluator } from '../src/features/monitors/index.js';
import { api, ingest } from './support/probeHelpers.js';
import { createTestApp, TEST_ENGINE, type TestApp } from './support/testApp.js';

/** Acknowledging alerts (issue 11, beyond the spec): who, when, a note; the alert stays current. */
describe(`acknowledging alerts on ${TEST_ENGINE}`, () => {
  let t: TestApp;
  let call: ReturnType<typeof api>;
  let evaluator: MonitorEvaluator;
  let monitor: Monitor;
  const now = Math.floor(Date.now() / 1000);
  const users = ['hay', 'hay-helper', 'grain', 'master', 'admin'] as const;

  beforeAll(async () => {
    t = await createTestApp({ demoMonitors: true });
    const tokens: Record<string, string> = {};
    for (const u of users) tokens[u] = await t.login(`${u}@demo.emberwatch`);
    call = api(t, tokens);
    evaluator = (t.features.find((f) => f.name === 'monitors')!.exports as { evaluator: MonitorEvaluator })
      .evaluator;
    await ingest(t, 'F1000001', [{ sensor_id: 'H10001', meas_ts: now - 600, temperatures: [400, 500, 580] }]);
    await evaluator.idle();
    monitor = (await call.get('hay', '/client/getMonitors')).json<GetMonitorsResponse>().results[0]!;
  });
  afterAll(async () => {
    await t.close();
  });

  const absRule = (m: Monitor) => m.rules.find((r) => r.type === 'ABS_MAX')!;
  const hot = () => absRule(monitor).currentAlerts!.find((a) => a.sensor_id === 'H10001')!;
  const key = () => ({ sensor_id: 'H10001', depth: hot().depth, ts: hot().ts });
  const acknowledge = (who: string, body: object) =>
    call.post(who, '/client/acknowledgeAlerts', {
      itemID: monitor.itemID,
      ruleId: absRule(monitor).id,
      alerts: [key()],
      ...body,
    });

  it.each([
    { who: 'grain', status: 403, why: 'another account' },
    { who: 'master', status: 403, why: 'a master reads only' },
  ])('refuses $why ($status) and changes nothing', async ({ who, status }) => {
    // Both name the hay account: the grain farm may not act for it, the master only looks at it.
    const res = await acknowledge(who, { UID: monitor.UID, note: 'x' });
    expect(res.statusCode, res.body).toBe(status);
    const again = (await call.get('hay', '/client/getMonitors')).json<GetMonitorsResponse>().results[0]!;
    expect(absRule(again).currentAlerts!.every((a) => !a.ack)).toBe(true);
  });

  it.each([
    { what: 'an unknown rule', body: { ruleId: 99 } },
    { what: 'a note over 500 characters', body: { note: 'x'.repeat(501) } },
    { what: 'no alert named', body: { alerts: [] } },
  ])('refuses $what with a 400', async ({ body }) => {
    expect((await acknowledge('hay', body)).statusCode).toBe(400);
  });

  it("lets the farm's helper acknowledge, and records who, when and the note; the alert stays current", async () => {
    const res = await acknowledge('hay-helper', { note: 'Opened the stack, moving bales out' });
    expect(res.statusCode, res.body).toBe(200);
    const helper = (await t.findUser('hay-helper@demo.emberwatch'))!;
    monitor = res.json<SaveMonitorResponse>().item;
    expect(hot()).toMatchObject({
      resetTS: null,
      ack: { by: helper.id, note: 'Opened the stack, moving bales out' },
    });
    expect(Math.abs(hot().ack!.at - Math.floor(Date.now() / 1000))).toBeLessThan(5);
  });

  it('keeps the first acknowledgement, through a new peak, into the history when the alert ends', async () => {
    const first = hot().ack;
    expect((await acknowledge('hay', { note: 'second' })).statusCode).toBe(200);
    await ingest(t, 'F1000001', [{ sensor_id: 'H10001', meas_ts: now - 300, temperatures: [400, 500, 620] }]);
    await evaluator.idle();
    monitor = (await call.get('hay', '/client/getMonitors')).json<GetMonitorsResponse>().results[0]!;
    expect(hot()).toMatchObject({ peak: 620, ack: first });
    await ingest(t, 'F1000001', [{ sensor_id: 'H10001', meas_ts: now - 60, temperatures: [300, 350, 400] }]);
    await evaluator.idle();
    monitor = (await call.get('hay', '/client/getMonitors')).json<GetMonitorsResponse>().results[0]!;
    expect(absRule(monitor).currentAlerts!.filter((a) => a.sensor_id === 'H10001')).toEqual([]);
    expect(absRule(monitor).alertHistory![0]).toMatchObject({ sensor_id: 'H10001', ack: first });
  });

  it("keeps the storage's logbook: raised, acknowledged, recovered, and the rule changed, newest first", async () => {
    const storages = (await call.get('hay', '/client/getStorages')).json<{
      results: { itemID: number; BS_ID: string }[];
    }>().results;
    const barn = storages.find((s) => s.BS_ID === 'F1000001')!;
    const abs = absRule(monitor);
    const edited = { ...abs, settings: { ...abs.settings, alertLimit: 560 } };
    const saved = await call.post('hay', '/client/saveMonitor', {
      item: {
        itemID: monitor.itemID,
        name: monitor.name,
        rules: monitor.rules
          .map((r) => (r.id === abs.id ? edited : r))
          .map(({ currentAlerts: _c, alertHistory: _h, ...r }) => r),
        defaultMonitor: true,
        compost: false,
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const res = await call.get('hay-helper', `/client/getStorageLogbook?itemID=${barn.itemID}`);
    expect(res.statusCode, res.body).toBe(200);
    const lines = res.json<GetStorageLogbookResponse>().results;
    const hay = (await t.findUser('hay@demo.emberwatch'))!;
    const helper = (await t.findUser('hay-helper@demo.emberwatch'))!;
    const mine = lines.filter(
      (l) => l.ruleId === abs.id && (l.sensor_id === 'H10001' || l.kind === 'ruleChanged'),
    );
    expect(mine.map((l) => [l.kind, l.byUserId, l.note])).toEqual([
      ['ruleChanged', hay.id, null],
      ['recovered', null, null],
      ['acknowledged', helper.id, 'Opened the stack, moving bales out'],
      ['raised', null, null],
    ]);
    expect(mine[0]).toMatchObject({
      ruleType: 'ABS_MAX',
      oldSettings: { alertLimit: 550 },
      newSettings: { alertLimit: 560 },
    });
    expect(mine[3]).toMatchObject({ ruleType: 'ABS_MAX', temperature: 580, depth: 2, ts: now - 600 });
    // Paging: older than the first line's id.
    const older = await call.get(
      'hay',
      `/client/getStorageLogbook?itemID=${barn.itemID}&before=${lines[0]!.id}`,
    );
    expect(older.json<GetStorageLogbookResponse>().results.map((l) => l.id)).toEqual(
      lines.slice(1).map((l) => l.id),
    );
  });

  it("refuses another account's storage logbook alike for an unknown storage", async () => {
    const hayStorages = (await call.get('hay', '/client/getStorages')).json<{
      results: { itemID: number }[];
    }>().results;
    const foreign = await call.get('grain', `/client/getStorageLogbook?itemID=${hayStorages[0]!.itemID}`);
    const unknown = await call.get('grain', '/client/getStorageLogbook?itemID=999999');
    expect([foreign.statusCode, unknown.statusCode]).toEqual([403, 403]);
    expect(foreign.body).toBe(unknown.body);
    expect(
      (await call.get('grain', `/client/getStorageLogbook?UID=${monitor.UID}&itemID=1`)).statusCode,
    ).toBe(403);
  });
});
