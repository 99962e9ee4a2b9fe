import { describe, expect, it } from 'vitest';
import type { Plan, Service } from '@emberwatch/shared/contracts/users';
import {
  mayAddSubUsers,
  mayChangePasswordOf,
  mayConfirmAnothersPhone,
  mayEditAccount,
  mayHavePasswordSetByStaff,
  mayOpenMasterPage,
  maySendPhoneCode,
  maySetAnothersPassword,
  maySetPhoneWithoutCode,
  maySubUserBeChanged,
  waitsBetweenPhoneCodes,
} from '../../src/features/account/account.policy.js';
import { cell, ROWS, tableOf } from './rows.js';

const EDIT = '403 Only the account owner can change the account.';
const MASTER_PHONE = '403 Master users confirm their phone in the master registration.';
const OWN_PHONE = '403 You may only confirm your own phone.';
const BY_CODE = '400 A new phone number is confirmed with an SMS code (changeUserPhone).';
const PASSWORD = "403 Only admins can set another user's password.";
const MASTER_PAGE = '403 Only master users have a master page.';

/** The account area's rules per role (spec doc 2 §2.8, §6; decisions 0014, 0036). */
describe('the account policy', () => {
  it('lets the owner and staff change the account; the others only look', () => {
    expect(tableOf((w) => cell(mayEditAccount(w)))).toEqual({
      owner: 'yes',
      subUser: EDIT,
      master: EDIT,
      grandMaster: EDIT,
      masterItself: 'yes',
      root: 'yes',
      admin: 'yes',
      tech: 'yes',
      sales: 'yes',
      visitor: 'yes',
      otherAccount: EDIT,
    });
  });

  it('sends phone codes to all but masters, and lets only non-staff wait between them', () => {
    expect(tableOf((w) => [cell(maySendPhoneCode(w)), waitsBetweenPhoneCodes(w)])).toEqual({
      owner: ['yes', true],
      subUser: ['yes', true],
      master: [MASTER_PHONE, true],
      grandMaster: [MASTER_PHONE, true],
      masterItself: [MASTER_PHONE, true],
      root: ['yes', false],
      admin: ['yes', false],
      tech: ['yes', false],
      sales: ['yes', false],
      visitor: ['yes', true],
      otherAccount: ['yes', true],
    });
  });

  it('lets only staff act on another user’s phone or password', () => {
    const staffOnly = (w: Parameters<typeof mayConfirmAnothersPhone>[0]) => [
      cell(mayConfirmAnothersPhone(w)),
      cell(maySetPhoneWithoutCode(w)),
      cell(maySetAnothersPassword(w)),
    ];
    const refused = [OWN_PHONE, BY_CODE, PASSWORD];
    expect(tableOf(staffOnly)).toEqual({
      owner: refused,
      subUser: refused,
      master: refused,
      grandMaster: refused,
      masterItself: refused,
      root: ['yes', 'yes', 'yes'],
      admin: ['yes', 'yes', 'yes'],
      tech: ['yes', 'yes', 'yes'],
      sales: ['yes', 'yes', 'yes'],
      visitor: refused,
      otherAccount: refused,
    });
    expect(maySetPhoneWithoutCode(ROWS.owner)).toMatchObject({ field: 'phone' });
  });

  it('opens the master page to masters only', () => {
    expect(tableOf((w) => cell(mayOpenMasterPage(w)))).toEqual({
      owner: MASTER_PAGE,
      subUser: MASTER_PAGE,
      master: 'yes',
      grandMaster: 'yes',
      masterItself: 'yes',
      root: MASTER_PAGE,
      admin: MASTER_PAGE,
      tech: MASTER_PAGE,
      sales: MASTER_PAGE,
      visitor: MASTER_PAGE,
      otherAccount: MASTER_PAGE,
    });
  });

  it('keeps staff passwords and the demo logins’ passwords from being set', () => {
    expect(cell(mayHavePasswordSetByStaff({ admin: true }))).toBe(
      "403 An admin's password is changed by that admin.",
    );
    expect(mayHavePasswordSetByStaff({ admin: false })).toBe(true);
    expect(cell(mayChangePasswordOf({ demo: true }))).toBe(
      '403 The password cannot be changed in demo mode.',
    );
    expect(mayChangePasswordOf({ demo: false })).toBe(true);
  });

  it('gives sub-users with the Insight service or an unexpired premium plan only', () => {
    const plan = (planName: Plan['planName'], expired = false) => [{ planName, expired } as Plan];
    const service = { trial: false, expDate: 0 } as unknown as Service;
    const NO = '403 Users come with the Insight service or a premium plan.';
    expect(cell(mayAddSubUsers({ plans: plan('Free'), service: null }))).toBe(NO);
    expect(cell(mayAddSubUsers({ plans: plan('Premium', true), service: null }))).toBe(NO);
    expect(mayAddSubUsers({ plans: plan('Premium'), service: null })).toBe(true);
    expect(mayAddSubUsers({ plans: plan('Free'), service })).toBe(true);
  });

  it('changes a sub-user through its own account only, and answers an unknown id alike', () => {
    const NOT_OURS = '403 This user is not a sub-user of the account.';
    expect(maySubUserBeChanged({ mainUserId: 10 }, 10)).toBe(true);
    expect(cell(maySubUserBeChanged({ mainUserId: 20 }, 10))).toBe(NOT_OURS);
    expect(cell(maySubUserBeChanged({ mainUserId: null }, 10))).toBe(NOT_OURS);
    expect(cell(maySubUserBeChanged(undefined, 10))).toBe(NOT_OURS);
  });
});
