import { describe, expect, it } from 'vitest';
import { DEFAULT_UI_PREFERENCES } from '../src/contracts/preferences.js';
import { isAboveAlert } from '../src/domain/temperatureAlert.js';

// Spec doc 1 §9: default alert 45 (°C); doc 1 §4 demo presets: HAY 45, GRAIN 30, WASTE 85.
describe('isAboveAlert (ui_preferences.temperature_alert, default 45 °C)', () => {
  it('defaults to 45 °C', () => expect(DEFAULT_UI_PREFERENCES.temperature_alert).toBe(45));

  it.each([
    // [tenths of °C per depth, alert °C, above]
    [[515], 45, true],
    [[180], 45, false],
    [[450], 45, false],
    [[451], 45, true],
    // Any depth: a cool handle over a hot core is above.
    [[300, 470, 440], 45, true],
    [[631, 619], 85, false],
    [[851], 85, true],
    [[310], 30, true],
    [[], 45, false],
    // A limit saved from 100 °F is 37.8 °C.
    [[378], 37.8, false],
    [[379], 37.8, true],
    [[999], Number.NaN, false],
  ])('%o with an alert of %d °C: %s', (temperatures, alertC, above) => {
    expect(isAboveAlert(temperatures, alertC)).toBe(above);
  });
});
