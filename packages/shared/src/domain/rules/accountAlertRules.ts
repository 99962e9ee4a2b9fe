import { defaultRuleSettings } from './defaultRuleSettings.js';
import type { AlertRuleConfig } from './evaluateRule.js';

/**
 * The general alerts of an account (issue 11 item 5; spec doc 1 §3 ui_preferences safety_alert and
 * temperature_alert, °C; 65 °C the safety limit): every probe of the account, in a monitored storage
 * or not, watched by ABS_MAX rules at the user's limits, each depth on its own. The same engine, so
 * the same rules for time, late readings, duplicates, the clear margin and silence; the store keeps
 * one state per account and kind, and raises `globalAlert` notifications from the effects. Who has
 * them (Insight or premium users) is the server's to decide.
 */
export type AccountAlertKind = 'safety' | 'temperature';

export function accountAlertRules(prefs: {
  safety_alert: number;
  temperature_alert: number;
}): { kind: AccountAlertKind; rule: AlertRuleConfig }[] {
  const rule = (limitC: number): AlertRuleConfig => ({
    type: 'ABS_MAX',
    // Compared in tenths like the readings, so a limit saved from °F meets the reading shown equal.
    settings: { ...defaultRuleSettings('ABS_MAX'), alertLimit: Math.round(limitC * 10) },
  });
  return [
    { kind: 'safety', rule: rule(prefs.safety_alert) },
    { kind: 'temperature', rule: rule(prefs.temperature_alert) },
  ];
}
