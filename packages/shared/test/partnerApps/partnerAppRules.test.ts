import { describe, expect, it } from 'vitest';
import {
  partnerAreaRedirect,
  supportPathOf,
  supportProductOf,
  SUPPORT_PRODUCTS,
} from '../../src/domain/partnerApps/partnerAppRules.js';

// Spec doc 1 §2 "Side menu entries": batches, storages and account are not for gari or hay-app
// users; decision 0116: opened by address, they lead to "/" (their probes); staff keep every page.
describe('partnerAreaRedirect (where a partner-app user opening a barred area goes)', () => {
  const gari = { admin: false, partnerApp: 'gari' as const };
  const hayApp = { admin: false, partnerApp: 'haytech' as const };
  const regular = { admin: false, partnerApp: null };
  const staffOnPartner = { admin: true, partnerApp: 'haytech' as const };
  const rows: Array<[string, string | null, string | null, string | null, string | null]> = [
    // path, gari, hay-app, regular, staff
    ['/account', '/', '/', null, null],
    ['/account/users', '/', '/', null, null],
    ['/account/services/checkout/', '/', '/', null, null],
    ['/ACCOUNT/credentials', '/', '/', null, null],
    ['/storages', '/', '/', null, null],
    ['/storages/17', '/', '/', null, null],
    ['/storages/site', '/', '/', null, null],
    ['/storages/monitors', '/', '/', null, null],
    ['/batches', '/', '/', null, null],
    ['/batches/4', '/', '/', null, null],
    ['/probes', null, null, null, null],
    ['/probes/H10001', null, null, null, null],
    ['/settings/probes', null, null, null, null],
    ['/activation/probes', null, null, null, null],
    ['/accounting', null, null, null, null],
    ['/storagesx', null, null, null, null],
    ['/', null, null, null, null],
  ];
  it.each(rows)('%s', (path, g, h, r, s) => {
    expect([
      partnerAreaRedirect(gari, path),
      partnerAreaRedirect(hayApp, path),
      partnerAreaRedirect(regular, path),
      partnerAreaRedirect(staffOnPartner, path),
    ]).toEqual([g, h, r, s]);
  });
});

// Decision 0118: a support page per product line (hay, grain, compost), any case; others are not found.
describe('supportProductOf (the product of a /SAV-{product} path)', () => {
  const rows: Array<[string, string | null | undefined]> = [
    ['/SAV-hay', 'hay'],
    ['/SAV-grain', 'grain'],
    ['/SAV-compost', 'compost'],
    ['/sav-Hay', 'hay'],
    ['/SAV-compost/', 'compost'],
    ['/SAV-straw', null],
    ['/SAV-', null],
    ['/SAV-hay/extra', undefined],
    ['/SAVhay', undefined],
    ['/probes', undefined],
    ['/x/SAV-hay', undefined],
  ];
  it.each(rows)('%s → %s', (path, product) => {
    expect(supportProductOf(path)).toBe(product);
  });

  it('each product has a path that reads back as itself', () => {
    for (const p of SUPPORT_PRODUCTS) expect(supportProductOf(supportPathOf(p))).toBe(p);
  });
});
