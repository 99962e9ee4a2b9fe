import type { DegreesUnit } from '../temperature.js';

/**
 * The ranges and defaults of the monitor rules' settings (spec doc 3 §5 and §9; what the spec leaves
 * open is ours and marked so — docs/decisions/0032-rule-engine.md). Every temperature is stored in
 * integer tenths of °C, like the readings. A range the spec gives in both units is kept in both: the
 * editor offers the user's unit's range, and the store accepts the union of the two once converted,
 * so a value saved from either unit passes (20 °F is −6.7 °C: below the Celsius range, yet valid).
 */

export interface UnitRange {
  min: number;
  max: number;
}

/** Whole degrees per unit, as the sliders show them. */
export type RangeByUnit = Record<DegreesUnit, UnitRange>;

/** Spec §5: "Absolute alert limit slider 0-100 °C (20-220 °F), default 45." */
export const ABS_LIMIT_RANGE: RangeByUnit = { C: { min: 0, max: 100 }, F: { min: 20, max: 220 } };
export const ABS_LIMIT_DEFAULT_C = 45;
/**
 * Ours: compost piles run at 55–70 °C on purpose. A compost ABS_MAX warns of a pile that overheats
 * (above 75 °C the microbes die off and the fire risk starts); a compost ABS_MIN watches the
 * sanitisation temperature of 55 °C.
 */
export const COMPOST_ABS_MAX_DEFAULT_C = 75;
export const COMPOST_ABS_MIN_DEFAULT_C = 55;
/** Ours: a plain ABS_MIN warns of freezing or of a cold spot in a warm pile. */
export const ABS_MIN_DEFAULT_C = 5;

/** Spec §5: "Relative alert: tolerance 1-10 °C (2-20 °F)" — a temperature difference. */
export const REL_TOLERANCE_RANGE: RangeByUnit = { C: { min: 1, max: 10 }, F: { min: 2, max: 20 } };
export const REL_TOLERANCE_DEFAULT_C = 5;
/** Spec §5: "reset tolerance -5..5 °C (-10..10 °F)" — a difference too. */
export const REL_RESET_RANGE: RangeByUnit = { C: { min: -5, max: 5 }, F: { min: -10, max: 10 } };
export const REL_RESET_DEFAULT_C = 0;
/** Spec §5: "turn point 1-48" (hours). */
export const TURN_POINT_RANGE: UnitRange = { min: 1, max: 48 };
export const TURN_POINT_DEFAULT_HOURS = 24;

/**
 * Ours (issue 11, the rise-rate rule): a rise faster than this rate, in °C (°F) per hour with one
 * decimal, sustained over the window (hours, the turn point's range). Stored in tenths of °C per hour.
 * Defaults: 0.5 °C/h over 6 h, a rise of 3 °C — self-heating hay climbs a few degrees a day before it
 * runs away; weather and a fresh bale settle slower than this.
 */
export const RISE_RATE_RANGE: RangeByUnit = { C: { min: 0.1, max: 5 }, F: { min: 0.2, max: 9 } };
export const RISE_RATE_DEFAULT_C_PER_H = 0.5;
export const RISE_WINDOW_DEFAULT_HOURS = 6;

/**
 * Beyond the spec (issue 11): the clear margin (hysteresis) an ended condition must pass before an
 * alert clears, and the minimum time a condition must last before it raises. Both differences in
 * tenths / minutes. Defaults: 1 °C, the spec's fan hysteresis, and no delay — a heating stack is
 * reported on its first reading over the limit; the margin alone stops a flickering value from
 * raising twenty alerts.
 */
export const CLEAR_MARGIN_RANGE: RangeByUnit = { C: { min: 0, max: 10 }, F: { min: 0, max: 18 } };
export const CLEAR_MARGIN_DEFAULT_C = 1;
export const MIN_DURATION_RANGE_MINUTES: UnitRange = { min: 0, max: 720 };
export const MIN_DURATION_DEFAULT_MINUTES = 0;

/** Spec doc 3 §9: "Data-break alert after more than 4 hours without base station or probe data." */
export const DATA_BREAK_SECONDS = 4 * 3600;

/** Spec §5: "Cooldown target slider 0-60 °C (20-140 °F), default 10; delta defaults 5 and 15." */
export const COOLDOWN_TARGET_RANGE: RangeByUnit = { C: { min: 0, max: 60 }, F: { min: 20, max: 140 } };
export const COOLDOWN_TARGET_DEFAULT_C = 10;
export const COOLDOWN_DELTA1_DEFAULT_C = 5;
export const COOLDOWN_DELTA2_DEFAULT_C = 15;
/** Ours (the spec gives only the defaults): a fan delta of 0–30 °C. */
export const COOLDOWN_DELTA_RANGE: RangeByUnit = { C: { min: 0, max: 30 }, F: { min: 0, max: 54 } };
/** Spec §9: "Fan rule defaults: outdoor age limit 2, data age limit 6, hysteresis 1." Hours, hours, °C. */
export const OUTDOOR_AGE_LIMIT_DEFAULT_HOURS = 2;
export const DATA_AGE_LIMIT_DEFAULT_HOURS = 6;
export const FAN_HYSTERESIS_DEFAULT_C = 1;
/** Ours: age limits of 1–48 h and a fan hysteresis of 0–5 °C. */
export const AGE_LIMIT_RANGE_HOURS: UnitRange = { min: 1, max: 48 };
export const FAN_HYSTERESIS_RANGE: RangeByUnit = { C: { min: 0, max: 5 }, F: { min: 0, max: 9 } };
/** Spec §9: "Cycle spans 30, 60, 90, 120; run minutes default 30." The on-time runs 1..cycle span (§5). */
export const CYCLE_SPANS = [30, 60, 90, 120] as const;
export type CycleSpan = (typeof CYCLE_SPANS)[number];
export const RUN_MINUTES_DEFAULT = 30;

/** A temperature in the user's unit as stored tenths of °C. */
export function temperatureToTenths(value: number, unit: DegreesUnit): number {
  const c = unit === 'C' ? value : ((value - 32) * 5) / 9;
  return Math.round(c * 10) + 0;
}

/** Stored tenths of °C as the whole degrees a slider shows in the user's unit. */
export function tenthsToTemperature(tenths: number, unit: DegreesUnit): number {
  const c = tenths / 10;
  return Math.round(unit === 'C' ? c : (c * 9) / 5 + 32) + 0;
}

/**
 * A temperature difference in the user's unit as stored tenths of °C: 2 °F is 1.1 °C (11 tenths),
 * not the −16.7 °C an offset conversion would give. Whole °F survive the round trip: each tenth of
 * °C is 0.18 °F, so rounding to tenths moves a value by under 0.1 °F.
 */
export function differenceToTenths(value: number, unit: DegreesUnit): number {
  return Math.round(unit === 'C' ? value * 10 : (value * 50) / 9) + 0;
}

/** Stored tenths of a difference as whole degrees in the user's unit. */
export function tenthsToDifference(tenths: number, unit: DegreesUnit): number {
  return Math.round(unit === 'C' ? tenths / 10 : (tenths * 9) / 50) + 0;
}

/** The stored (tenths) range of a temperature setting: the union of both units' ranges. */
export function storedTemperatureRange(range: RangeByUnit): UnitRange {
  return {
    min: Math.min(temperatureToTenths(range.C.min, 'C'), temperatureToTenths(range.F.min, 'F')),
    max: Math.max(temperatureToTenths(range.C.max, 'C'), temperatureToTenths(range.F.max, 'F')),
  };
}

/** The stored (tenths) range of a difference setting: the union of both units' ranges. */
export function storedDifferenceRange(range: RangeByUnit): UnitRange {
  return {
    min: Math.min(differenceToTenths(range.C.min, 'C'), differenceToTenths(range.F.min, 'F')),
    max: Math.max(differenceToTenths(range.C.max, 'C'), differenceToTenths(range.F.max, 'F')),
  };
}
