/**
 * The fleet's probe stop settings (spec doc 1 §7 getProbeStopSettings / saveProbeStopSettings;
 * decision 0094): when a silent station or probe counts as stopped — a data break — for every account
 * that chose no delay of its own (decision 0071). The operator sets them in the console; the
 * data-break rules (dataBreaks/dataBreakDelay.ts) read them.
 */
import {
  DATA_BREAK_DEFAULT_S,
  DATA_BREAK_DELAY_MAX_S,
  DATA_BREAK_DELAY_MIN_S,
  DATA_BREAK_REPORTING_INTERVALS,
} from '../dataBreaks/dataBreakDelay.js';

/** The fleet default obeys the owner's bounds: the owner could choose it too. */
export const PROBE_STOP_DEFAULT_MIN_S = DATA_BREAK_DELAY_MIN_S;
export const PROBE_STOP_DEFAULT_MAX_S = DATA_BREAK_DELAY_MAX_S;
/** Two lost packets are ordinary; more than six make an hourly probe wait six hours at least. */
export const PROBE_STOP_INTERVALS_MIN = 2;
export const PROBE_STOP_INTERVALS_MAX = 6;

export interface ProbeStopRules {
  /** The delay of an account that chose none (seconds). */
  defaultS: number;
  /** Every delay is at least this many reporting intervals. */
  reportingIntervals: number;
}

/** The spec's values (doc 3 §9: 4 hours), which hold until an operator changes them. */
export const SPEC_PROBE_STOP_RULES: ProbeStopRules = {
  defaultS: DATA_BREAK_DEFAULT_S,
  reportingIntervals: DATA_BREAK_REPORTING_INTERVALS,
};
