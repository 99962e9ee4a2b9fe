import type { DegreesUnit } from '../temperature.js';
import {
  ABS_LIMIT_RANGE,
  CLEAR_MARGIN_RANGE,
  COOLDOWN_DELTA_RANGE,
  COOLDOWN_TARGET_RANGE,
  FAN_HYSTERESIS_RANGE,
  MIN_DURATION_RANGE_MINUTES,
  REL_RESET_RANGE,
  REL_TOLERANCE_RANGE,
  RISE_RATE_RANGE,
  TURN_POINT_RANGE,
  differenceToTenths,
  temperatureToTenths,
  tenthsToDifference,
  tenthsToTemperature,
  type RangeByUnit,
  type UnitRange,
} from './ruleLimits.js';

/**
 * The rule editor's numeric fields: the range the slider or field offers in the user's unit, and how
 * a value typed in that unit is stored. Spec §5: "Relative alert: tolerance 1-10 °C (2-20 °F),
 * message 'err_value_between' with the range".
 */
export type RuleField =
  | 'absLimit'
  | 'tolerance'
  | 'alertReset'
  | 'turnPoint'
  | 'riseRate'
  | 'riseWindow'
  | 'clearMargin'
  | 'minDuration'
  | 'cooldownTarget'
  | 'cooldownDelta'
  | 'fanHysteresis';

/** A rate is a difference per hour, typed with one decimal (0.5 °C/h); the others are whole numbers. */
type FieldKind = 'temperature' | 'difference' | 'rate' | 'plain';

const FIELDS: Record<RuleField, { kind: FieldKind; range: RangeByUnit | UnitRange }> = {
  absLimit: { kind: 'temperature', range: ABS_LIMIT_RANGE },
  tolerance: { kind: 'difference', range: REL_TOLERANCE_RANGE },
  alertReset: { kind: 'difference', range: REL_RESET_RANGE },
  turnPoint: { kind: 'plain', range: TURN_POINT_RANGE },
  riseRate: { kind: 'rate', range: RISE_RATE_RANGE },
  riseWindow: { kind: 'plain', range: TURN_POINT_RANGE },
  clearMargin: { kind: 'difference', range: CLEAR_MARGIN_RANGE },
  minDuration: { kind: 'plain', range: MIN_DURATION_RANGE_MINUTES },
  cooldownTarget: { kind: 'temperature', range: COOLDOWN_TARGET_RANGE },
  cooldownDelta: { kind: 'difference', range: COOLDOWN_DELTA_RANGE },
  fanHysteresis: { kind: 'difference', range: FAN_HYSTERESIS_RANGE },
};

/** The smallest change a field takes: a tenth for rates, a whole unit otherwise. */
export function ruleFieldStep(field: RuleField): number {
  return FIELDS[field].kind === 'rate' ? 0.1 : 1;
}

/** The field's range in the user's unit (whole degrees, hours or minutes). */
export function ruleFieldRange(field: RuleField, unit: DegreesUnit): UnitRange {
  const { range } = FIELDS[field];
  return 'C' in range ? range[unit] : range;
}

/** A value in the user's unit as stored: tenths of °C for temperatures and differences. */
export function ruleFieldToStored(field: RuleField, value: number, unit: DegreesUnit): number {
  const kind = FIELDS[field].kind;
  if (kind === 'temperature') return temperatureToTenths(value, unit);
  if (kind === 'difference' || kind === 'rate') return differenceToTenths(value, unit);
  return value;
}

/** A stored value as the field shows it in the user's unit. */
export function ruleFieldFromStored(field: RuleField, stored: number, unit: DegreesUnit): number {
  const kind = FIELDS[field].kind;
  if (kind === 'temperature') return tenthsToTemperature(stored, unit);
  if (kind === 'difference') return tenthsToDifference(stored, unit);
  if (kind === 'rate') return Math.round(unit === 'C' ? stored : (stored * 9) / 5) / 10;
  return stored;
}

export interface RuleFieldError {
  /** The spec's message, with the range to show in it. */
  key: 'monitors.err_value_between';
  min: number;
  max: number;
}

/** Null when the value (in the user's unit) is a whole number within the field's range. */
export function ruleFieldError(field: RuleField, value: number, unit: DegreesUnit): RuleFieldError | null {
  const { min, max } = ruleFieldRange(field, unit);
  const step = ruleFieldStep(field);
  // Within a hair of a step: 0.3 typed is 0.30000000000000004 once multiplied.
  const onStep = Math.abs(value / step - Math.round(value / step)) < 1e-9;
  if (onStep && value >= min - 1e-9 && value <= max + 1e-9) return null;
  return { key: 'monitors.err_value_between', min, max };
}
