import { describe, expect, it } from 'vitest';
import {
  actsForOrdersAccount,
  mayPayFor,
  mayRenewSimOf,
  mayUseOrder,
} from '../../src/features/payments/payments.policy.js';
import { cell, tableOf } from './rows.js';

const OWN_ONLY = '403 You may pay only for your own account.';
const OWNER = '403 Only the account owner can pay for renewals.';
const MASTER = '403 A master account pays no renewals; each farm renews its own.';

/** Decision 0056: the owner pays for its account, staff for a customer's; nobody else pays. */
describe('the payments policy', () => {
  it('lets each role pay for its own account, or for another, or says why not', () => {
    expect(
      tableOf((w) => [cell(mayPayFor(w, false)), cell(mayPayFor(w, true)), actsForOrdersAccount(w)]),
    ).toEqual({
      owner: ['yes', OWN_ONLY, false],
      subUser: [OWNER, OWN_ONLY, false],
      master: [MASTER, OWN_ONLY, false],
      grandMaster: [MASTER, OWN_ONLY, false],
      masterItself: [MASTER, OWN_ONLY, false],
      root: ['yes', 'yes', true],
      admin: ['yes', 'yes', true],
      tech: ['yes', 'yes', true],
      sales: ['yes', 'yes', true],
      visitor: ['yes', OWN_ONLY, false],
      otherAccount: ['yes', OWN_ONLY, false],
    });
  });

  it('keeps a payment, an invoice and a SIM to their own account', () => {
    expect(mayUseOrder(10, { accountId: 10, kind: 'payment' })).toBe(true);
    expect(cell(mayUseOrder(10, { accountId: 20, kind: 'payment' }))).toBe(
      '403 This payment is not for your account.',
    );
    expect(cell(mayUseOrder(10, { accountId: 20, kind: 'invoice' }))).toBe(
      '403 This invoice is not for your account.',
    );
    expect(mayRenewSimOf({})).toBe(true);
    expect(cell(mayRenewSimOf(undefined))).toBe('403 You do not have access to this base station.');
  });
});
