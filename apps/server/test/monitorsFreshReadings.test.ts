import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GetMonitorsResponse } from '@emberwatch/shared/contracts/monitors';
import { defaultRuleSettings } from '@emberwatch/shared/domain/rules/defaultRuleSettings';
import type { MonitorEvaluator } from '../src/features/monitors/index.js';
import { evaluatorOf, monitorOnHayStorage } from './support/monitorHelpers.js';
import { createTestApp, TEST_ENGINE, type TestApp } from './support/testApp.js';
import { api, ingest } from './support/probeHelpers.js';

const BS = 'F1000001';
const absMax = {
  id: 1,
  type: 'ABS_MAX' as const,
  settings: { ...defaultRuleSettings('ABS_MAX'), alertLimit: 600 },
};

/**
 * On SQLite a monitor pass takes the readings ingest has just committed from memory instead of reading
 * them back (decision 0060), and must come to exactly what reading the store would: the same alert,
 * peak and clearing, late readings included. On PostgreSQL every pass reads the store.
 */
describe(`monitor passes and ingest's fresh readings on ${TEST_ENGINE}`, () => {
  let t: TestApp;
  let call: ReturnType<typeof api>;
  let evaluator: MonitorEvaluator;
  let probe: string;
  let monitorId: number;
  // The clock moves 2 s per packet, so consecutive passes fall in different seconds.
  let clock = Math.floor(Date.now() / 1000);
  let meas = clock - 3600;

  beforeAll(async () => {
    t = await createTestApp({ nowS: () => clock });
    call = api(t, { hay: await t.login('hay@demo.emberwatch') });
    evaluator = evaluatorOf(t);
    const placed = await monitorOnHayStorage(t, call, { name: 'Fresh', rules: [absMax] });
    monitorId = placed.monitorId;
    probe = placed.probes[0]!;
  });
  afterAll(async () => {
    await t.close();
  });

  const send = async (celsius: number, measTs = (meas += 60)) => {
    clock += 2;
    await ingest(t, BS, [{ sensor_id: probe, meas_ts: measTs, temperatures: [celsius * 10] }]);
    await evaluator.idle();
  };
  const rule = async () =>
    (await call.get('hay', '/client/getMonitors'))
      .json<GetMonitorsResponse>()
      .results.find((m) => m.itemID === monitorId)!.rules[0]!;

  it('raises, follows a late peak and clears exactly as from the store, reading it only to start', async () => {
    await send(50);
    await send(51);
    // Two passes have read the store: the buffer vouches for its probes from the second one on.
    const reads = evaluator.storeReads;
    const raised = evaluator.raised;
    await send(65);
    const raisedAt = meas;
    expect(evaluator.raised).toBe(raised + 1);
    await send(66);
    // Late (measured before the newest) but after the alert began: it can only push the peak.
    await send(80, raisedAt + 30);
    expect((await rule()).currentAlerts).toMatchObject([{ ts: raisedAt, temperature: 650, peak: 800 }]);
    await send(40);
    const after = await rule();
    expect(after.currentAlerts).toEqual([]);
    expect(after.alertHistory?.at(-1)).toMatchObject({ ts: raisedAt, peak: 800 });
    expect(evaluator.storeReads - reads).toBe(TEST_ENGINE === 'sqlite' ? 0 : 4);
  });

  it('reads the store again once the monitors may have changed', async () => {
    const reads = evaluator.storeReads;
    evaluator.forgetStations();
    await send(52);
    expect(evaluator.storeReads).toBe(reads + 1);
  });
});
