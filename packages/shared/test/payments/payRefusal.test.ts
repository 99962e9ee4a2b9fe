import { describe, expect, it } from 'vitest';
import { payRefusal, type Payer } from '../../src/domain/payments/payRefusal.js';

const owner: Payer = { staff: false, subUser: false, master: false, grandMaster: false };

// Decision 0056: the owner pays for its own account, staff for a customer's; nobody else pays.
describe('payRefusal', () => {
  it.each([
    ['the owner, its own account', owner, false, null],
    ['the owner, another account', owner, true, 'otherAccount'],
    ['staff, its own account', { ...owner, staff: true }, false, null],
    ['staff, a customer', { ...owner, staff: true }, true, null],
    ['a sub-user, its farm', { ...owner, subUser: true }, false, 'subUser'],
    ['a sub-user, another account', { ...owner, subUser: true }, true, 'otherAccount'],
    ['a master, its own account', { ...owner, master: true }, false, 'master'],
    ['a grand master, its own account', { ...owner, master: true, grandMaster: true }, false, 'master'],
    ['a master, a farm it sees', { ...owner, master: true }, true, 'otherAccount'],
  ] as const)('%s', (_, who, namesAnother, refusal) => expect(payRefusal(who, namesAnother)).toBe(refusal));
});
