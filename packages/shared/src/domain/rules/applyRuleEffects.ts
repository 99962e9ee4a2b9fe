import type { Alert } from '../../contracts/monitors.js';
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
      current = current.filter((a) => !same(a, e.alert));
      history = [e.alert, ...history].slice(0, ALERT_HISTORY_MAX);
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
