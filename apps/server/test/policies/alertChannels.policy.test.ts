import { describe, expect, it } from 'vitest';
import {
  alertChannelRights,
  maskPhone,
  voiceTestRefusal,
  type VoiceTestFacts,
} from '../../src/features/alert-channels/alertChannels.policy.js';
import { sentinelRights } from '../../src/features/sentinel/sentinel.policy.js';
import { ROWS, tableOf } from './rows.js';

/** Decision 0072: voice calls are staff's switch; the Sentinel rights are decision 0046's. */
describe('what a caller may do on an account’s Alert channels page', () => {
  const r = (
    changeVoice: boolean,
    readSentinel: boolean,
    setSentinel: boolean,
    rotateSentinel: boolean,
    testSentinel: boolean,
  ) => ({
    changeVoice,
    readSentinel,
    setSentinel,
    rotateSentinel,
    testSentinel,
  });

  it('gives each role its rights', () => {
    const staff = r(true, true, true, true, true);
    expect(tableOf((w) => alertChannelRights(w, sentinelRights(w)))).toEqual({
      owner: r(false, true, true, true, true),
      subUser: r(false, false, false, false, true),
      master: r(false, false, false, false, false),
      grandMaster: r(false, false, false, false, true),
      masterItself: r(false, true, true, true, true),
      root: staff,
      admin: staff,
      // Voice calls cost money: Root and Admin switch them (OPERATOR_TOOLS.voiceCalls).
      tech: r(false, true, true, true, true),
      sales: r(false, true, true, true, true),
      visitor: r(false, true, true, true, true),
      otherAccount: r(false, false, false, false, false),
    });
  });

  it('keeps a demo-mode account’s target from its (public) login, not from staff', () => {
    const onDemo = (w: (typeof ROWS)[keyof typeof ROWS]) =>
      alertChannelRights(w, sentinelRights(w), { demo: true }).setSentinel;
    expect(onDemo(ROWS.visitor)).toBe(false);
    expect(onDemo(ROWS.owner)).toBe(false);
    expect(onDemo(ROWS.admin)).toBe(true);
    expect(onDemo(ROWS.sales)).toBe(true);
  });
});

/** Decision 0120: the voice test call rings only the caller's own confirmed number, rarely. */
describe('whether a voice test call may be placed', () => {
  const ok: VoiceTestFacts = {
    voiceOn: true,
    demo: false,
    phoneConfirmed: true,
    sinceLastS: null,
    sentToday: 0,
  };
  it.each([
    ['a first call', {}, null],
    ['the demo account', { demo: true }, 'demo'],
    ['voice calls off', { voiceOn: false }, 'voiceOff'],
    ['an unconfirmed phone', { phoneConfirmed: false }, 'noConfirmedPhone'],
    ['a call 119 s after the last', { sinceLastS: 119 }, 'tooSoon'],
    ['a call 120 s after the last', { sinceLastS: 120 }, null],
    ['the third of the day', { sentToday: 2 }, null],
    ['a fourth of the day', { sentToday: 3 }, 'dailyCap'],
    ['voice off and too soon: the switch first', { voiceOn: false, sinceLastS: 1 }, 'voiceOff'],
  ] as const)('%s', (_, change, reason) => {
    expect(voiceTestRefusal({ ...ok, ...change }, 3600)?.reason ?? null).toBe(reason);
  });

  it('asks to wait the rest of the interval, or of the day', () => {
    expect(voiceTestRefusal({ ...ok, sinceLastS: 20 })?.retryAfterS).toBe(100);
    expect(voiceTestRefusal({ ...ok, sentToday: 3 }, 3600)?.retryAfterS).toBe(3600);
  });

  it.each([
    ['+12025550101', '+120•••••101'],
    ['+358 40 123 4567', '+358••••••567'],
    ['+12345', '+•••45'],
  ])('masks %s as %s', (phone, masked) => {
    expect(maskPhone(phone)).toBe(masked);
  });
});
