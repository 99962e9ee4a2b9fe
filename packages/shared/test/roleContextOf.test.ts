import { describe, expect, it } from 'vitest';
import { roleContextOf } from '../src/domain/roleContextOf.js';
import { visibleMenuEntries } from '../src/domain/roles.js';

const session = {
  admin: false,
  admin_group: null,
  master: false,
  grandMaster: false,
  subUser: false,
  translator: false,
  partnerApp: null,
  bs_ids: ['F1', 'F2'],
};
const user = {
  translator: false,
  siteindex: true,
  storagesEnabled: true,
  bs_list: [
    { bsId: 'F1', bsName: null, bsGroup: null },
    { bsId: 'F2', bsName: null, bsGroup: null },
    { bsId: 'F3', bsName: null, bsGroup: null },
  ],
  plans: [{ planName: 'Premium' as const, planLevel: 3, segment: null, dueDate: null, expired: false }],
  service: null,
};

// Spec doc 1 §3 "Session info" and "User info" supply the role flags of doc 1 §2 and §6.
describe('roleContextOf (spec doc 1 §3 session and user info)', () => {
  it('takes role flags from the session and plans, service and stations from the user info', () => {
    expect(
      roleContextOf({ ...session, admin: true, admin_group: 2, grandMaster: true, partnerApp: 'gari' }, user),
    ).toEqual({
      admin: true,
      adminGroup: 2,
      master: false,
      grandMaster: true,
      subUser: false,
      translator: false,
      partnerApp: 'gari',
      siteindex: true,
      storagesEnabled: true,
      bsCount: 3,
      plans: user.plans,
      service: null,
    });
  });

  it('is a sub-user when the session says so', () => {
    expect(roleContextOf({ ...session, subUser: true }, user).subUser).toBe(true);
  });

  it('is a translator when either the session or the user info says so', () => {
    expect(roleContextOf({ ...session, translator: true }, user).translator).toBe(true);
    expect(roleContextOf(session, { ...user, translator: true }).translator).toBe(true);
  });

  it('is the narrowest context while the user info is loading', () => {
    const ctx = roleContextOf(session, null);
    expect(ctx).toMatchObject({
      siteindex: false,
      storagesEnabled: false,
      bsCount: 2,
      plans: [],
      service: null,
    });
    expect(visibleMenuEntries(ctx)).toEqual([
      'probes',
      'settings',
      'account',
      'instructions',
      'language',
      'logout',
    ]);
  });
});
