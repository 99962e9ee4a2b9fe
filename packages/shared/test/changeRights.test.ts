import { describe, expect, it } from 'vitest';
import { ACCOUNT_CHANGES, mayChange, type ChangeRightsContext } from '../src/domain/changeRights.js';

const owner: ChangeRightsContext = { admin: false, master: false, grandMaster: false, subUser: false };

// docs/decisions/0014-sub-user-rights.md
describe('mayChange', () => {
  it.each([
    ['the owner', owner, [...ACCOUNT_CHANGES]],
    ['an admin', { ...owner, admin: true }, [...ACCOUNT_CHANGES]],
    [
      'a sub-user',
      { ...owner, subUser: true },
      ['renameProbe', 'editStorage', 'acknowledgeAlert', 'resetAlert'],
    ],
    ['a read-only master', { ...owner, master: true }, []],
    [
      'a grand master',
      { ...owner, master: true, grandMaster: true },
      [
        'correctProbe',
        'toggleProbes',
        'transferProbes',
        'editStation',
        'editStorage',
        'removeStorage',
        'editStorageAlerts',
        'editSite',
        'editMonitor',
        'editDataBreaks',
        'acknowledgeAlert',
        'resetAlert',
      ],
    ],
    ['an admin who is a read-only master', { ...owner, admin: true, master: true }, []],
  ] as const)('lets %s change exactly %j', (_who, ctx, allowed) => {
    expect(ACCOUNT_CHANGES.filter((c) => mayChange(ctx, c))).toEqual(allowed);
  });
});
