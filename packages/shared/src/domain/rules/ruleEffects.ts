import type { Alert } from '../../contracts/monitors.js';

/**
 * What an evaluation asks the store to do. Alerts are copies: the engine keeps its own in the state.
 * - raise: a new current alert;
 * - peak: a current alert's value went farther (higher for a MAX rule, lower for a MIN rule);
 * - clear: a current alert ends, with its resetTS set — 'recovered' when the value came back past the
 *   clear level, 'reset' when a user reset it (spec §4 "Alert reset"), 'probeRemoved' when the probe
 *   left the storage (the alert ends with it: the rule no longer hears from that probe); its
 *   `temperature` is the watched value that ended it (tenths of °C; recovered only, null otherwise:
 *   a reset or a removed probe ends it without a reading) — the all-clear says it;
 * - noData / dataBack: a probe of the rule fell silent for more than the data-break time, or spoke
 *   again. Silence never clears an alert: a silent probe is not a resolved one.
 */
export type RuleEffect =
  | { type: 'raise'; alert: Alert }
  | { type: 'peak'; sensor_id: string; depth: number | null; ts: number; peak: number }
  | {
      type: 'clear';
      alert: Alert;
      reason: 'recovered' | 'reset' | 'probeRemoved';
      temperature: number | null;
    }
  | { type: 'noData'; sensor_id: string; since: number }
  | { type: 'dataBack'; sensor_id: string; ts: number };
