import { describe, expect, it } from 'vitest';
import { mayChangeInsight, mayMoveAccount } from '../../src/features/insight/insight.policy.js';
import { mayGrantMasters } from '../../src/features/master-access/masterAccess.policy.js';
import { cell, tableOf } from './rows.js';

const INSIGHT = '403 Only the account owner can change its Insight service.';
const MOVE = '403 Only the account owner can move the account.';
const GRANT = '403 Only the account owner can grant access to master accounts.';

/** Decisions 0044 and 0051: the account's owner or staff decide; sub-users and masters only look. */
describe('the Insight and master-access policies', () => {
  it('let the owner and staff change the service, move the account and grant masters', () => {
    const row = (w: Parameters<typeof mayChangeInsight>[0]) => [
      cell(mayChangeInsight(w)),
      cell(mayMoveAccount(w)),
      cell(mayGrantMasters(w)),
    ];
    const no = [INSIGHT, MOVE, GRANT];
    const yes = ['yes', 'yes', 'yes'];
    expect(tableOf(row)).toEqual({
      owner: yes,
      subUser: no,
      master: no,
      grandMaster: no,
      masterItself: yes,
      root: yes,
      admin: yes,
      tech: yes,
      sales: yes,
      visitor: yes,
      otherAccount: no,
    });
  });
});
