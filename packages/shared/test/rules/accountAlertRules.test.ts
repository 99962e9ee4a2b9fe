import { describe, expect, it } from 'vitest';
import { DEFAULT_UI_PREFERENCES } from '../../src/contracts/preferences.js';
import { accountAlertRules } from '../../src/domain/rules/accountAlertRules.js';
import { isAboveAlert } from '../../src/domain/temperatureAlert.js';
import { r, runBatches } from './ruleTestKit.js';

describe('general alerts of an account', () => {
  const [safety, temperature] = accountAlertRules({ safety_alert: 65, temperature_alert: 45 });

  it('watch every depth at the 65 °C safety limit and at the alert temperature', () => {
    expect(safety?.kind).toBe('safety');
    expect(runBatches(safety!.rule, [[r('A', 0, 300, 650), r('A', 10, 300, 651)]]).effects).toEqual([
      'raise A/1 @10 T=651 TP=650',
    ]);
    expect(runBatches(temperature!.rule, [[r('A', 0, 451)]]).effects).toEqual(['raise A/0 @0 T=451 TP=450']);
  });

  it('agree with the probe list (above the alert temperature) at the limit and one tenth over', () => {
    for (const t of [449, 450, 451]) {
      const raised = runBatches(temperature!.rule, [[r('A', 0, t)]]).effects.length > 0;
      expect(raised).toBe(isAboveAlert([t], 45));
    }
  });

  it('take a limit saved from °F (113 °F = 45 °C, stored 45.0)', () => {
    const [, fromF] = accountAlertRules({ safety_alert: 65, temperature_alert: 45.0 });
    expect(fromF?.rule.settings.alertLimit).toBe(450);
    expect(accountAlertRules(DEFAULT_UI_PREFERENCES)[0]?.rule.settings.alertLimit).toBe(650);
  });
});
