import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DataResponse } from '@emberwatch/shared/contracts/readings';
import { defaultRuleSettings } from '@emberwatch/shared/domain/rules/defaultRuleSettings';
import { api, ingest } from './support/probeHelpers.js';
import { evaluatorOf, monitorOnHayStorage } from './support/monitorHelpers.js';
import { createTestApp, TEST_ENGINE, type TestApp } from './support/testApp.js';

const BS = 'F1000001';

/** Spec doc 2 §3: probe data carries `alert`, a monitor's current alert on the probe. */
describe(`the alert mark of probe data on ${TEST_ENGINE}`, () => {
  let t: TestApp;
  let call: ReturnType<typeof api>;
  const now = Math.floor(Date.now() / 1000);

  beforeAll(async () => {
    t = await createTestApp();
    call = api(t, { hay: await t.login('hay@demo.emberwatch') });
  });
  afterAll(async () => {
    await t.close();
  });

  const marks = async () => {
    const res = await call.get('hay', `/client/data?basestationID=${BS}`);
    expect(res.statusCode, res.body).toBe(200);
    return new Map(res.json<DataResponse>().results.map((r) => [r.sensor_id, r.alert]));
  };

  it('is set on the probe in alert, on no other, and clears with the alert', async () => {
    const { probes } = await monitorOnHayStorage(t, call, {
      name: 'Limit 40',
      rules: [{ id: 1, type: 'ABS_MAX', settings: { ...defaultRuleSettings('ABS_MAX'), alertLimit: 400 } }],
    });
    const hot = probes[0]!;
    expect([...(await marks()).values()].every((a) => a === false)).toBe(true);

    // The evaluator's pass is held until the probe data has been read: the answer cached then must
    // not outlive the alert raised next (alertsChanged drops it, as newData does).
    const evaluator = evaluatorOf(t);
    const evaluate = evaluator.evaluateStations.bind(evaluator);
    let release: () => void = () => undefined;
    const held = new Promise<void>((r) => (release = r));
    const hold = vi.spyOn(evaluator, 'evaluateStations').mockImplementation(async (ids) => {
      await held;
      return evaluate(ids);
    });
    await ingest(t, BS, [{ sensor_id: hot, meas_ts: now - 60, temperatures: [450] }]);
    expect((await marks()).get(hot)).toBe(false);
    release();
    hold.mockRestore();
    await evaluator.idle();
    const raised = await marks();
    expect(raised.get(hot)).toBe(true);
    expect([...raised].filter(([, alert]) => alert).map(([id]) => id)).toEqual([hot]);

    // Well under the limit (past the clear margin): the alert ends, and the mark with it.
    await ingest(t, BS, [{ sensor_id: hot, meas_ts: now - 30, temperatures: [200] }]);
    await evaluatorOf(t).idle();
    expect((await marks()).get(hot)).toBe(false);
  });
});
