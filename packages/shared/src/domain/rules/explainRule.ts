import type { RuleCore } from '../../contracts/monitors.js';
import { formatTemperature, type DegreesUnit } from '../temperature.js';
import { riseLimitOf } from './evaluateRule.js';
import { DATA_BREAK_SECONDS } from './ruleLimits.js';

/**
 * A rule's settings in words, as parts the web translates (keys in locales/<lang>/monitors.json under
 * monitors.explain) and whose values it formats in the user's unit. A temperature is a level (45 °C =
 * 113 °F), a difference is converted without the offset (5 °C = 9 °F).
 */
export type ExplainValue =
  | { kind: 'temperature'; tenths: number }
  | { kind: 'difference'; tenths: number }
  | { kind: 'rate'; tenths: number }
  | { kind: 'number'; value: number }
  | { kind: 'text'; value: string };

export const RULE_EXPLANATION_KEYS = [
  'monitors.explain.watch.SINGLE',
  'monitors.explain.watch.SINGLE_DEPTH',
  'monitors.explain.watch.AVG',
  'monitors.explain.watch.MAX',
  'monitors.explain.watch.AVERAGE_TEMP',
  'monitors.explain.watch.AVERAGE_DEPTH',
  'monitors.explain.watch.AVERAGE_DEPTH_DEPTH',
  'monitors.explain.raise.ABS_MAX',
  'monitors.explain.raise.ABS_MIN',
  'monitors.explain.raise.ABS_MIN_COMPOST',
  'monitors.explain.raise.REL_MAX',
  'monitors.explain.raise.REL_MIN',
  'monitors.explain.raise.REL_MAX_PEERS',
  'monitors.explain.raise.REL_MIN_PEERS',
  'monitors.explain.raise.RISE_RATE',
  'monitors.explain.duration',
  'monitors.explain.clear.ABS_MAX',
  'monitors.explain.clear.ABS_MIN',
  'monitors.explain.clear.REL_MAX_AT',
  'monitors.explain.clear.REL_MAX_WITHIN',
  'monitors.explain.clear.REL_MAX_BEYOND',
  'monitors.explain.clear.REL_MIN_AT',
  'monitors.explain.clear.REL_MIN_WITHIN',
  'monitors.explain.clear.REL_MIN_BEYOND',
  'monitors.explain.noData',
  'monitors.explain.fan.COOLDOWN_CONTROL',
  'monitors.explain.fan.CYCLIC_CONTROL',
  'monitors.explain.fan.MANUAL_CONTROL',
  'monitors.explain.fan.scheduler',
  'monitors.explain.fan.schedulerReverse',
  'monitors.explain.fan.cooldownWindow',
  'monitors.explain.fan.cooldownTarget',
  'monitors.explain.fan.cooldownSafety',
  'monitors.explain.fan.cooldownAges',
] as const;
export type RuleExplanationKey = (typeof RULE_EXPLANATION_KEYS)[number];

export interface ExplainPart {
  key: RuleExplanationKey;
  /** Each {{name}} of the key's text. */
  values: Record<string, ExplainValue>;
}

const t = (tenths: number): ExplainValue => ({ kind: 'temperature', tenths });
const diff = (tenths: number): ExplainValue => ({ kind: 'difference', tenths });
const rate = (tenths: number): ExplainValue => ({ kind: 'rate', tenths });
const num = (value: number): ExplainValue => ({ kind: 'number', value });
const text = (value: string): ExplainValue => ({ kind: 'text', value });

/** The scheduler's hours hold the fans, or (reverseDisabled) are the only hours they may run. */
function schedulerPart(reverse: boolean): ExplainPart {
  return {
    key: reverse ? 'monitors.explain.fan.schedulerReverse' : 'monitors.explain.fan.scheduler',
    values: {},
  };
}

/** The parts of a rule's explanation, in reading order: what is watched, when it raises, how it ends. */
export function explainRule(rule: RuleCore): ExplainPart[] {
  switch (rule.type) {
    case 'COOLDOWN_CONTROL': {
      const s = rule.settings;
      // The meaning of each number: docs/decisions/0037-fan-control.md "What the cooldown numbers mean".
      const parts: ExplainPart[] = [
        {
          key: 'monitors.explain.fan.COOLDOWN_CONTROL',
          values: { fc: text(s.FC_ID), target: t(s.targetTemp), outdoor: text(s.outdoorID) },
        },
        {
          key: 'monitors.explain.fan.cooldownWindow',
          values: { delta1: diff(s.delta1), delta2: diff(s.delta2) },
        },
        {
          key: 'monitors.explain.fan.cooldownTarget',
          values: {
            start: t(s.targetTemp + s.hysteresis),
            target: t(s.targetTemp),
            hysteresis: diff(s.hysteresis),
          },
        },
        { key: 'monitors.explain.fan.cooldownSafety', values: { safety: t(s.targetTemp + s.delta2) } },
        {
          key: 'monitors.explain.fan.cooldownAges',
          values: { dataAge: num(s.dataAgelimit), outdoorAge: num(s.outdoorAgelimit) },
        },
      ];
      if (s.schedulerEnabled) parts.push(schedulerPart(s.reverseDisabled));
      return parts;
    }
    case 'CYCLIC_CONTROL': {
      const s = rule.settings;
      const parts: ExplainPart[] = [
        {
          key: 'monitors.explain.fan.CYCLIC_CONTROL',
          values: { fc: text(s.FC_ID), run: num(s.runMinutes), cycle: num(s.cycleSpan) },
        },
      ];
      if (s.schedulerEnabled) parts.push(schedulerPart(s.reverseDisabled));
      return parts;
    }
    case 'MANUAL_CONTROL':
      return [{ key: 'monitors.explain.fan.MANUAL_CONTROL', values: { fc: text(rule.settings.FC_ID) } }];
    default:
      break;
  }
  const s = rule.settings;
  const parts: ExplainPart[] = [];
  const depth = s.refDepth === null ? null : num(s.refDepth + 1);
  if (s.tempRef === 'SINGLE')
    parts.push(
      depth
        ? { key: 'monitors.explain.watch.SINGLE_DEPTH', values: { depth } }
        : { key: 'monitors.explain.watch.SINGLE', values: {} },
    );
  else if (s.tempRef === 'AVERAGE_DEPTH')
    parts.push(
      depth
        ? { key: 'monitors.explain.watch.AVERAGE_DEPTH_DEPTH', values: { depth } }
        : { key: 'monitors.explain.watch.AVERAGE_DEPTH', values: {} },
    );
  else parts.push({ key: `monitors.explain.watch.${s.tempRef}`, values: {} });

  if (rule.type === 'ABS_MAX' || rule.type === 'ABS_MIN') {
    const min = rule.type === 'ABS_MIN';
    parts.push({
      key: min
        ? rule.settings.compostRule
          ? 'monitors.explain.raise.ABS_MIN_COMPOST'
          : 'monitors.explain.raise.ABS_MIN'
        : 'monitors.explain.raise.ABS_MAX',
      values: { limit: t(s.alertLimit) },
    });
    if (s.minDuration > 0)
      parts.push({ key: 'monitors.explain.duration', values: { minutes: num(s.minDuration) } });
    parts.push({
      key: min ? 'monitors.explain.clear.ABS_MIN' : 'monitors.explain.clear.ABS_MAX',
      values: { level: t(min ? s.alertLimit + s.clearMargin : s.alertLimit - s.clearMargin) },
    });
  } else {
    const r = rule.settings;
    const min = rule.type === 'REL_MIN';
    const peers = r.tempRef === 'AVERAGE_TEMP' || r.tempRef === 'AVERAGE_DEPTH';
    const limit = riseLimitOf(rule);
    parts.push(
      rule.type === 'RISE_RATE'
        ? {
            key: 'monitors.explain.raise.RISE_RATE',
            values: { rate: rate(r.alertLimit), hours: num(r.turnPoint), rise: diff(limit) },
          }
        : peers
          ? {
              key: min ? 'monitors.explain.raise.REL_MIN_PEERS' : 'monitors.explain.raise.REL_MAX_PEERS',
              values: { tolerance: diff(r.alertLimit) },
            }
          : {
              key: min ? 'monitors.explain.raise.REL_MIN' : 'monitors.explain.raise.REL_MAX',
              values: { tolerance: diff(r.alertLimit), hours: num(r.turnPoint) },
            },
    );
    if (r.minDuration > 0)
      parts.push({ key: 'monitors.explain.duration', values: { minutes: num(r.minDuration) } });
    // The same clamp as the engine: the reset level stays below the raise level.
    const level = Math.min(r.alertReset, limit - Math.max(1, r.clearMargin));
    const side = level === 0 ? 'AT' : level > 0 ? 'WITHIN' : 'BEYOND';
    parts.push({
      key: `monitors.explain.clear.${min ? 'REL_MIN' : 'REL_MAX'}_${side}`,
      values: level === 0 ? {} : { reset: diff(Math.abs(level)) },
    });
  }
  parts.push({ key: 'monitors.explain.noData', values: { hours: num(DATA_BREAK_SECONDS / 3600) } });
  return parts;
}

/**
 * A value of an explanation as text in the user's unit: a temperature with the offset (45.0 °C =
 * 113.0 °F), a difference without it (1.1 °C = 2.0 °F), one decimal as everywhere (spec §9).
 */
export function explainValueText(value: ExplainValue, unit: DegreesUnit): string {
  switch (value.kind) {
    case 'temperature':
      return formatTemperature(value.tenths, unit, true);
    case 'difference':
    case 'rate': {
      const tenths = unit === 'C' ? value.tenths : Math.round((value.tenths * 9) / 5);
      return `${(tenths / 10).toFixed(1)} °${unit}${value.kind === 'rate' ? '/h' : ''}`;
    }
    case 'number':
      return String(value.value);
    case 'text':
      return value.value;
  }
}
