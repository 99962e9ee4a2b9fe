import type {
  AbsRuleSettings,
  CooldownSettings,
  CyclicSettings,
  ManualSettings,
  RelRuleSettings,
  RiseRateSettings,
} from '../../contracts/monitors.js';
import type { RuleType } from '../kinds/ruleTypes.js';
import {
  ABS_LIMIT_DEFAULT_C,
  ABS_MIN_DEFAULT_C,
  CLEAR_MARGIN_DEFAULT_C,
  COMPOST_ABS_MAX_DEFAULT_C,
  COMPOST_ABS_MIN_DEFAULT_C,
  COOLDOWN_DELTA1_DEFAULT_C,
  COOLDOWN_DELTA2_DEFAULT_C,
  COOLDOWN_TARGET_DEFAULT_C,
  DATA_AGE_LIMIT_DEFAULT_HOURS,
  FAN_HYSTERESIS_DEFAULT_C,
  MIN_DURATION_DEFAULT_MINUTES,
  OUTDOOR_AGE_LIMIT_DEFAULT_HOURS,
  REL_RESET_DEFAULT_C,
  REL_TOLERANCE_DEFAULT_C,
  RISE_RATE_DEFAULT_C_PER_H,
  RISE_WINDOW_DEFAULT_HOURS,
  RUN_MINUTES_DEFAULT,
  TURN_POINT_DEFAULT_HOURS,
} from './ruleLimits.js';

export interface DefaultSettingsByType {
  ABS_MAX: AbsRuleSettings;
  ABS_MIN: AbsRuleSettings;
  REL_MAX: RelRuleSettings;
  REL_MIN: RelRuleSettings;
  RISE_RATE: RiseRateSettings;
  COOLDOWN_CONTROL: CooldownSettings;
  CYCLIC_CONTROL: CyclicSettings;
  MANUAL_CONTROL: ManualSettings;
}

/** Ours: the cycle a new cyclic rule starts with (spec §9 lists 30, 60, 90, 120). */
export const CYCLE_SPAN_DEFAULT = 60;

const tenths = (c: number) => Math.round(c * 10);

/**
 * A new rule's settings (spec §5 and §9 defaults; ours where the spec is silent). Fan rules start
 * without a controller or outdoor probe: the editor's save stays disabled until they are chosen.
 */
export function defaultRuleSettings<T extends RuleType>(type: T, compost = false): DefaultSettingsByType[T] {
  const alertBase = {
    tempRef: 'SINGLE' as const,
    refDepth: null,
    compostRule: compost,
    clearMargin: tenths(CLEAR_MARGIN_DEFAULT_C),
    minDuration: MIN_DURATION_DEFAULT_MINUTES,
  };
  const rel: RelRuleSettings = {
    ...alertBase,
    alertLimit: tenths(REL_TOLERANCE_DEFAULT_C),
    turnPoint: TURN_POINT_DEFAULT_HOURS,
    alertReset: tenths(REL_RESET_DEFAULT_C),
  };
  const noSchedule: [number, number][] = Array.from({ length: 7 }, () => [0, 0]);
  const all: DefaultSettingsByType = {
    ABS_MAX: { ...alertBase, alertLimit: tenths(compost ? COMPOST_ABS_MAX_DEFAULT_C : ABS_LIMIT_DEFAULT_C) },
    ABS_MIN: { ...alertBase, alertLimit: tenths(compost ? COMPOST_ABS_MIN_DEFAULT_C : ABS_MIN_DEFAULT_C) },
    REL_MAX: rel,
    REL_MIN: { ...rel },
    RISE_RATE: {
      ...alertBase,
      alertLimit: tenths(RISE_RATE_DEFAULT_C_PER_H),
      turnPoint: RISE_WINDOW_DEFAULT_HOURS,
      alertReset: tenths(REL_RESET_DEFAULT_C),
    },
    COOLDOWN_CONTROL: {
      FC_ID: '',
      outdoorID: '',
      targetTemp: tenths(COOLDOWN_TARGET_DEFAULT_C),
      delta1: tenths(COOLDOWN_DELTA1_DEFAULT_C),
      delta2: tenths(COOLDOWN_DELTA2_DEFAULT_C),
      outdoorAgelimit: OUTDOOR_AGE_LIMIT_DEFAULT_HOURS,
      dataAgelimit: DATA_AGE_LIMIT_DEFAULT_HOURS,
      hysteresis: tenths(FAN_HYSTERESIS_DEFAULT_C),
      notifications: true,
      schedulerEnabled: false,
      disabledHours: noSchedule,
      reverseDisabled: false,
    },
    CYCLIC_CONTROL: {
      FC_ID: '',
      cycleSpan: CYCLE_SPAN_DEFAULT,
      runMinutes: RUN_MINUTES_DEFAULT,
      notifications: true,
      schedulerEnabled: false,
      disabledHours: noSchedule.map(([a, b]): [number, number] => [a, b]),
      reverseDisabled: false,
    },
    MANUAL_CONTROL: { FC_ID: '', notifications: true },
  };
  return all[type];
}

/** Spec §5: "Lowering the cycle span below the on-time lowers the on-time to match." */
export function withCycleSpan(
  settings: CyclicSettings,
  cycleSpan: CyclicSettings['cycleSpan'],
): CyclicSettings {
  return { ...settings, cycleSpan, runMinutes: Math.min(settings.runMinutes, cycleSpan) };
}
