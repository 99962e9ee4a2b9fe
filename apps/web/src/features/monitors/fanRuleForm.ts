import {
  schedulerIsUseless,
  type CooldownSettings,
  type CyclicSettings,
  type FanRule,
  type ManualSettings,
} from '@emberwatch/shared/contracts/monitors';
import {
  ruleFieldError,
  ruleFieldFromStored,
  ruleFieldToStored,
  ruleFieldRange,
  type RuleField,
} from '@emberwatch/shared/domain/rules/ruleFieldRange';
import {
  AGE_LIMIT_RANGE_HOURS,
  CYCLE_SPANS,
  type CycleSpan,
} from '@emberwatch/shared/domain/rules/ruleLimits';
import type { DegreesUnit } from '@emberwatch/shared/domain/temperature';

type DraftOf<R> = R extends FanRule ? Pick<R, 'id' | 'type' | 'settings'> : never;
/** A fan rule as the editor holds it (alerts and state stay on the monitor's copy). */
export type FanRuleDraft = DraftOf<FanRule>;

/** The cooldown rule's numbers, typed as text in the user's unit until they are valid. */
export const COOLDOWN_NUMBERS = [
  'targetTemp',
  'delta1',
  'delta2',
  'hysteresis',
  'dataAgelimit',
  'outdoorAgelimit',
] as const;
export type CooldownNumber = (typeof COOLDOWN_NUMBERS)[number];

/** The editor field (range and unit conversion) behind each number; ages are plain hours. */
const FIELD_OF: Record<CooldownNumber, RuleField | 'ageHours'> = {
  targetTemp: 'cooldownTarget',
  delta1: 'cooldownDelta',
  delta2: 'cooldownDelta',
  hysteresis: 'fanHysteresis',
  dataAgelimit: 'ageHours',
  outdoorAgelimit: 'ageHours',
};

export interface FanRuleForm {
  type: FanRuleDraft['type'];
  FC_ID: string;
  outdoorID: string;
  numbers: Record<CooldownNumber, string>;
  cycleSpan: CycleSpan;
  runMinutes: number;
  notifications: boolean;
  schedulerEnabled: boolean;
  disabledHours: [number, number][];
  reverseDisabled: boolean;
}

export type FanRuleErrorKey =
  | 'monitors.err_value_between'
  | 'monitors.fanRule.errors.controller'
  | 'monitors.fanRule.errors.outdoor'
  | 'monitors.fanRule.errors.scheduler';

export interface FanRuleError {
  key: FanRuleErrorKey;
  min?: number;
  max?: number;
}

export type FanRuleErrors = Partial<
  Record<CooldownNumber | 'FC_ID' | 'outdoorID' | 'disabledHours', FanRuleError>
>;

const noSchedule = (): [number, number][] => Array.from({ length: 7 }, (): [number, number] => [0, 0]);

/** The form of a rule being edited; what one type lacks starts at the spec's defaults. */
export function fanRuleForm(
  rule: FanRuleDraft,
  unit: DegreesUnit,
  defaults: { cooldown: CooldownSettings; cyclic: CyclicSettings },
): FanRuleForm {
  const s = rule.settings as Partial<CooldownSettings & CyclicSettings> & ManualSettings;
  const cooldown = { ...defaults.cooldown, ...(rule.type === 'COOLDOWN_CONTROL' ? s : {}) };
  const shown = (n: CooldownNumber) => {
    const field = FIELD_OF[n];
    return String(field === 'ageHours' ? cooldown[n] : ruleFieldFromStored(field, cooldown[n], unit));
  };
  return {
    type: rule.type,
    FC_ID: s.FC_ID,
    outdoorID: cooldown.outdoorID,
    numbers: Object.fromEntries(COOLDOWN_NUMBERS.map((n) => [n, shown(n)])) as Record<CooldownNumber, string>,
    cycleSpan: s.cycleSpan ?? defaults.cyclic.cycleSpan,
    runMinutes: s.runMinutes ?? defaults.cyclic.runMinutes,
    notifications: s.notifications,
    schedulerEnabled: s.schedulerEnabled ?? false,
    disabledHours: (s.disabledHours ?? noSchedule()).map(([a, b]): [number, number] => [a, b]),
    reverseDisabled: s.reverseDisabled ?? false,
  };
}

/** Spec doc 3 §5: lowering the cycle span below the on-time lowers the on-time to match. */
export function withSpan(form: FanRuleForm, cycleSpan: CycleSpan): FanRuleForm {
  return { ...form, cycleSpan, runMinutes: Math.min(form.runMinutes, cycleSpan) };
}

/** The on-time choices: 1 … the cycle span (spec doc 3 §5). */
export function runMinuteRange(form: Pick<FanRuleForm, 'cycleSpan'>): { min: number; max: number } {
  return { min: 1, max: form.cycleSpan };
}

export const CYCLE_SPAN_CHOICES: readonly CycleSpan[] = CYCLE_SPANS;

function numberError(n: CooldownNumber, text: string, unit: DegreesUnit): FanRuleError | null {
  const value = text.trim() === '' ? Number.NaN : Number(text);
  const field = FIELD_OF[n];
  if (field !== 'ageHours') return ruleFieldError(field, value, unit);
  const { min, max } = AGE_LIMIT_RANGE_HOURS;
  return Number.isInteger(value) && value >= min && value <= max
    ? null
    : { key: 'monitors.err_value_between', min, max };
}

/**
 * What stops the rule's OK (spec doc 3 §5): no controller; for a cooldown rule no outdoor probe or a
 * number outside its range; with the scheduler on, seven unrestricted days or seven 0–24 days. The
 * same checks as the contract's schemas (contracts/monitors.ts), made without zod, which the web
 * build does not ship; a test holds the drafts to the schemas.
 */
export function fanRuleErrors(form: FanRuleForm, unit: DegreesUnit): FanRuleErrors {
  const errors: FanRuleErrors = {};
  if (form.FC_ID.trim() === '') errors.FC_ID = { key: 'monitors.fanRule.errors.controller' };
  if (form.type === 'COOLDOWN_CONTROL') {
    if (form.outdoorID.trim() === '') errors.outdoorID = { key: 'monitors.fanRule.errors.outdoor' };
    for (const n of COOLDOWN_NUMBERS) {
      const err = numberError(n, form.numbers[n], unit);
      if (err) errors[n] = err;
    }
  }
  if (form.type !== 'MANUAL_CONTROL' && schedulerIsUseless(form))
    errors.disabledHours = { key: 'monitors.fanRule.errors.scheduler' };
  return errors;
}

/** The rule the form describes, or null while it has errors. */
export function fanRuleDraft(form: FanRuleForm, id: number, unit: DegreesUnit): FanRuleDraft | null {
  if (Object.keys(fanRuleErrors(form, unit)).length > 0) return null;
  const FC_ID = form.FC_ID.trim();
  const scheduler = {
    schedulerEnabled: form.schedulerEnabled,
    disabledHours: form.disabledHours.map(([a, b]): [number, number] => [a, b]),
    reverseDisabled: form.reverseDisabled,
  };
  switch (form.type) {
    case 'MANUAL_CONTROL':
      return { id, type: form.type, settings: { FC_ID, notifications: form.notifications } };
    case 'CYCLIC_CONTROL':
      return {
        id,
        type: form.type,
        settings: {
          FC_ID,
          cycleSpan: form.cycleSpan,
          runMinutes: Math.min(form.runMinutes, form.cycleSpan),
          notifications: form.notifications,
          ...scheduler,
        },
      };
    case 'COOLDOWN_CONTROL': {
      const stored = (n: CooldownNumber) => {
        const field = FIELD_OF[n];
        const value = Number(form.numbers[n]);
        return field === 'ageHours' ? value : ruleFieldToStored(field, value, unit);
      };
      return {
        id,
        type: form.type,
        settings: {
          FC_ID,
          outdoorID: form.outdoorID.trim(),
          targetTemp: stored('targetTemp'),
          delta1: stored('delta1'),
          delta2: stored('delta2'),
          outdoorAgelimit: stored('outdoorAgelimit'),
          dataAgelimit: stored('dataAgelimit'),
          hysteresis: stored('hysteresis'),
          notifications: form.notifications,
          ...scheduler,
        },
      };
    }
  }
}

/** The range a number field offers in the user's unit. */
export function cooldownNumberRange(n: CooldownNumber, unit: DegreesUnit): { min: number; max: number } {
  const field = FIELD_OF[n];
  return field === 'ageHours' ? AGE_LIMIT_RANGE_HOURS : ruleFieldRange(field, unit);
}
