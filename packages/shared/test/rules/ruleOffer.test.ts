import { describe, expect, it } from 'vitest';
import type { Plan, Service } from '../../src/contracts/users.js';
import { ruleOffer } from '../../src/domain/rules/ruleOffer.js';

const premium: Plan = { planName: 'Premium', planLevel: 2, segment: null, dueDate: null, expired: false };
const compostSupervisor: Plan = { ...premium, planName: 'Supervisor', segment: 14 };
const grainSupervisor: Plan = { ...premium, planName: 'Grain Supervisor', segment: 13 };
const insight: Service = { plan: 2, trial: 0, started: 1, period: 12, expDate: null, surveyCompleted: true };

const farmer = { admin: false, plans: [premium], service: null };
const ALERTS = ['ABS_MAX', 'ABS_MIN', 'REL_MAX', 'REL_MIN', 'RISE_RATE'];
const FANS = ['COOLDOWN_CONTROL', 'CYCLIC_CONTROL', 'MANUAL_CONTROL'];
const fansOn = { hasFanControllers: true, fanRulesEditable: true, rules: [] };
const fansOff = { hasFanControllers: false, fanRulesEditable: true, rules: [] };

// Spec doc 3 §5 "Rule-type list"; docs/decisions/0039-rule-offer-and-monitor-choice.md
describe('ruleOffer', () => {
  it.each([
    ['a farmer without fan controllers', farmer, fansOff, ALERTS, [], 'never', false],
    ['a farmer with fan controllers', farmer, fansOn, [...ALERTS, ...FANS], [], 'never', false],
    [
      'a farmer whose monitor has a fan rule',
      farmer,
      { ...fansOn, rules: [{ type: 'CYCLIC_CONTROL' as const }] },
      [...ALERTS, ...FANS],
      FANS,
      'never',
      false,
    ],
    [
      'a build without the fan editor',
      farmer,
      { ...fansOn, fanRulesEditable: false },
      ALERTS,
      [],
      'never',
      false,
    ],
    ['an Insight user', { ...farmer, service: insight }, fansOn, ['ABS_MAX', 'ABS_MIN'], [], 'never', false],
    ['a compost supervisor', { ...farmer, plans: [compostSupervisor] }, fansOff, ALERTS, [], 'always', true],
    ['a grain supervisor', { ...farmer, plans: [grainSupervisor] }, fansOff, ALERTS, [], 'never', false],
    [
      'an admin (on an Insight account too)',
      { admin: true, plans: [compostSupervisor], service: insight },
      fansOn,
      [...ALERTS, ...FANS],
      [],
      'choose',
      false,
    ],
  ] as const)('offers %s', (_who, ctx, opts, types, disabled, compost, onlyCompost) => {
    expect(ruleOffer({ ...ctx, plans: [...ctx.plans] }, { ...opts, rules: [...opts.rules] })).toEqual({
      types,
      disabled,
      compost,
      onlyCompostRules: onlyCompost,
    });
  });
});
