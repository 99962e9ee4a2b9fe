import { describe, expect, it } from 'vitest';
import { sentinelRightsOf, type SentinelCaller } from '../src/features/sentinel/sentinelRights.js';

const ACCOUNT = 10;
const base: SentinelCaller = {
  userId: ACCOUNT,
  isAdmin: false,
  master: false,
  grandMaster: false,
  mainUserId: null,
  accountIds: [ACCOUNT],
};

/** Decision 0046; spec doc 3 §6 (the test hidden from read-only masters, grand masters do all). */
describe('who may use an account’s Sentinel target', () => {
  const cases: [string, Partial<SentinelCaller>, [boolean, boolean, boolean, boolean, boolean, boolean]][] = [
    //                                                     read   rotate test   set    secret configure
    ['the owner', {}, [true, true, true, false, true, true]],
    [
      'a sub-user of the account',
      { userId: 11, mainUserId: ACCOUNT },
      [false, false, true, false, false, false],
    ],
    [
      'a sub-user of another account',
      { userId: 21, mainUserId: 20, accountIds: [20] },
      [false, false, false, false, false, false],
    ],
    ['an admin', { userId: 1, isAdmin: true, accountIds: [1] }, [true, true, true, true, false, true]],
    [
      'a master it authorised',
      { userId: 30, master: true, accountIds: [30, ACCOUNT] },
      [false, false, false, false, false, false],
    ],
    [
      'a grand master it authorised',
      { userId: 30, master: true, grandMaster: true, accountIds: [30, ACCOUNT] },
      [false, false, true, false, false, false],
    ],
    [
      'a grand master it did not authorise',
      { userId: 30, master: true, grandMaster: true, accountIds: [30] },
      [false, false, false, false, false, false],
    ],
    ['another account’s owner', { userId: 20, accountIds: [20] }, [false, false, false, false, false, false]],
  ];
  it.each(cases)('%s', (_, over, [read, rotate, test, set, seeSecret, configure]) => {
    expect(sentinelRightsOf({ ...base, ...over }, ACCOUNT)).toEqual({
      read,
      rotate,
      test,
      set,
      seeSecret,
      configure,
    });
  });
});
