import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  GetMonitorsResponse,
  Monitor,
  SaveMonitorResponse,
} from '@emberwatch/shared/contracts/monitors';
import type { GetStoragesResponse } from '@emberwatch/shared/contracts/storages';
import { defaultRuleSettings } from '@emberwatch/shared/domain/rules/defaultRuleSettings';
import type { RuleState } from '@emberwatch/shared/domain/rules/ruleState';
import type { MonitorEvaluator } from '../src/features/monitors/index.js';
import { createTestApp, TEST_ENGINE, type TestApp } from './support/testApp.js';
import { api, ingest } from './support/probeHelpers.js';
import { twoInstancesOnOneStore } from './support/secondInstance.js';

const BS = 'F1000001';
const absMax = {
  id: 1,
  type: 'ABS_MAX' as const,
  settings: { ...defaultRuleSettings('ABS_MAX'), alertLimit: 600 },
};

const evaluatorOf = (features: { name: string; exports: object }[]) =>
  (features.find((f) => f.name === 'monitors')!.exports as { evaluator: MonitorEvaluator }).evaluator;

/** Creates an ABS_MAX 60 °C monitor for hay and puts it on hay's first storage at F1000001; its probes. */
async function monitoredStorage(t: TestApp, call: ReturnType<typeof api>): Promise<string[]> {
  const res = await call.post('hay', '/client/saveMonitor', {
    item: { name: 'Hot hay', rules: [absMax], defaultMonitor: false, compost: false },
  });
  expect(res.statusCode, res.body).toBe(200);
  const monitorId = res.json<SaveMonitorResponse>().item.itemID;
  const storages = (await call.get('hay', '/client/getStorages')).json<GetStoragesResponse>().results;
  const { UID: _u, undefinedLayoutType: _l, updated_ts: _t, ...item } = storages.find((s) => s.BS_ID === BS)!;
  const saved = await call.post('hay', '/client/saveStorage', { item: { ...item, monitor: monitorId } });
  expect(saved.statusCode, saved.body).toBe(200);
  const probes = await t.store.db
    .selectFrom('storage_probes')
    .select('sensor_id')
    .where('storage_id', '=', item.itemID)
    .orderBy('sensor_id')
    .execute();
  expect(probes.length).toBeGreaterThanOrEqual(2);
  return probes.map((p) => p.sensor_id);
}

describe(`monitor evaluation on ${TEST_ENGINE}`, () => {
  let t: TestApp;
  let call: ReturnType<typeof api>;
  let evaluator: MonitorEvaluator;
  let probes: string[];
  let clock = Math.floor(Date.now() / 1000);
  const t0 = clock - 3 * 3600;

  beforeAll(async () => {
    t = await createTestApp({ nowS: () => clock });
    call = api(t, { hay: await t.login('hay@demo.emberwatch') });
    evaluator = evaluatorOf(t.features);
    probes = await monitoredStorage(t, call);
  });
  afterAll(async () => {
    await t.close();
  });

  const rule = async () => {
    const monitors = (await call.get('hay', '/client/getMonitors')).json<GetMonitorsResponse>().results;
    return monitors.find((m: Monitor) => m.name === 'Hot hay')!.rules[0]!;
  };
  const stateRow = () => t.store.db.selectFrom('monitor_rule_state').selectAll().executeTakeFirstOrThrow();

  it('raises an alert from ingested readings, after the commit', async () => {
    const [p] = probes as [string];
    await ingest(t, BS, [
      { sensor_id: p, meas_ts: t0, temperatures: [500, 500] },
      { sensor_id: p, meas_ts: t0 + 600, temperatures: [500, 650] },
    ]);
    await evaluator.idle();
    const r = await rule();
    expect(r.currentAlerts).toEqual([
      expect.objectContaining({
        sensor_id: p,
        depth: 1,
        ts: t0 + 600,
        temperature: 650,
        peak: 650,
        resetTS: null,
      }),
    ]);
  });

  it('changes nothing for duplicates, however often they arrive', async () => {
    const [p] = probes as [string];
    const before = await stateRow();
    await ingest(t, BS, [{ sensor_id: p, meas_ts: t0 + 600, temperatures: [500, 650] }]);
    await evaluator.idle();
    expect(await evaluator.evaluateStations([BS])).toEqual([]);
    const after = await stateRow();
    expect(after.state).toBe(before.state);
    expect(after.current_alerts).toBe(before.current_alerts);
    expect(after.alert_history).toBe(before.alert_history);
  });

  it('raises no alert for a late reading of a condition that had already ended', async () => {
    const q = probes[1]!;
    await ingest(t, BS, [
      { sensor_id: q, meas_ts: t0, temperatures: [500, 500] },
      { sensor_id: q, meas_ts: t0 + 1200, temperatures: [500, 500] },
    ]);
    await evaluator.idle();
    await ingest(t, BS, [{ sensor_id: q, meas_ts: t0 + 600, temperatures: [700, 700] }]);
    await evaluator.idle();
    expect((await rule()).currentAlerts!.filter((a) => a.sensor_id === q)).toEqual([]);
  });

  it('ends the alert when the reading is back below the clear level', async () => {
    const [p] = probes as [string];
    await ingest(t, BS, [{ sensor_id: p, meas_ts: t0 + 1800, temperatures: [500, 580] }]);
    await evaluator.idle();
    const r = await rule();
    expect(r.currentAlerts).toEqual([]);
    expect(r.alertHistory).toEqual([
      expect.objectContaining({ sensor_id: p, ts: t0 + 600, resetTS: t0 + 1800 }),
    ]);
  });

  it('moves current alerts to history with a reset time when a rule in use is edited', async () => {
    const [p] = probes as [string];
    await ingest(t, BS, [{ sensor_id: p, meas_ts: t0 + 2000, temperatures: [500, 690] }]);
    await evaluator.idle();
    expect((await rule()).currentAlerts).toHaveLength(1);
    const monitors = (await call.get('hay', '/client/getMonitors')).json<GetMonitorsResponse>().results;
    const m = monitors.find((x) => x.name === 'Hot hay')!;
    const edited = { ...absMax, settings: { ...absMax.settings, alertLimit: 620 } };
    const res = await call.post('hay', '/client/saveMonitor', {
      item: { itemID: m.itemID, name: m.name, rules: [edited], defaultMonitor: false, compost: false },
    });
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json<SaveMonitorResponse>().item.rules[0]!;
    expect(r.ruleChanged).toMatchObject({ changedAt: clock, inUse: true, oldSettings: absMax.settings });
    expect(r.currentAlerts).toEqual([]);
    expect(r.alertHistory![0]).toMatchObject({ sensor_id: p, ts: t0 + 2000, resetTS: clock });
    // The state started afresh: the next hot reading raises under the new limit.
    await ingest(t, BS, [{ sensor_id: p, meas_ts: t0 + 2100, temperatures: [500, 610] }]);
    await evaluator.idle();
    expect((await rule()).currentAlerts).toEqual([]);
  });

  it('marks a silent probe by the timer job, keeping its alert current', async () => {
    const [p] = probes as [string];
    await ingest(t, BS, [{ sensor_id: p, meas_ts: t0 + 2400, temperatures: [500, 700] }]);
    await evaluator.idle();
    expect((await rule()).currentAlerts).toHaveLength(1);
    expect(t.jobs.map((j) => j.name)).toContain('monitors.dataBreaks');
    clock = t0 + 2400 + 4 * 3600; // exactly the data-break time: not yet
    expect((await evaluator.tickAll()).filter((e) => e.type === 'noData' && e.sensor_id === p)).toEqual([]);
    clock += 1;
    expect(await evaluator.tickAll()).toContainEqual({ type: 'noData', sensor_id: p, since: t0 + 2400 });
    // Once only.
    expect((await evaluator.tickAll()).filter((e) => e.type === 'noData' && e.sensor_id === p)).toEqual([]);
    // Read from the store: the session's token has expired on the moved clock.
    const row = await stateRow();
    expect(JSON.parse(row.current_alerts)).toEqual([
      expect.objectContaining({ sensor_id: p, ts: t0 + 2400 }),
    ]);
    expect((JSON.parse(row.state) as RuleState).sensors[p]!.noData).toBe(true);
  });
});

describe.runIf(TEST_ENGINE === 'postgres')('monitor evaluation on two instances', () => {
  const two = twoInstancesOnOneStore();

  it('raises each alert once when both instances evaluate the same packet', async () => {
    const { t, second } = two;
    const call = api(t, { hay: await t.login('hay@demo.emberwatch') });
    const probes = await monitoredStorage(t, call);
    const first = evaluatorOf(t.features);
    const other = evaluatorOf(second.features);
    const now = Math.floor(Date.now() / 1000);
    await first.evaluateStations([BS]); // the rule's state row exists before the packet
    for (let round = 0; round < 3; round++) {
      const ts = now - 600 + round * 60;
      await ingest(
        t,
        BS,
        probes.map((p) => ({ sensor_id: p, meas_ts: ts, temperatures: [round % 2 ? 500 : 700] })),
      );
      // The bus evaluates on the first instance; both also evaluate the same stations at once.
      await Promise.all([first.evaluateStations([BS]), other.evaluateStations([BS]), first.idle()]);
    }
    // Round 0 raised one alert per probe, round 1 cleared them, round 2 raised them again.
    expect(first.raised + other.raised).toBe(2 * probes.length);
  });
});
