import type { AbsRuleSettings, RelRuleSettings, RiseRateSettings } from '../../src/contracts/monitors.js';
import { defaultRuleSettings } from '../../src/domain/rules/defaultRuleSettings.js';
import { evaluateRule, type AlertRuleConfig, type RuleReading } from '../../src/domain/rules/evaluateRule.js';
import type { RuleEffect } from '../../src/domain/rules/ruleEffects.js';
import { createRuleState, type RuleState } from '../../src/domain/rules/ruleState.js';

/** An hour boundary, so that turn-point windows in the tables read in whole hours. */
export const T0 = 472_222 * 3600;
export const MIN = 60;
export const HOUR = 3600;
/** A clock well after every reading of the tables. */
export const NOW = T0 + 1000 * HOUR;

export function abs(type: 'ABS_MAX' | 'ABS_MIN', over: Partial<AbsRuleSettings> = {}): AlertRuleConfig {
  return { type, settings: { ...defaultRuleSettings(type, over.compostRule ?? false), ...over } };
}

export function rel(type: 'REL_MAX' | 'REL_MIN', over: Partial<RelRuleSettings> = {}): AlertRuleConfig {
  return { type, settings: { ...defaultRuleSettings(type, over.compostRule ?? false), ...over } };
}

export function rise(over: Partial<RiseRateSettings> = {}): AlertRuleConfig {
  return { type: 'RISE_RATE', settings: { ...defaultRuleSettings('RISE_RATE'), ...over } };
}

/** A reading `minutes` after T0; temperatures in tenths of °C, one per depth. */
export function r(sensor: string, minutes: number, ...temps: (number | null)[]): RuleReading {
  return { sensor_id: sensor, meas_ts: T0 + minutes * MIN, temperatures: temps };
}

/** Effects as short sentences: what a table row expects. Times are minutes after T0. */
export function describe(e: RuleEffect): string {
  const m = (ts: number | null) => (ts === null ? '-' : String((ts - T0) / MIN));
  switch (e.type) {
    case 'raise':
      return `raise ${e.alert.sensor_id}/${e.alert.depth} @${m(e.alert.ts)} T=${e.alert.temperature} TP=${e.alert.TP}`;
    case 'peak':
      return `peak ${e.sensor_id}/${e.depth} ${e.peak}`;
    case 'clear':
      return `clear ${e.reason} ${e.alert.sensor_id}/${e.alert.depth} @${m(e.alert.ts)} reset@${m(e.alert.resetTS)} peak=${e.alert.peak}`;
    case 'noData':
      return `noData ${e.sensor_id} since@${m(e.since)}`;
    case 'dataBack':
      return `dataBack ${e.sensor_id} @${m(e.ts)}`;
  }
}

/** Runs batches one after the other, each as one call; returns the final state and every effect. */
export function runBatches(
  rule: AlertRuleConfig,
  batches: readonly (readonly RuleReading[])[],
  state: RuleState = createRuleState(),
  now = NOW,
): { state: RuleState; effects: string[] } {
  const effects: string[] = [];
  let s = state;
  for (const b of batches) {
    const out = evaluateRule(rule, s, b, now);
    s = out.state;
    effects.push(...out.effects.map(describe));
  }
  return { state: s, effects };
}
