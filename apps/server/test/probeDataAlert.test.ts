import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

    await ingest(t, BS, [{ sensor_id: hot, meas_ts: now - 60, temperatures: [450] }]);
    // Read before the evaluator's pass (it gathers for 100 ms or more): the answer cached now must
    // not outlive the alert raised next (alertsChanged drops it, as newData does).
    expect((await marks()).get(hot)).toBe(false);
    await evaluatorOf(t).idle();
    const raised = await marks();
    expect(raised.get(hot)).toBe(true);
    expect([...raised].filter(([, alert]) => alert).map(([id]) => id)).toEqual([hot]);

    // Well under the limit (past the clear margin): the alert ends, and the mark with it.
    await ingest(t, BS, [{ sensor_id: hot, meas_ts: now - 30, temperatures: [200] }]);
    await evaluatorOf(t).idle();
    expect((await marks()).get(hot)).toBe(false);
  });
});
