import { describe, expect, it } from 'vitest';
import {
  canSeeStorages,
  hasInsightService,
  isCompostSupervisor,
  isPremiumActive,
  isSupervisor,
  MENU_ENTRIES,
  rootRedirect,
  SEGMENT_GRAIN,
  SEGMENT_WASTE,
  STAFF_LEVELS,
  visibleMenuEntries,
  type MenuEntry,
  type RoleContext,
} from '../src/domain/roles.js';
import {
  insightService as insight,
  ownerWith as ctx,
  plan,
  regularOwner as regular,
} from './roleFixtures.js';

const compostSupervisor = (storagesEnabled: boolean): RoleContext =>
  ctx({ plans: [plan('Supervisor', { segment: SEGMENT_WASTE })], storagesEnabled });

// Spec doc 1 §2 "Side menu entries" (with §6 "Roles and permissions"):
//   translations: translator users (and root admins, doc 1 §2 route table "/translations: Translators and root admins");
//   admin: admins who are not master; siteindex: master users, or the siteindex flag and more than one base station;
//   batches: compost supervisors who are not gari or hay-app users;
//   storages: not for gari or hay-app users; requires the Insight service, or supervisor, or premium with a
//     non-expired first plan; a compost supervisor also needs storages enabled; admins always;
//   probes: always; settings: not for master users; account: not for gari or hay-app users;
//   instructions: always; logout: not for master users.
// Departure (issue 7, docs/decisions/0010): language and logout are for every user, masters included,
// who otherwise could neither leave a shared device nor change the language.
describe('visibleMenuEntries (spec doc 1 §2 "Side menu entries")', () => {
  const rows: Array<[string, RoleContext, MenuEntry[]]> = [
    [
      'a regular free user sees probes, settings, account, instructions and logout',
      regular,
      ['probes', 'settings', 'account', 'instructions', 'language', 'logout'],
    ],
    [
      'a translator also sees translations',
      ctx({ translator: true }),
      ['translations', 'probes', 'settings', 'account', 'instructions', 'language', 'logout'],
    ],
    [
      'a root admin (admin_group 0) sees translations, admin and storages',
      ctx({ admin: true, adminGroup: STAFF_LEVELS.root }),
      [
        'translations',
        'admin',
        'storages',
        'probes',
        'settings',
        'account',
        'instructions',
        'language',
        'logout',
      ],
    ],
    [
      'a tech admin sees admin and storages but not translations',
      ctx({ admin: true, adminGroup: STAFF_LEVELS.tech }),
      ['admin', 'storages', 'probes', 'settings', 'account', 'instructions', 'language', 'logout'],
    ],
    [
      'a master user sees siteindex and no settings, but may change the language and log out',
      ctx({ master: true }),
      ['siteindex', 'probes', 'account', 'instructions', 'language', 'logout'],
    ],
    [
      'an admin who is a master gets no admin entry',
      ctx({ master: true, admin: true, adminGroup: STAFF_LEVELS.admin }),
      ['siteindex', 'storages', 'probes', 'account', 'instructions', 'language', 'logout'],
    ],
    [
      'the siteindex flag with two base stations shows siteindex',
      ctx({ siteindex: true, bsCount: 2 }),
      ['siteindex', 'probes', 'settings', 'account', 'instructions', 'language', 'logout'],
    ],
    [
      'the siteindex flag with one base station does not',
      ctx({ siteindex: true, bsCount: 1 }),
      ['probes', 'settings', 'account', 'instructions', 'language', 'logout'],
    ],
    [
      'a compost supervisor without storages enabled sees batches, not storages',
      compostSupervisor(false),
      ['batches', 'probes', 'settings', 'account', 'instructions', 'language', 'logout'],
    ],
    [
      'a compost supervisor with storages enabled sees batches and storages',
      compostSupervisor(true),
      ['batches', 'storages', 'probes', 'settings', 'account', 'instructions', 'language', 'logout'],
    ],
    [
      'a grain supervisor sees storages, not batches',
      ctx({ plans: [plan('Grain Supervisor', { segment: SEGMENT_GRAIN })] }),
      ['storages', 'probes', 'settings', 'account', 'instructions', 'language', 'logout'],
    ],
    [
      'a supervisor on the grain segment sees storages, not batches',
      ctx({ plans: [plan('Supervisor', { segment: SEGMENT_GRAIN })] }),
      ['storages', 'probes', 'settings', 'account', 'instructions', 'language', 'logout'],
    ],
    [
      'a premium user with a valid first plan sees storages',
      ctx({ plans: [plan('Premium')] }),
      ['storages', 'probes', 'settings', 'account', 'instructions', 'language', 'logout'],
    ],
    [
      'a premium user whose first plan expired does not',
      ctx({ plans: [plan('Premium', { expired: true })] }),
      ['probes', 'settings', 'account', 'instructions', 'language', 'logout'],
    ],
    [
      'only the first plan counts',
      ctx({ plans: [plan('Free'), plan('Premium')] }),
      ['probes', 'settings', 'account', 'instructions', 'language', 'logout'],
    ],
    [
      'an Insight service user sees storages',
      ctx({ service: insight }),
      ['storages', 'probes', 'settings', 'account', 'instructions', 'language', 'logout'],
    ],
    [
      'a gari user with premium sees neither storages nor account',
      ctx({ partnerApp: 'gari', plans: [plan('Premium')] }),
      ['probes', 'settings', 'instructions', 'language', 'logout'],
    ],
    [
      'a hay-app user with the Insight service sees neither storages nor account',
      ctx({ partnerApp: 'haytech', service: insight }),
      ['probes', 'settings', 'instructions', 'language', 'logout'],
    ],
    [
      'a gari compost supervisor gets no batches',
      ctx({
        partnerApp: 'gari',
        plans: [plan('Supervisor', { segment: SEGMENT_WASTE })],
        storagesEnabled: true,
      }),
      ['probes', 'settings', 'instructions', 'language', 'logout'],
    ],
    [
      'a hay-app compost supervisor with storages enabled gets no batches, storages or account',
      ctx({
        partnerApp: 'haytech',
        plans: [plan('Supervisor', { segment: SEGMENT_WASTE })],
        storagesEnabled: true,
      }),
      ['probes', 'settings', 'instructions', 'language', 'logout'],
    ],
    [
      'a hay-app translator keeps translations (only batches, storages and account are barred)',
      ctx({ partnerApp: 'haytech', translator: true }),
      ['translations', 'probes', 'settings', 'instructions', 'language', 'logout'],
    ],
    [
      'a gari user with the siteindex flag and two stations keeps the site index',
      ctx({ partnerApp: 'gari', siteindex: true, bsCount: 2 }),
      ['siteindex', 'probes', 'settings', 'instructions', 'language', 'logout'],
    ],
    [
      'a user without any plan sees the basics',
      ctx({ plans: [] }),
      ['probes', 'settings', 'account', 'instructions', 'language', 'logout'],
    ],
  ];
  it.each(rows)('%s', (_name, role, entries) => {
    expect(visibleMenuEntries(role)).toEqual(entries);
  });

  it('always shows probes, instructions, the language choice and logout, in the menu order', () => {
    for (const [, role] of rows) {
      const entries = visibleMenuEntries(role);
      expect(entries).toContain('probes');
      expect(entries).toContain('instructions');
      expect(entries).toContain('language');
      expect(entries).toContain('logout');
      expect(entries).toEqual(MENU_ENTRIES.filter((e) => entries.includes(e)));
    }
  });
});

// Spec doc 1 §2 route table (and doc 3): "/" redirects to batches for compost supervisors, to storages
// when the storages feature is available, otherwise to probes.
describe('rootRedirect (spec doc 1 §2 route "/")', () => {
  const rows: Array<[string, RoleContext, string]> = [
    ['a compost supervisor goes to batches', compostSupervisor(false), '/batches'],
    ['a compost supervisor with storages enabled still goes to batches', compostSupervisor(true), '/batches'],
    [
      'a grain supervisor goes to storages',
      ctx({ plans: [plan('Grain Supervisor', { segment: SEGMENT_GRAIN })] }),
      '/storages',
    ],
    ['a premium user goes to storages', ctx({ plans: [plan('Premium')] }), '/storages'],
    ['an Insight user goes to storages', ctx({ service: insight }), '/storages'],
    ['an admin goes to storages', ctx({ admin: true, adminGroup: STAFF_LEVELS.sales }), '/storages'],
    ['a free user goes to probes', regular, '/probes'],
    [
      'an expired premium user goes to probes',
      ctx({ plans: [plan('Premium', { expired: true })] }),
      '/probes',
    ],
    ['a hay-app user goes to probes', ctx({ partnerApp: 'haytech', plans: [plan('Premium')] }), '/probes'],
    // Batches is not offered to gari or hay-app users (doc 1 §2), so "/" does not lead there either.
    [
      'a gari compost supervisor goes to probes',
      ctx({
        partnerApp: 'gari',
        plans: [plan('Supervisor', { segment: SEGMENT_WASTE })],
        storagesEnabled: true,
      }),
      '/probes',
    ],
  ];
  it.each(rows)('%s', (_name, role, path) => {
    expect(rootRedirect(role)).toBe(path);
  });

  it('never points at a screen this build does not serve', () => {
    expect(rootRedirect(compostSupervisor(true), ['storages', 'probes'])).toBe('/storages');
    expect(rootRedirect(compostSupervisor(false), ['storages', 'probes'])).toBe('/probes');
    expect(rootRedirect(ctx({ plans: [plan('Premium')] }), ['probes'])).toBe('/probes');
  });
});

describe('role predicates (spec doc 1 §1, §2, §3)', () => {
  it('knows the supervisor plans and the compost (waste, segment 14) supervisor', () => {
    expect(isSupervisor(ctx({ plans: [plan('Supervisor')] }))).toBe(true);
    expect(isSupervisor(ctx({ plans: [plan('Grain Supervisor')] }))).toBe(true);
    expect(isSupervisor(ctx({ plans: [plan('Premium')] }))).toBe(false);
    expect(isCompostSupervisor(compostSupervisor(false))).toBe(true);
    expect(isCompostSupervisor(ctx({ plans: [plan('Supervisor', { segment: SEGMENT_GRAIN })] }))).toBe(false);
    expect(isCompostSupervisor(ctx({ plans: [plan('Premium', { segment: SEGMENT_WASTE })] }))).toBe(false);
  });

  it('treats Insight as a service, not as a premium plan', () => {
    expect(hasInsightService(ctx({ service: insight }))).toBe(true);
    expect(hasInsightService(regular)).toBe(false);
    expect(isPremiumActive(ctx({ plans: [plan('INSIGHT')] }))).toBe(false);
    expect(isPremiumActive(ctx({ plans: [plan('Free')] }))).toBe(false);
    expect(isPremiumActive(ctx({ plans: [plan('Premium')] }))).toBe(true);
    expect(isPremiumActive(ctx({ plans: [plan('Premium', { expired: true })] }))).toBe(false);
  });

  it('lets admins see storages always', () => {
    expect(canSeeStorages(ctx({ admin: true, adminGroup: STAFF_LEVELS.sales, plans: [] }))).toBe(true);
  });

  it('uses the spec numbers: staff levels Root 0, Admin 1, Tech 2, Sales 3; segments 13 grain, 14 waste', () => {
    expect(STAFF_LEVELS).toEqual({ root: 0, admin: 1, tech: 2, sales: 3 });
    expect(SEGMENT_GRAIN).toBe(13);
    expect(SEGMENT_WASTE).toBe(14);
  });
});
