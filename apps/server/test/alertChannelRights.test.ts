import { describe, expect, it } from 'vitest';
import { alertChannelRightsOf } from '../src/features/alert-channels/alertChannelRights.js';
import { sentinelRightsOf, type SentinelCaller } from '../src/features/sentinel/sentinelRights.js';

const ACCOUNT = 10;
const owner: SentinelCaller = {
  userId: ACCOUNT,
  isAdmin: false,
  master: false,
  grandMaster: false,
  mainUserId: null,
  accountIds: [ACCOUNT],
};

/** Decision 0072: voice calls are the admin's switch; the Sentinel rights are decision 0046's. */
describe('what a caller may do on an account’s Alert channels page', () => {
  const cases: [string, Partial<SentinelCaller>, [boolean, boolean, boolean, boolean, boolean]][] = [
    //                                                             voice  read   set    rotate test
    ['the owner', {}, [false, true, true, true, true]],
    ['a sub-user', { userId: 11, mainUserId: ACCOUNT }, [false, false, false, false, true]],
    [
      'a master it authorised',
      { userId: 30, master: true, accountIds: [30, ACCOUNT] },
      [false, false, false, false, false],
    ],
    ['an admin', { userId: 1, isAdmin: true, accountIds: [1] }, [true, true, true, true, true]],
    ['another account’s owner', { userId: 20, accountIds: [20] }, [false, false, false, false, false]],
  ];
  it.each(cases)('%s', (_, over, [changeVoice, readSentinel, setSentinel, rotateSentinel, testSentinel]) => {
    const caller = { ...owner, ...over };
    expect(alertChannelRightsOf(caller, sentinelRightsOf(caller, ACCOUNT))).toEqual({
      changeVoice,
      readSentinel,
      setSentinel,
      rotateSentinel,
      testSentinel,
    });
  });

  it('keeps a demo-mode account’s target from its (public) login, not from an admin', () => {
    const rights = sentinelRightsOf(owner, ACCOUNT);
    expect(alertChannelRightsOf(owner, rights, { demo: true }).setSentinel).toBe(false);
    const admin = { ...owner, userId: 1, isAdmin: true, accountIds: [1] };
    expect(alertChannelRightsOf(admin, sentinelRightsOf(admin, ACCOUNT), { demo: true }).setSentinel).toBe(
      true,
    );
  });
});
