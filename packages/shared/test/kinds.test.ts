import { describe, expect, it } from 'vitest';
import { ALERT_CHANNEL_INFO, ALERT_CHANNELS } from '../src/domain/kinds/alertChannels.js';
import { CONTROLLER_TYPE_INFO, CONTROLLER_TYPES } from '../src/domain/kinds/controllerTypes.js';
import { RULE_TYPE_INFO, RULE_TYPES, isRuleType } from '../src/domain/kinds/ruleTypes.js';
import { STORAGE_LAYOUT_INFO, STORAGE_LAYOUTS, storageLayoutOf } from '../src/domain/kinds/storageLayouts.js';

describe('kind registries', () => {
  it.each([
    ['rule types', RULE_TYPES, RULE_TYPE_INFO],
    ['alert channels', ALERT_CHANNELS, ALERT_CHANNEL_INFO],
    ['controller types', CONTROLLER_TYPES, CONTROLLER_TYPE_INFO],
    ['storage layouts', STORAGE_LAYOUTS, STORAGE_LAYOUT_INFO],
  ] as const)('%s: the registry knows exactly the listed kinds', (_name, kinds, registry) => {
    expect(Object.keys(registry).sort()).toEqual([...kinds].sort());
  });

  it.each([
    ['ABS_MAX', 'ABS', false],
    ['ABS_MIN', 'ABS', true],
    ['REL_MAX', 'REL', false],
    ['REL_MIN', 'REL', true],
    ['COOLDOWN_CONTROL', 'FC', false],
  ] as const)('rule %s is in group %s (isMin %s), spec doc 3 §3', (type, group, isMin) => {
    expect(RULE_TYPE_INFO[type].group).toBe(group);
    expect(RULE_TYPE_INFO[type].isMin).toBe(isMin);
  });

  it('tells rule types from other strings', () => {
    expect(isRuleType('REL_MIN')).toBe(true);
    expect(isRuleType('hasOwnProperty')).toBe(false);
  });

  it.each([
    [3, 'stacks'],
    [1, 'rows'],
    [2, 'floors'],
    [0, null],
    [null, null],
  ] as const)('layoutType %s is %s (spec doc 3 §3: 3 means stacks)', (code, layout) => {
    expect(storageLayoutOf(code)).toBe(layout);
  });

  it('stacks use the spec defaults: angle 0, cell 40, spacing 100 (doc 3 §9)', () => {
    expect(STORAGE_LAYOUT_INFO.stacks.defaults).toEqual({ angle: 0, cellSize: 40, spacing: 100 });
  });
});
