import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GetMonitorsResponse } from '@emberwatch/shared/contracts/monitors';
import { defaultRuleSettings } from '@emberwatch/shared/domain/rules/defaultRuleSettings';
import { api, ingest } from './support/probeHelpers.js';
import { evaluatorOf, monitorOnHayStorage } from './support/monitorHelpers.js';
import { createTestApp, TEST_ENGINE, type TestApp } from './support/testApp.js';

const BS = 'F1000001';

/** Issue 11 "a rise-rate rule": a stack climbing fast is caught long before its absolute limit. */
describe(`the rise-rate rule on ${TEST_ENGINE}`, () => {
  let t: TestApp;
  let call: ReturnType<typeof api>;
  const hour = Math.floor(Date.now() / 1000 / 3600) * 3600;

  beforeAll(async () => {
    t = await createTestApp();
    call = api(t, { hay: await t.login('hay@demo.emberwatch') });
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses a rate outside 0.1–5 °C/h and a window outside 1–48 h', async () => {
    for (const over of [
      { alertLimit: 0 },
      { alertLimit: 51 },
      { turnPoint: 49 },
      { tempRef: 'AVERAGE_TEMP' },
    ]) {
      const res = await call.post('hay', '/client/saveMonitor', {
        item: {
          name: 'Bad rate',
          rules: [{ id: 1, type: 'RISE_RATE', settings: { ...defaultRuleSettings('RISE_RATE'), ...over } }],
          defaultMonitor: false,
          compost: false,
        },
      });
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
    }
  });

  it('raises when a probe climbs 1 °C an hour at 30 °C, far below any absolute limit', async () => {
    const { monitorId, probes } = await monitorOnHayStorage(t, call, {
      name: 'Early warning',
      rules: [{ id: 1, type: 'RISE_RATE', settings: defaultRuleSettings('RISE_RATE') }],
    });
    const probe = probes[0]!;
    // 0.5 °C/h over 6 h: 3 °C above the window's low. 30, 31, 32, 33 °C: quiet; 34 °C raises.
    const climb = [0, 1, 2, 3, 4].map((h) => ({
      sensor_id: probe,
      meas_ts: hour - (5 - h) * 3600,
      temperatures: [300 + h * 10],
    }));
    await ingest(t, BS, climb.slice(0, 4));
    await evaluatorOf(t).idle();
    const alertsNow = async () =>
      (await call.get('hay', '/client/getMonitors'))
        .json<GetMonitorsResponse>()
        .results.find((m) => m.itemID === monitorId)!.rules[0]!.currentAlerts ?? [];
    expect(await alertsNow()).toEqual([]);
    await ingest(t, BS, climb.slice(4));
    await evaluatorOf(t).idle();
    expect(await alertsNow()).toMatchObject([{ sensor_id: probe, temperature: 340, TP: 300, isMin: false }]);
  });
});
