import { describe, expect, it } from 'vitest';
import { relRuleSettingsSchema, riseRateSettingsSchema } from '../../src/contracts/monitors.js';
import { defaultRuleSettings } from '../../src/domain/rules/defaultRuleSettings.js';
import {
  ruleFieldError,
  ruleFieldFromStored,
  ruleFieldRange,
  ruleFieldToStored,
  type RuleField,
} from '../../src/domain/rules/ruleFieldRange.js';

describe('rule editor fields (spec §5)', () => {
  it.each([
    ['absLimit', 'C', 0, 100],
    ['absLimit', 'F', 20, 220],
    ['tolerance', 'C', 1, 10],
    ['tolerance', 'F', 2, 20],
    ['alertReset', 'C', -5, 5],
    ['alertReset', 'F', -10, 10],
    ['turnPoint', 'F', 1, 48],
    ['riseRate', 'C', 0.1, 5],
    ['riseRate', 'F', 0.2, 9],
    ['riseWindow', 'C', 1, 48],
    ['cooldownTarget', 'C', 0, 60],
    ['cooldownTarget', 'F', 20, 140],
  ] as const)('%s in °%s runs %d…%d', (field, unit, min, max) => {
    expect(ruleFieldRange(field, unit)).toEqual({ min, max });
  });

  it("answers 'err_value_between' with the range of the user's unit", () => {
    expect(ruleFieldError('tolerance', 11, 'C')).toEqual({
      key: 'monitors.err_value_between',
      min: 1,
      max: 10,
    });
    expect(ruleFieldError('tolerance', 11, 'F')).toBeNull();
    expect(ruleFieldError('tolerance', 1, 'F')).toEqual({
      key: 'monitors.err_value_between',
      min: 2,
      max: 20,
    });
    expect(ruleFieldError('turnPoint', 0, 'C')).not.toBeNull();
    expect(ruleFieldError('turnPoint', 24.5, 'C')).not.toBeNull();
    expect(ruleFieldError('alertReset', -5, 'C')).toBeNull();
  });

  it('stores temperatures with the offset and differences without it', () => {
    expect(ruleFieldToStored('absLimit', 113, 'F')).toBe(450);
    expect(ruleFieldToStored('tolerance', 2, 'F')).toBe(11);
    expect(ruleFieldToStored('alertReset', -10, 'F')).toBe(-56);
    expect(ruleFieldToStored('turnPoint', 12, 'F')).toBe(12);
    expect(ruleFieldFromStored('absLimit', 450, 'F')).toBe(113);
    expect(ruleFieldFromStored('tolerance', 50, 'F')).toBe(9);
  });

  it('takes a rise rate with one decimal, in tenths of °C per hour, and gives it back alike', () => {
    expect(ruleFieldError('riseRate', 0.3, 'C')).toBeNull();
    expect(ruleFieldError('riseRate', 0.25, 'C')).not.toBeNull();
    expect(ruleFieldError('riseRate', 0.1, 'F')).not.toBeNull();
    expect(ruleFieldError('riseRate', 9, 'F')).toBeNull();
    expect(ruleFieldToStored('riseRate', 0.5, 'C')).toBe(5);
    expect(ruleFieldToStored('riseRate', 0.9, 'F')).toBe(5);
    expect(ruleFieldFromStored('riseRate', 5, 'C')).toBe(0.5);
    expect(ruleFieldFromStored('riseRate', 5, 'F')).toBe(0.9);
    for (const unit of ['C', 'F'] as const) {
      const { min, max } = ruleFieldRange('riseRate', unit);
      for (let tenths = Math.round(min * 10); tenths <= Math.round(max * 10); tenths++) {
        const stored = ruleFieldToStored('riseRate', tenths / 10, unit);
        const settings = { ...defaultRuleSettings('RISE_RATE'), alertLimit: stored };
        expect({ unit, tenths, ok: riseRateSettingsSchema.safeParse(settings).success }).toEqual({
          unit,
          tenths,
          ok: true,
        });
      }
    }
  });

  it('every value the editor accepts in either unit is accepted by the store', () => {
    const fields: [RuleField, 'alertLimit' | 'alertReset' | 'turnPoint'][] = [
      ['tolerance', 'alertLimit'],
      ['alertReset', 'alertReset'],
      ['turnPoint', 'turnPoint'],
    ];
    for (const unit of ['C', 'F'] as const)
      for (const [field, key] of fields) {
        const { min, max } = ruleFieldRange(field, unit);
        for (let v = min; v <= max; v++) {
          const settings = { ...defaultRuleSettings('REL_MAX'), [key]: ruleFieldToStored(field, v, unit) };
          expect({ unit, field, v, ok: relRuleSettingsSchema.safeParse(settings).success }).toEqual({
            unit,
            field,
            v,
            ok: true,
          });
        }
      }
  });
});
