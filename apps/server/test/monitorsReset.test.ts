import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  GetMonitorsResponse,
  GetStorageLogbookResponse,
  Monitor,
  SaveMonitorResponse,
} from '@emberwatch/shared/contracts/monitors';
import { defaultRuleSettings } from '@emberwatch/shared/domain/rules/defaultRuleSettings';
import type { MonitorEvaluator } from '../src/features/monitors/index.js';
import { api, ingest } from './support/probeHelpers.js';
import { evaluatorOf, monitorOnHayStorage } from './support/monitorHelpers.js';
import { createTestApp, TEST_ENGINE, type TestApp } from './support/testApp.js';

const BS = 'F1000001';

/** Spec doc 3 §4 "Alert reset": selected alerts of relative rules, and the probe's data starts afresh. */
describe(`resetting alerts on ${TEST_ENGINE}`, () => {
  let t: TestApp;
  let call: ReturnType<typeof api>;
  let evaluator: MonitorEvaluator;
  let monitor: Monitor;
  let storageId: number;
  const probe = 'H10005';
  const now = Math.floor(Date.now() / 1000);

  beforeAll(async () => {
    t = await createTestApp();
    const tokens: Record<string, string> = {};
    for (const u of ['hay', 'hay-helper', 'grain', 'master'])
      tokens[u] = await t.login(`${u}@demo.emberwatch`);
    call = api(t, tokens);
    evaluator = evaluatorOf(t);
    const placed = await monitorOnHayStorage(
      t,
      call,
      {
        name: 'Rise',
        rules: [
          { id: 1, type: 'REL_MAX', settings: defaultRuleSettings('REL_MAX') },
          { id: 2, type: 'ABS_MAX', settings: { ...defaultRuleSettings('ABS_MAX'), alertLimit: 250 } },
        ],
      },
      BS,
    );
    storageId = placed.storageId;
    monitor = { itemID: placed.monitorId } as Monitor;
    // 20 °C, then 26 °C an hour later: a rise of 6 °C over the turn point raises the relative alert.
    await ingest(t, BS, [
      { sensor_id: probe, meas_ts: now - 7200, temperatures: [200] },
      { sensor_id: probe, meas_ts: now - 3600, temperatures: [260] },
    ]);
    await evaluator.idle();
    monitor = await read();
  });
  afterAll(async () => {
    await t.close();
  });

  async function read(): Promise<Monitor> {
    return (await call.get('hay', '/client/getMonitors'))
      .json<GetMonitorsResponse>()
      .results.find((m) => m.itemID === monitor.itemID)!;
  }
  const reset = (who: string, ruleId: number, extra: object = {}) =>
    call.post(who, '/client/resetAlerts', {
      itemID: monitor.itemID,
      ruleId,
      alerts: [{ sensor_id: probe, depth: 0 }],
      ...extra,
    });

  it.each([
    { who: 'grain', ruleId: 1, status: 403, why: "another account's" },
    { who: 'master', ruleId: 1, status: 403, why: 'as a read-only master' },
    { who: 'hay', ruleId: 2, status: 400, why: "an absolute rule's (they end by themselves)" },
    { who: 'hay', ruleId: 9, status: 400, why: 'an unknown rule' },
  ])('refuses to reset $why alert ($status) and changes nothing', async ({ who, ruleId, status }) => {
    expect((await reset(who, ruleId, { UID: monitor.UID })).statusCode).toBe(status);
    expect((await read()).rules[0]!.currentAlerts).toHaveLength(1);
  });

  it("resets the relative alert: it goes to the history, the probe's reference starts afresh, the logbook says who", async () => {
    expect(monitor.rules[0]!.currentAlerts).toEqual([
      expect.objectContaining({ sensor_id: probe, depth: 0 }),
    ]);
    const res = await reset('hay-helper', 1);
    expect(res.statusCode, res.body).toBe(200);
    const rule = res.json<SaveMonitorResponse>().item.rules[0]!;
    expect(rule.currentAlerts).toEqual([]);
    expect(rule.alertHistory![0]).toMatchObject({ sensor_id: probe });
    expect(Math.abs(rule.alertHistory![0]!.resetTS! - Math.floor(Date.now() / 1000))).toBeLessThan(5);
    // 26.5 °C now is no rise from the fresh start at 26 °C (the evaluator read the new state).
    await ingest(t, BS, [{ sensor_id: probe, meas_ts: now - 60, temperatures: [265] }]);
    await evaluator.idle();
    expect((await read()).rules[0]!.currentAlerts).toEqual([]);
    const helper = (await t.findUser('hay-helper@demo.emberwatch'))!;
    const lines = (await call.get('hay', `/client/getStorageLogbook?itemID=${storageId}`))
      .json<GetStorageLogbookResponse>()
      .results.filter((l) => l.ruleId === 1);
    expect(lines.map((l) => [l.kind, l.sensor_id, l.byUserId])).toEqual([
      ['reset', probe, helper.id],
      ['raised', probe, null],
    ]);
  });
});
