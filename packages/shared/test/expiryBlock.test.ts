import { describe, expect, it } from 'vitest';
import type { Plan } from '../src/contracts/users.js';
import { expiryBlock, renewalPath } from '../src/domain/expiryBlock.js';

const plan = (expired: boolean): Plan => ({
  planName: 'Premium',
  planLevel: 3,
  segment: null,
  dueDate: 1_800_000_000,
  expired,
});

// Spec doc 2 §4 "Plan and SIM expiry: non-admin users get a blocking dialog with a renewal action".
describe('expiryBlock', () => {
  it.each([
    ['a user whose plan and SIM run', { admin: false, plans: [plan(false)] }, false, null],
    ['a user whose plan has expired', { admin: false, plans: [plan(true)] }, false, 'planExpired'],
    ['a user whose SIM has expired', { admin: false, plans: [plan(false)] }, true, 'simExpired'],
    ['a user with both expired: the plan first', { admin: false, plans: [plan(true)] }, true, 'planExpired'],
    ['a user without a plan', { admin: false, plans: [] }, false, null],
    ['an admin, whatever expired', { admin: true, plans: [plan(true)] }, true, null],
    [
      'a second plan expired: only the first counts',
      { admin: false, plans: [plan(false), plan(true)] },
      false,
      null,
    ],
  ] as const)('%s → %s', (_who, ctx, simExpired, block) => {
    expect(expiryBlock({ admin: ctx.admin, plans: [...ctx.plans] }, simExpired)).toBe(block);
  });

  it('leads the renewal to the checkout, the SIM one with type=sim', () => {
    expect(renewalPath('planExpired')).toBe('/account/services/checkout/');
    expect(renewalPath('simExpired')).toBe('/account/services/checkout/?type=sim');
  });
});
