import { describe, expect, it } from 'vitest';
import { keyMayCall, mayManageKeys, planActive } from '../../src/features/public-api/publicApi.policy.js';
import { cell, tableOf } from './rows.js';

const OWNER = '403 Only the account owner can manage API keys.';
const DEMO = '403 A demo account has no API keys.';

/** Decision 0109: keys act for the whole account, so only its owner manages them. */
describe('the public API policy', () => {
  it('lets only the account owner manage keys', () => {
    expect(tableOf((w) => cell(mayManageKeys(w)))).toEqual({
      owner: 'yes',
      subUser: OWNER,
      master: OWNER,
      grandMaster: OWNER,
      masterItself: OWNER,
      root: OWNER,
      admin: OWNER,
      tech: OWNER,
      sales: OWNER,
      visitor: DEMO,
      otherAccount: OWNER,
    });
  });

  const NOW = 1_000_000;
  it.each([
    ['a read key reads', { revoked: false, scope: 'read', planDue: NOW + 1 }, 'read', true],
    ['an activate key reads', { revoked: false, scope: 'activate', planDue: NOW + 1 }, 'read', true],
    ['an activate key activates', { revoked: false, scope: 'activate', planDue: NOW + 1 }, 'activate', true],
    [
      'a read key does not activate',
      { revoked: false, scope: 'read', planDue: NOW + 1 },
      'activate',
      'scope_required',
    ],
    [
      'a plan due now has expired',
      { revoked: false, scope: 'read', planDue: NOW },
      'read',
      'api_plan_expired',
    ],
    ['no plan', { revoked: false, scope: 'activate', planDue: null }, 'read', 'api_plan_missing'],
    ['revoked before the plan', { revoked: true, scope: 'read', planDue: null }, 'read', 'key_revoked'],
    [
      'revoked before the scope',
      { revoked: true, scope: 'read', planDue: NOW + 1 },
      'activate',
      'key_revoked',
    ],
  ] as const)('%s', (_name, key, needed, expected) => {
    const verdict = keyMayCall(key, needed, NOW);
    expect(verdict === true ? true : verdict.code).toBe(expected);
  });

  it.each([
    [null, false],
    [NOW - 1, false],
    [NOW, false],
    [NOW + 1, true],
  ])('a plan due %s is active: %s', (due, active) => {
    expect(planActive(due, NOW)).toBe(active);
  });
});
