import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TEMP_REFS, type RuleCore } from '../../src/contracts/monitors.js';
import { LANGUAGES } from '../../src/contracts/preferences.js';
import { RULE_TYPES } from '../../src/domain/kinds/ruleTypes.js';
import { defaultRuleSettings } from '../../src/domain/rules/defaultRuleSettings.js';
import {
  explainRule,
  explainValueText,
  RULE_EXPLANATION_KEYS,
  type ExplainPart,
} from '../../src/domain/rules/explainRule.js';

const localeDir = join(import.meta.dirname, '../../../../apps/web/src/i18n/locales');

function textsOf(lang: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (o: unknown, prefix: string) => {
    if (typeof o === 'string') out[prefix] = o;
    else if (o && typeof o === 'object')
      for (const [k, v] of Object.entries(o)) walk(v, prefix ? `${prefix}.${k}` : k);
  };
  walk(JSON.parse(readFileSync(join(localeDir, lang, 'monitors.json'), 'utf8')), '');
  return out;
}

/** Every rule type with every reference, depth, reset side, compost flag and schedule. */
function allRules(): RuleCore[] {
  const rules: RuleCore[] = [];
  for (const type of RULE_TYPES)
    for (const compost of [false, true]) {
      const base = defaultRuleSettings(type, compost);
      if (type === 'ABS_MAX' || type === 'ABS_MIN') {
        for (const tempRef of ['SINGLE', 'AVG', 'MAX'] as const)
          for (const refDepth of tempRef === 'SINGLE' ? [null, 2] : [null])
            rules.push({
              type,
              settings: { ...defaultRuleSettings(type, compost), tempRef, refDepth, minDuration: 5 },
            });
      } else if (type === 'REL_MAX' || type === 'REL_MIN') {
        for (const tempRef of TEMP_REFS)
          for (const alertReset of [-30, 0, 30])
            for (const refDepth of tempRef === 'SINGLE' || tempRef === 'AVERAGE_DEPTH' ? [null, 1] : [null])
              rules.push({
                type,
                settings: { ...defaultRuleSettings(type, compost), tempRef, alertReset, refDepth },
              });
      } else if (type === 'RISE_RATE') {
        for (const tempRef of ['SINGLE', 'AVG', 'MAX'] as const)
          for (const alertReset of [-30, 0, 30])
            rules.push({ type, settings: { ...defaultRuleSettings(type, compost), tempRef, alertReset } });
      } else if (type === 'COOLDOWN_CONTROL' || type === 'CYCLIC_CONTROL') {
        rules.push({ type, settings: { ...defaultRuleSettings(type), schedulerEnabled: true } } as RuleCore);
        rules.push({
          type,
          settings: { ...defaultRuleSettings(type), schedulerEnabled: true, reverseDisabled: true },
        } as RuleCore);
        rules.push({ type, settings: base } as RuleCore);
      } else rules.push({ type, settings: defaultRuleSettings(type) });
    }
  return rules;
}

const keys = (parts: ExplainPart[]) => parts.map((p) => p.key.replace('monitors.explain.', ''));

describe('a rule explained in words', () => {
  it('ABS_MAX: what is watched, when it raises (45 °C), when it clears (44 °C), silence', () => {
    const parts = explainRule({ type: 'ABS_MAX', settings: defaultRuleSettings('ABS_MAX') });
    expect(keys(parts)).toEqual(['watch.SINGLE', 'raise.ABS_MAX', 'clear.ABS_MAX', 'noData']);
    expect(parts[1]?.values.limit).toEqual({ kind: 'temperature', tenths: 450 });
    expect(parts[2]?.values.level).toEqual({ kind: 'temperature', tenths: 440 });
    expect(parts[3]?.values.hours).toEqual({ kind: 'number', value: 4 });
  });

  it('ABS_MIN compost with a minimum duration, at one depth (shown counted from 1)', () => {
    const settings = { ...defaultRuleSettings('ABS_MIN', true), minDuration: 30, refDepth: 1 };
    const parts = explainRule({ type: 'ABS_MIN', settings });
    expect(keys(parts)).toEqual([
      'watch.SINGLE_DEPTH',
      'raise.ABS_MIN_COMPOST',
      'duration',
      'clear.ABS_MIN',
      'noData',
    ]);
    expect(parts[0]?.values.depth).toEqual({ kind: 'number', value: 2 });
    expect(parts[3]?.values.level).toEqual({ kind: 'temperature', tenths: 560 });
  });

  it('REL_MAX: the tolerance and reset are differences, the turn point hours', () => {
    const settings = { ...defaultRuleSettings('REL_MAX'), alertLimit: 11, turnPoint: 12, alertReset: -20 };
    const parts = explainRule({ type: 'REL_MAX', settings });
    expect(keys(parts)).toEqual(['watch.SINGLE', 'raise.REL_MAX', 'clear.REL_MAX_BEYOND', 'noData']);
    expect(parts[1]?.values).toEqual({
      tolerance: { kind: 'difference', tenths: 11 },
      hours: { kind: 'number', value: 12 },
    });
    expect(parts[2]?.values.reset).toEqual({ kind: 'difference', tenths: 20 });
  });

  it('RISE_RATE: the rate per hour, the window, and the rise they make; it clears like REL_MAX', () => {
    const settings = { ...defaultRuleSettings('RISE_RATE'), alertLimit: 5, turnPoint: 6, alertReset: 10 };
    const parts = explainRule({ type: 'RISE_RATE', settings });
    expect(keys(parts)).toEqual(['watch.SINGLE', 'raise.RISE_RATE', 'clear.REL_MAX_WITHIN', 'noData']);
    expect(parts[1]?.values).toEqual({
      rate: { kind: 'rate', tenths: 5 },
      hours: { kind: 'number', value: 6 },
      rise: { kind: 'difference', tenths: 30 },
    });
    expect(explainValueText({ kind: 'rate', tenths: 5 }, 'C')).toBe('0.5 °C/h');
    expect(explainValueText({ kind: 'rate', tenths: 5 }, 'F')).toBe('0.9 °F/h');
  });

  it('REL_MIN against the other probes at one depth, with the reset level the engine uses', () => {
    const settings = {
      ...defaultRuleSettings('REL_MIN'),
      tempRef: 'AVERAGE_DEPTH' as const,
      refDepth: 0,
      alertLimit: 20,
      alertReset: 50,
    };
    const parts = explainRule({ type: 'REL_MIN', settings });
    expect(keys(parts)).toEqual([
      'watch.AVERAGE_DEPTH_DEPTH',
      'raise.REL_MIN_PEERS',
      'clear.REL_MIN_WITHIN',
      'noData',
    ]);
    // A reset tolerance of 5 °C on a 2 °C tolerance is held at 2 − 1 (the clear margin) = 1 °C.
    expect(parts[2]?.values.reset).toEqual({ kind: 'difference', tenths: 10 });
  });

  it('fan rules name their controller, and the schedule when it is on', () => {
    const cyclic = { ...defaultRuleSettings('CYCLIC_CONTROL'), FC_ID: 'FC7', schedulerEnabled: true };
    cyclic.disabledHours = cyclic.disabledHours.map((): [number, number] => [22, 6]);
    const parts = explainRule({ type: 'CYCLIC_CONTROL', settings: cyclic });
    expect(keys(parts)).toEqual(['fan.CYCLIC_CONTROL', 'fan.scheduler']);
    expect(parts[0]?.values).toEqual({
      fc: { kind: 'text', value: 'FC7' },
      run: { kind: 'number', value: 30 },
      cycle: { kind: 'number', value: 60 },
    });
  });

  it('a cooldown rule tells its air window, its run from start to target, its safety level and its data ages', () => {
    const settings = {
      ...defaultRuleSettings('COOLDOWN_CONTROL'),
      FC_ID: 'FC7',
      outdoorID: 'G-9',
      schedulerEnabled: true,
      reverseDisabled: true,
    };
    settings.disabledHours = settings.disabledHours.map((): [number, number] => [6, 22]);
    const parts = explainRule({ type: 'COOLDOWN_CONTROL', settings });
    expect(keys(parts)).toEqual([
      'fan.COOLDOWN_CONTROL',
      'fan.cooldownWindow',
      'fan.cooldownTarget',
      'fan.cooldownSafety',
      'fan.cooldownAges',
      'fan.schedulerReverse',
    ]);
    expect(parts[1]?.values).toEqual({
      delta1: { kind: 'difference', tenths: 50 },
      delta2: { kind: 'difference', tenths: 150 },
    });
    // Target 10 °C with a hysteresis of 1 °C: a run starts above 11 °C; safety from 10 + 15 = 25 °C.
    expect(parts[2]?.values.start).toEqual({ kind: 'temperature', tenths: 110 });
    expect(parts[3]?.values).toEqual({ safety: { kind: 'temperature', tenths: 250 } });
    expect(parts[4]?.values).toEqual({
      dataAge: { kind: 'number', value: 6 },
      outdoorAge: { kind: 'number', value: 2 },
    });
  });

  it('every rule type and reference gives only known keys, and each key is reachable', () => {
    const seen = new Set<string>();
    const rules = allRules();
    for (const rule of rules) for (const p of explainRule(rule)) seen.add(p.key);
    expect([...seen].sort()).toEqual([...RULE_EXPLANATION_KEYS].sort());
  });
});

describe('the explanation texts (locales/<lang>/monitors.json)', () => {
  const en = textsOf('en');

  it('hold exactly the explanation keys, and the range message, in every language', () => {
    // The file also holds the monitors screens' texts; the explanation's own part must match exactly.
    const explained = (lang: (typeof LANGUAGES)[number]) =>
      Object.keys(textsOf(lang))
        .filter((k) => k.startsWith('monitors.explain.'))
        .sort();
    for (const lang of LANGUAGES) {
      expect(explained(lang)).toEqual([...RULE_EXPLANATION_KEYS].sort());
      expect(textsOf(lang)['monitors.err_value_between']).toBeTruthy();
    }
  });

  it('give each part a text with exactly the placeholders of its values', () => {
    const sample = allRules();
    for (const lang of LANGUAGES) {
      const texts = textsOf(lang);
      for (const rule of sample)
        for (const part of explainRule(rule)) {
          const text = texts[part.key] ?? '';
          const placeholders = [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
          expect({ lang, key: part.key, placeholders }).toEqual({
            lang,
            key: part.key,
            placeholders: Object.keys(part.values).sort(),
          });
        }
    }
  });

  it('say it in English as the editor shows it', () => {
    expect(en['monitors.explain.raise.ABS_MAX']).toBe(
      'An alert is raised when the temperature rises above {{limit}}.',
    );
  });
});

describe("an explanation read out in the user's unit", () => {
  const en = textsOf('en');
  const sentence = (rule: RuleCore, unit: 'C' | 'F') =>
    explainRule(rule)
      .map((p) =>
        (en[p.key] ?? '').replace(/\{\{(\w+)\}\}/g, (_m, name: string) => {
          const v = p.values[name];
          return v ? explainValueText(v, unit) : '?';
        }),
      )
      .join(' ');

  it('REL_MAX with a 2 °F tolerance, as a °F user and as a °C user reads it', () => {
    const rule: RuleCore = {
      type: 'REL_MAX',
      settings: { ...defaultRuleSettings('REL_MAX'), alertLimit: 11 },
    };
    expect(sentence(rule, 'F')).toBe(
      'Each depth of each probe is watched on its own. ' +
        'An alert is raised when the temperature rises more than 2.0 °F above its lowest reading of the last 24 h. ' +
        'The alert clears itself when the temperature is back down to the reference temperature; you can also reset it. ' +
        'A probe silent for more than 4 h is shown as without data; its alerts stay until it reports again.',
    );
    expect(sentence(rule, 'C')).toContain('rises more than 1.1 °C above');
  });

  it('ABS_MAX 45 °C clears at 44.0 °C: 113.0 °F and 111.2 °F', () => {
    const rule: RuleCore = { type: 'ABS_MAX', settings: defaultRuleSettings('ABS_MAX') };
    expect(sentence(rule, 'F')).toContain(
      'rises above 113.0 °F. The alert clears when the temperature is back at 111.2 °F or below.',
    );
  });
});
