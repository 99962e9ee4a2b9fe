import { describe, expect, it } from 'vitest';
import { alertChannelRights } from '../../src/features/alert-channels/alertChannels.policy.js';
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
