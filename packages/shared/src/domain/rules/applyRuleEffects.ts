import type { Alert, AlertAck } from '../../contracts/monitors.js';
import type { RuleEffect } from './ruleEffects.js';

/** Ours: a rule keeps its last 200 ended alerts; the logbook keeps everything. */
export const ALERT_HISTORY_MAX = 200;

export interface RuleAlerts {
  currentAlerts: Alert[];
  alertHistory: Alert[];
}

const same = (a: Alert, b: { sensor_id: string; depth: number | null; ts: number }) =>
  a.sensor_id === b.sensor_id && a.depth === b.depth && a.ts === b.ts;

/**
 * The rule's alert lists (spec §3 "currentAlerts[], alertHistory[]") after an evaluation's effects:
 * a raise adds a current alert, a peak updates it, a clear moves it to the front of the history.
 */
export function applyRuleEffects(alerts: RuleAlerts, effects: readonly RuleEffect[]): RuleAlerts {
  let current = alerts.currentAlerts;
  let history = alerts.alertHistory;
  for (const e of effects) {
    if (e.type === 'raise') current = [...current, e.alert];
    else if (e.type === 'peak') current = current.map((a) => (same(a, e) ? { ...a, peak: e.peak } : a));
    else if (e.type === 'clear') {
      // The engine does not know acknowledgements: the ended alert keeps the one it had.
      const was = current.find((a) => same(a, e.alert));
      current = current.filter((a) => !same(a, e.alert));
      history = [was?.ack ? { ...e.alert, ack: was.ack } : e.alert, ...history].slice(0, ALERT_HISTORY_MAX);
    }
  }
  return { currentAlerts: current, alertHistory: history };
}

/**
 * Spec §4 "Monitor save" step 3: a rule whose settings changed has its current alerts cleared and
 * pushed into its history; when it was edited in use, unreset alerts get their reset time.
 */
export function clearAlertsOnRuleChange(alerts: RuleAlerts, changedAt: number, inUse: boolean): RuleAlerts {
  const ended = alerts.currentAlerts.map((a) =>
    inUse && a.resetTS === null ? { ...a, resetTS: changedAt } : a,
  );
  return {
    currentAlerts: [],
    alertHistory: [...ended.reverse(), ...alerts.alertHistory].slice(0, ALERT_HISTORY_MAX),
  };
}

/**
 * Acknowledges current alerts (ours, issue 11: who, when, a note). It ends nothing; an alert already
 * acknowledged keeps its first acknowledgement. Unknown targets are ignored.
 */
export function acknowledgeAlerts(
  alerts: RuleAlerts,
  targets: readonly { sensor_id: string; depth: number | null; ts: number }[],
  ack: AlertAck,
): RuleAlerts {
  return {
    currentAlerts: alerts.currentAlerts.map((a) =>
      !a.ack && targets.some((t) => same(a, t)) ? { ...a, ack: { ...ack } } : a,
    ),
    alertHistory: alerts.alertHistory,
  };
}
