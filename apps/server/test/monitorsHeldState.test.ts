import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GetMonitorsResponse } from '@emberwatch/shared/contracts/monitors';
import { defaultRuleSettings } from '@emberwatch/shared/domain/rules/defaultRuleSettings';
import { createRuleState } from '@emberwatch/shared/domain/rules/ruleState';
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
 * The evaluator keeps each rule's parsed state between passes and writes a pass without effects only
 * every STATE_WRITE_EVERY_MS (decision 0033, "State kept in memory"). These tests hold it to what that
 * must not change: a write made anywhere else is seen, a restart loses nothing, a rolled-back pass
 * leaves no trace in memory.
 */
describe(`rule state kept in memory on ${TEST_ENGINE}`, () => {
  let t: TestApp;
  let call: ReturnType<typeof api>;
  let evaluator: MonitorEvaluator;
  let probe: string;
  let monitorId: number;
  const now = Math.floor(Date.now() / 1000);
  let ts = now - 3600;
  const next = () => (ts += 60);

  beforeAll(async () => {
    t = await createTestApp();
    call = api(t, { hay: await t.login('hay@demo.emberwatch') });
    evaluator = evaluatorOf(t);
    const placed = await monitorOnHayStorage(t, call, { name: 'Held', rules: [absMax] });
    monitorId = placed.monitorId;
    probe = placed.probes[0]!;
  });
  afterAll(async () => {
    await t.close();
  });

  /** Ingests one reading of the probe; the bus's pass evaluates it (after its 1 s gathering). */
  const send = async (c: number) => {
    await ingest(t, BS, [{ sensor_id: probe, meas_ts: next(), temperatures: [c * 10] }]);
    await evaluator.idle();
  };
  const current = async () =>
    (await call.get('hay', '/client/getMonitors'))
      .json<GetMonitorsResponse>()
      .results.find((m) => m.itemID === monitorId)!.rules[0]!.currentAlerts!;
  const row = () =>
    t.store.db
      .selectFrom('monitor_rule_state')
      .selectAll()
      .where('monitor_id', '=', monitorId)
      .executeTakeFirstOrThrow();

  it('gives the row a new version on every write, whoever writes it', async () => {
    await send(50);
    const before = await row();
    expect(Number(before.version)).toBeGreaterThan(0);
    await t.store.db
      .updateTable('monitor_rule_state')
      .set({ updated_ts: before.updated_ts + 1 })
      .where('monitor_id', '=', monitorId)
      .execute();
    expect(Number((await row()).version)).not.toBe(Number(before.version));
  });

  it('does not write the state for a pass without effects, and writes it with the first effect', async () => {
    await send(50);
    const quiet = await row();
    await send(51);
    expect((await row()).watermark).toBe(quiet.watermark);
    const raised = evaluator.raised;
    await send(65);
    expect(evaluator.raised).toBe(raised + 1);
    const written = await row();
    expect(written.watermark).toBeGreaterThan(quiet.watermark);
    expect(JSON.parse(written.current_alerts)).toEqual([expect.objectContaining({ temperature: 650 })]);
  });

  it('sees a write made elsewhere: a state cleared behind its back raises again', async () => {
    // Another writer (a reset, another instance) starts the rule afresh and clears its alerts.
    await t.store.db
      .updateTable('monitor_rule_state')
      .set({ state: JSON.stringify(createRuleState()), current_alerts: '[]' })
      .where('monitor_id', '=', monitorId)
      .execute();
    expect(await current()).toEqual([]);
    // With a stale copy the rule would still think its alert current and raise nothing. From the
    // row, the readings since its watermark are new again: the 65 °C one raises, 66 °C is its peak.
    const raised = evaluator.raised;
    await send(66);
    expect(evaluator.raised).toBe(raised + 1);
    expect(await current()).toEqual([expect.objectContaining({ peak: 660 })]);
  });

  it('loses nothing across a restart: a new process evaluates from the written state', async () => {
    await send(50);
    expect(await current()).toEqual([]);
    await send(51); // evaluated, held in memory only
    evaluator.forgetHeldStates(); // what a restart leaves
    const raised = evaluator.raised;
    await send(67);
    expect(evaluator.raised).toBe(raised + 1);
    expect(await current()).toEqual([expect.objectContaining({ temperature: 670 })]);
    // Evaluating again changes nothing: the readings since the written watermark are duplicates now.
    expect(await evaluator.evaluateStations([BS])).toEqual([]);
  });

  it('forgets what a rolled-back pass did: the alert is raised again on the next pass', async () => {
    await send(50);
    expect(await current()).toEqual([]);
    let fail = true;
    evaluator.onAlertEffects(() => {
      if (!fail) return Promise.resolve();
      fail = false;
      return Promise.reject(new Error('the store refused'));
    });
    await send(68); // the bus's pass fails and rolls back
    expect(await current()).toEqual([]);
    expect((await evaluator.evaluateStations([BS])).map((e) => e.type)).toEqual(['raise']);
    expect(await current()).toEqual([expect.objectContaining({ temperature: 680 })]);
  });
});
