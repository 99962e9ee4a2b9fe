import { describe, expect, it } from 'vitest';
import type { Alert } from '../../src/contracts/monitors.js';
import {
  acknowledgeAlerts,
  applyRuleEffects,
  clearAlertsOnRuleChange,
} from '../../src/domain/rules/applyRuleEffects.js';
import {
  evaluateRule,
  evaluateRuleInPlace,
  FUTURE_SKEW_SECONDS,
  resetAlerts,
  retainSensors,
  tickRule,
} from '../../src/domain/rules/evaluateRule.js';
import { DATA_BREAK_SECONDS } from '../../src/domain/rules/ruleLimits.js';
import { createRuleState, type RuleState } from '../../src/domain/rules/ruleState.js';
import { abs, describe as say, HOUR, MIN, NOW, r, rel, runBatches, T0 } from './ruleTestKit.js';

const minutes = (ts: number) => (ts - T0) / MIN;

describe('rule state', () => {
  it('evaluateRule leaves the given state untouched and returns a new one', () => {
    const rule = rel('REL_MAX');
    const before = runBatches(rule, [[r('A', 0, 200, 200), r('B', 0, 200)]]).state;
    const frozen = JSON.stringify(before);
    const after = evaluateRule(rule, before, [r('A', 60, 260, 200)], NOW);
    expect(JSON.stringify(before)).toBe(frozen);
    expect(after.effects.map(say)).toEqual(['raise A/0 @60 T=260 TP=200']);
    // Probes the readings did not touch are shared, not copied.
    expect(after.state.sensors.B).toBe(before.sensors.B);
    expect(after.state.sensors.A).not.toBe(before.sensors.A);
  });

  it('the in-place form gives the same state and effects as the pure one', () => {
    const rule = abs('ABS_MAX', { tempRef: 'MAX' });
    const readings = [r('A', 0, 400, 460), r('B', 0, 300), r('A', 10, 470, 300), r('B', 5, 500)];
    const pure = evaluateRule(rule, createRuleState(), readings, NOW);
    const state = createRuleState();
    const effects = evaluateRuleInPlace(rule, state, readings, NOW);
    expect(effects).toEqual(pure.effects);
    expect(state).toEqual(pure.state);
  });

  it('survives the store: a state saved as JSON and read back decides the same', () => {
    const rule = rel('REL_MAX', { turnPoint: 6 });
    const first = [r('A', 0, 200, Number.NaN), r('A', 60, 210, 300)];
    const next = [r('A', 120, 251, 300), r('A', 180, 200, 300)];
    const live = runBatches(rule, [first, next]);
    const stored = JSON.parse(JSON.stringify(runBatches(rule, [first]).state)) as RuleState;
    expect(runBatches(rule, [next], stored).effects).toEqual(live.effects);
  });

  it('takes a reading up to 10 min ahead of the clock (stations drift), not more', () => {
    const rule = abs('ABS_MAX');
    const at = r('A', 0, 460).meas_ts;
    expect(
      evaluateRule(rule, createRuleState(), [r('A', 0, 460)], at - FUTURE_SKEW_SECONDS).effects,
    ).toHaveLength(1);
    expect(
      evaluateRule(rule, createRuleState(), [r('A', 0, 460)], at - FUTURE_SKEW_SECONDS - 1).effects,
    ).toEqual([]);
  });

  it('an edited turn point starts the history afresh rather than reading old buckets wrongly', () => {
    const before = runBatches(rel('REL_MAX', { turnPoint: 24 }), [[r('A', 0, 100), r('A', 60, 140)]]).state;
    // With 24 h the 10.0 °C low would still count; the edited rule (2 h) starts from the next reading.
    const after = runBatches(rel('REL_MAX', { turnPoint: 2 }), [[r('A', 120, 155)]], before);
    expect(after.effects).toEqual([]);
    expect(after.state.turnPoint).toBe(2);
  });
});

describe('data breaks (tickRule)', () => {
  it('a probe silent for more than 4 hours enters the no-data state once; its alert stays current', () => {
    const { state } = runBatches(abs('ABS_MAX'), [[r('A', 0, 460), r('B', 0, 300)], [r('B', 200, 300)]]);
    const silentSince = r('A', 0).meas_ts;
    expect(tickRule(state, silentSince + DATA_BREAK_SECONDS).effects).toEqual([]);
    const tick = tickRule(state, silentSince + DATA_BREAK_SECONDS + 1);
    expect(tick.effects.map(say)).toEqual(['noData A since@0']);
    expect(tick.state.sensors.A?.alerts[0]?.resetTS).toBeNull();
    expect(state.sensors.A?.noData).toBe(false);
    expect(tickRule(tick.state, silentSince + DATA_BREAK_SECONDS + HOUR).effects).toEqual([]);
    const back = evaluateRule(abs('ABS_MAX'), tick.state, [r('A', 300, 440)], NOW);
    expect(back.effects.map(say)).toEqual(['dataBack A @300', 'clear recovered A/0 @0 reset@300 peak=460']);
  });

  it("a silent probe leaves the other probes' reference: its last value is stale", () => {
    const rule = rel('REL_MAX', { tempRef: 'AVERAGE_TEMP' });
    const { state } = runBatches(rule, [[r('A', 0, 500), r('B', 0, 300)], [r('B', 200, 300)]]);
    const late = r('C', 245, 360);
    // With A's old 50.0 °C the others' mean is 40.0 °C and 36.0 °C is no hot spot.
    expect(evaluateRule(rule, state, [late], NOW).effects).toEqual([]);
    // With A silent (last heard at 0, now 4 h 1 min later), C compares with B alone: 6 °C warmer.
    const silent = tickRule(state, r('A', 241).meas_ts).state;
    expect(evaluateRule(rule, silent, [late], NOW).effects.map(say)).toEqual(['raise C/0 @245 T=360 TP=300']);
  });
});

describe('alert reset (spec §4)', () => {
  it('resets a selected REL alert: the history of that depth is cleared and the turn point restarts', () => {
    const rule = rel('REL_MAX');
    const { state } = runBatches(rule, [[r('A', 0, 200, 200), r('A', 60, 260, 262)]]);
    const at = T0 + 90 * MIN;
    const reset = resetAlerts(rule, state, [{ sensor_id: 'A', depth: 0 }], at);
    expect(reset.effects.map(say)).toEqual(['clear reset A/0 @60 reset@90 peak=260']);
    // Depth 1 keeps its alert and its history.
    expect(reset.state.sensors.A?.alerts[1]?.TP).toBe(200);
    // Depth 0 starts from 26.0 °C: 30.0 is a rise of 4 °C from there, 31.1 of 5.1 °C.
    const next = runBatches(
      rule,
      [[r('A', 120, 260, 262), r('A', 180, 300, 262), r('A', 240, 311, 262)]],
      reset.state,
    );
    expect(next.effects).toEqual(['raise A/0 @240 T=311 TP=260']);
    expect(state.sensors.A?.alerts[0]).not.toBeNull();
  });

  it('keeps a reset depth clear of readings from before the reset that come again', () => {
    const rule = rel('REL_MAX');
    const { state } = runBatches(rule, [[r('A', 0, 200), r('A', 60, 260)]]);
    const reset = resetAlerts(rule, state, [{ sensor_id: 'A', depth: 0 }], T0 + 90 * MIN);
    // The store hands the raising packet back (its second is re-read): 20.0 °C must not become the
    // reference again, or 26.5 °C would raise at once.
    const next = runBatches(rule, [[r('A', 0, 200), r('A', 60, 260), r('A', 120, 265)]], reset.state);
    expect(next.effects).toEqual([]);
  });

  it('does nothing to ABS alerts, which clear themselves', () => {
    const rule = abs('ABS_MAX');
    const { state } = runBatches(rule, [[r('A', 0, 460)]]);
    expect(resetAlerts(rule, state, [{ sensor_id: 'A', depth: 0 }], NOW).effects).toEqual([]);
  });

  it('ignores a target without a current alert', () => {
    const rule = rel('REL_MAX');
    const { state } = runBatches(rule, [[r('A', 0, 200)]]);
    expect(
      resetAlerts(
        rule,
        state,
        [
          { sensor_id: 'A', depth: 0 },
          { sensor_id: 'Z', depth: 1 },
        ],
        NOW,
      ).effects,
    ).toEqual([]);
  });
});

describe("the rule's alert lists", () => {
  const alert = (over: Partial<Alert>): Alert => ({
    ts: T0,
    resetTS: null,
    sensor_id: 'A',
    depth: 0,
    temperature: 460,
    peak: 460,
    TP: 450,
    isMin: false,
    ...over,
  });

  it('raise, peak and clear move alerts from current to history, newest first', () => {
    const rule = abs('ABS_MAX');
    const out = runBatches(rule, [[r('A', 0, 460), r('B', 0, 470), r('A', 10, 480), r('A', 20, 400)]]);
    const effects = evaluateRule(
      rule,
      createRuleState(),
      [r('A', 0, 460), r('B', 0, 470), r('A', 10, 480), r('A', 20, 400)],
      NOW,
    ).effects;
    expect(out.effects).toHaveLength(effects.length);
    const lists = applyRuleEffects({ currentAlerts: [], alertHistory: [alert({ ts: T0 - HOUR })] }, effects);
    expect(lists.currentAlerts.map((a) => a.sensor_id)).toEqual(['B']);
    expect(lists.alertHistory.map((a) => [a.sensor_id, a.peak, a.resetTS && minutes(a.resetTS)])).toEqual([
      ['A', 480, 20],
      ['A', 460, null],
    ]);
  });

  it('a rule edited in use moves its current alerts to history with the change time as reset time (spec §4)', () => {
    const lists = { currentAlerts: [alert({}), alert({ sensor_id: 'B' })], alertHistory: [] };
    const edited = clearAlertsOnRuleChange(lists, T0 + HOUR, true);
    expect(edited.currentAlerts).toEqual([]);
    expect(edited.alertHistory.map((a) => [a.sensor_id, a.resetTS])).toEqual([
      ['B', T0 + HOUR],
      ['A', T0 + HOUR],
    ]);
    expect(
      clearAlertsOnRuleChange(lists, T0 + HOUR, false).alertHistory.every((a) => a.resetTS === null),
    ).toBe(true);
  });
});

describe('probes leaving the storage (retainSensors)', () => {
  it('drops the probes no longer in the storage and ends their current alerts', () => {
    const rule = abs('ABS_MAX');
    const { state } = runBatches(rule, [[r('A', 0, 460), r('B', 0, 470), r('C', 0, 300)]]);
    const out = retainSensors(state, ['A', 'C'], T0 + HOUR);
    expect(out.effects.map(say)).toEqual(['clear probeRemoved B/0 @0 reset@60 peak=470']);
    expect(Object.keys(out.state.sensors).sort()).toEqual(['A', 'C']);
    expect(Object.keys(state.sensors).sort()).toEqual(['A', 'B', 'C']);
  });

  it('keeps the state as it is when every probe stays (a set or a list of them)', () => {
    const { state } = runBatches(abs('ABS_MAX'), [[r('A', 0, 460), r('B', 0, 470)]]);
    for (const ids of [['A', 'B', 'C'], new Set(['B', 'A'])]) {
      const out = retainSensors(state, ids, NOW);
      expect(out.effects).toEqual([]);
      expect(out.state).toBe(state);
    }
  });

  it("a probe that left is no longer part of the others' mean", () => {
    const rule = rel('REL_MAX', { tempRef: 'AVERAGE_TEMP' });
    const { state } = runBatches(rule, [[r('A', 0, 500), r('B', 0, 300)]]);
    expect(evaluateRule(rule, state, [r('C', 10, 360)], NOW).effects).toEqual([]);
    const left = retainSensors(state, ['B', 'C'], NOW).state;
    expect(evaluateRule(rule, left, [r('C', 10, 360)], NOW).effects.map(say)).toEqual([
      'raise C/0 @10 T=360 TP=300',
    ]);
  });
});

describe('time zones and daylight saving', () => {
  it('a 24 h turn point spans 24 real hours across a DST change (Europe, 29 March 2026, 01:00 UTC)', () => {
    // The engine works in epoch seconds: the station's or user's zone never enters it, so a clock
    // change moves neither the window nor the data break.
    const dst = Date.UTC(2026, 2, 29, 1) / 1000;
    const rule = rel('REL_MAX');
    const at = (hoursFromChange: number, t: number) => ({
      sensor_id: 'A',
      meas_ts: dst + hoursFromChange * HOUR,
      temperatures: [t],
    });
    const inWindow = evaluateRule(rule, createRuleState(), [at(-12, 200), at(12, 251)], dst + 13 * HOUR);
    expect(inWindow.effects.map((e) => e.type)).toEqual(['raise']);
    const outOfWindow = evaluateRule(rule, createRuleState(), [at(-13, 200), at(12, 251)], dst + 13 * HOUR);
    expect(outOfWindow.effects).toEqual([]);
  });
});

describe('acknowledgement (issue 11, apart from the reset)', () => {
  it('marks who, when and why; the alert stays current and keeps it into the history', () => {
    const rule = abs('ABS_MAX');
    const raised = evaluateRule(rule, createRuleState(), [r('A', 0, 460), r('B', 0, 470)], NOW);
    let lists = applyRuleEffects({ currentAlerts: [], alertHistory: [] }, raised.effects);
    const ack = { by: 7, at: T0 + 5 * MIN, note: 'Opened the stack, fan on' };
    lists = acknowledgeAlerts(lists, [{ sensor_id: 'A', depth: 0, ts: T0 }], ack);
    expect(lists.currentAlerts.map((a) => [a.sensor_id, a.ack?.by ?? null])).toEqual([
      ['A', 7],
      ['B', null],
    ]);
    // A second acknowledgement does not overwrite the first.
    lists = acknowledgeAlerts(lists, [{ sensor_id: 'A', depth: 0, ts: T0 }], { ...ack, by: 8 });
    expect(lists.currentAlerts[0]?.ack?.by).toBe(7);
    const cleared = evaluateRule(rule, raised.state, [r('A', 30, 400)], NOW);
    lists = applyRuleEffects(lists, cleared.effects);
    expect(lists.currentAlerts.map((a) => a.sensor_id)).toEqual(['B']);
    expect(lists.alertHistory[0]).toMatchObject({ sensor_id: 'A', resetTS: T0 + 30 * MIN, ack });
  });
});
