import { describe, expect, it } from 'vitest';
import { mayManageMasterAccount } from '../../src/features/master-users/masterUsers.policy.js';
import { cell, tableOf } from './rows.js';

const NO = '403 Only a master user can change its master account.';

/** Decision 0104: a master's own account (its details, its deletion, the farms it leaves) is its own. */
describe('the master-users policy', () => {
  it('lets only a master, on its own account, manage its master account', () => {
    expect(tableOf((w) => cell(mayManageMasterAccount(w)))).toEqual({
      owner: NO,
      subUser: NO,
      master: NO,
      grandMaster: NO,
      masterItself: 'yes',
      root: NO,
      admin: NO,
      tech: NO,
      sales: NO,
      visitor: NO,
      otherAccount: NO,
    });
  });
});
