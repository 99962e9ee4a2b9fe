import { describe, expect, it } from 'vitest';
import {
  mayActivateFor,
  mayPutProbesOn,
  mayReceiveKits,
} from '../../src/features/activation/activation.policy.js';
import { cell, ROWS, tableOf } from './rows.js';

const OWNER = '403 Only the account owner can activate base stations and probes.';
const OTHER = '403 You do not have access to this account.';
const DEMO = '403 A demo account cannot activate kits.';
const CHOOSE = '400 Choose the account the kit is activated for.';

/** Spec doc 1 §7, doc 2 §6: the owner into its own account, staff into a named customer's. */
describe('the activation policy', () => {
  it('lets each role activate kits naming nobody, itself or another user, or says why not', () => {
    const row = (w: Parameters<typeof mayActivateFor>[0]) => [
      cell(mayActivateFor(w, 'nobody')),
      cell(mayActivateFor(w, 'itself')),
      cell(mayActivateFor(w, 'another')),
    ];
    expect(tableOf(row)).toEqual({
      owner: ['yes', 'yes', OTHER],
      subUser: [OWNER, OWNER, OWNER],
      master: [OWNER, OWNER, OWNER],
      grandMaster: [OWNER, OWNER, OWNER],
      masterItself: [OWNER, OWNER, OWNER],
      root: [CHOOSE, 'yes', 'yes'],
      admin: [CHOOSE, 'yes', 'yes'],
      tech: [CHOOSE, 'yes', 'yes'],
      sales: [CHOOSE, 'yes', 'yes'],
      visitor: [DEMO, DEMO, DEMO],
      otherAccount: ['yes', 'yes', OTHER],
    });
    expect(mayActivateFor(ROWS.admin, 'nobody')).toMatchObject({ field: 'UID' });
  });

  it('activates into a customer’s account only, and probes onto its own stations', () => {
    const customer = { subUser: false, master: false, staff: false };
    const NOT_A_CUSTOMER = '400 Kits are activated into a customer account (its owner).';
    expect(mayReceiveKits(customer)).toBe(true);
    expect(cell(mayReceiveKits({ ...customer, subUser: true }))).toBe(NOT_A_CUSTOMER);
    expect(cell(mayReceiveKits({ ...customer, master: true }))).toBe(NOT_A_CUSTOMER);
    expect(cell(mayReceiveKits({ ...customer, staff: true }))).toBe(NOT_A_CUSTOMER);
    expect(mayPutProbesOn({ ownerId: 10 }, 10)).toBe(true);
    expect(cell(mayPutProbesOn({ ownerId: 20 }, 10))).toBe(
      '403 You do not have access to this base station.',
    );
    expect(cell(mayPutProbesOn(undefined, 10))).toBe('403 You do not have access to this base station.');
  });
});
