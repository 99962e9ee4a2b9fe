import { describe, expect, it } from 'vitest';
import {
  alertMessagingOff,
  defaultAlertMessaging,
  editConfirmReasons,
  isPhoneComplete,
  phoneCountryPrefix,
  sameAlertMessaging,
  voiceCallAllowedAt,
  voiceLimitToCelsius,
  voiceLimitToDisplay,
  type AlertMessaging,
} from '../src/contracts/storages.js';

describe('isPhoneComplete (spec doc 3 §5: ≥ 9 digits after the country prefix)', () => {
  it.each([
    ['+358 40 123 4567', true], // 9 digits after +358
    ['+358 40 123 456', false], // 8
    ['00358401234567', true],
    ['+1 555 123 456', true], // 9 after +1
    ['+1 555 123 45', false],
    ['+44 7700 90012', true], // 9 after +44
    ['+44 7700 9001', false],
    ['+385 91 234 5678', true], // Croatia, 3-digit code
    ['+7 912 345 678', true],
    ['040 123 4567', false], // no country prefix
    ['+358', false],
    ['+35', false], // shorter than 5
    ['', false],
    [null, false],
    ['+358 40 12a 4567', false],
  ])('%s → %s', (phone, complete) => {
    expect(isPhoneComplete(phone)).toBe(complete);
  });

  it.each([
    ['+358401234567', '+358'],
    ['+33612345678', '+33'],
    ['+15551234567', '+1'],
    ['0049301234567', '+49'],
    ['0401234567', null],
  ])('prefix of %s is %s', (phone, prefix) => {
    expect(phoneCountryPrefix(phone)).toBe(prefix);
  });
});

describe('voiceCallAllowedAt (spec doc 3 §5 no-call hours)', () => {
  it.each([
    [[9, 17], 8, true],
    [[9, 17], 9, false],
    [[9, 17], 16, false],
    [[9, 17], 17, true],
    [[22, 6], 23, false],
    [[22, 6], 3, false],
    [[22, 6], 6, true],
    [[22, 6], 12, true],
    [[8, 8], 8, true], // start = end: calls all day and night
    [[0, 24], 12, true], // 0 and 24 are the same hour of the day
    [[0, 12], 11, false],
  ] as const)('%j at %i → %s', (hours, hour, allowed) => {
    expect(voiceCallAllowedAt(hour, hours)).toBe(allowed);
  });
});

describe('voice limit in the user unit (0–99 °C, 30–200 °F)', () => {
  it.each([
    [60, 'C', 60],
    [60, 'F', 140],
    [0, 'F', 32],
    [99, 'F', 200], // 210 °F is above the °F slider's end
  ] as const)('%i °C shows as %i in %s', (c, unit, shown) => {
    expect(voiceLimitToDisplay(c, unit)).toBe(shown);
  });
  it.each([
    [140, 'F', 60],
    [30, 'F', 0],
    [200, 'F', 93],
    [99, 'C', 99],
    [120, 'C', 99],
  ] as const)('%i %s is saved as %i °C', (v, unit, c) => {
    expect(voiceLimitToCelsius(v, unit)).toBe(c);
  });
});

function messaging(change: (m: AlertMessaging) => void): AlertMessaging {
  const m = defaultAlertMessaging();
  change(m);
  return m;
}

describe('alertMessagingOff (the disabled-alerts icon)', () => {
  it.each([
    ['never set', null, true],
    ['defaults', defaultAlertMessaging(), true],
    ['SMS on without anyone', messaging((m) => (m.sms.active = true)), true],
    ['chosen but off', messaging((m) => (m.email.UIDS = [3])), true],
    ['SMS to someone', messaging((m) => Object.assign(m.sms, { active: true, UIDS: [3] })), false],
    ['voice to someone', messaging((m) => Object.assign(m.voice, { active: true, UIDS: [3] })), false],
    ['Sentinel on', messaging((m) => (m.sentinel.active = true)), false],
  ])('%s → %s', (_label, m, off) => {
    expect(alertMessagingOff(m)).toBe(off);
  });
});

describe('editConfirmReasons (no probes, no monitor, no SMS)', () => {
  const sms = messaging((m) => Object.assign(m.sms, { active: true, UIDS: [3] }));
  it.each([
    [{ probeCount: 2, monitor: 1, alertMessaging: sms }, []],
    [{ probeCount: 0, monitor: 1, alertMessaging: sms }, ['noProbes']],
    [{ probeCount: 2, monitor: null, alertMessaging: sms }, ['noMonitor']],
    [{ probeCount: 2, monitor: 1, alertMessaging: null }, ['noSms']],
    [
      { probeCount: 0, monitor: null, alertMessaging: defaultAlertMessaging() },
      ['noProbes', 'noMonitor', 'noSms'],
    ],
  ])('%j → %j', (s, reasons) => {
    expect(editConfirmReasons(s)).toEqual(reasons);
  });
});

// docs/roles.md: a save with the messaging as stored is a layout save, anything else changes the alerts.
describe('sameAlertMessaging', () => {
  const on = (): AlertMessaging => {
    const m = defaultAlertMessaging();
    m.sms = { active: true, UIDS: [7, 8] };
    return m;
  };
  it.each([
    ['null and the default', null, defaultAlertMessaging(), true],
    ['a copy', on(), on(), true],
    ['SMS switched off', on(), { ...on(), sms: { active: false, UIDS: [7, 8] } }, false],
    ['a recipient fewer', on(), { ...on(), sms: { active: true, UIDS: [7] } }, false],
    ['recipients reordered', on(), { ...on(), sms: { active: true, UIDS: [8, 7] } }, false],
    ['other no-call hours', on(), { ...on(), voice: { ...on().voice, noCallHours: [22, 6] } }, false],
    ['another voice limit', on(), { ...on(), voice: { ...on().voice, tempLimit: 70 } }, false],
    ['Sentinel switched on', on(), { ...on(), sentinel: { active: true } }, false],
    ['null for a storage that alerts', on(), null, false],
  ] as const)('%s → %s', (_what, a, b, same) => {
    expect(sameAlertMessaging(a, b as AlertMessaging | null)).toBe(same);
  });
});
