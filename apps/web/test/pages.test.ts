import { describe, expect, it } from 'vitest';
import { matchPath } from 'react-router';
import { i18n } from '../src/i18n/i18n';
import type { PageDefinition } from '../src/lib/pageDefinition';
import { PAGES } from '../src/app/pages';
import { ENTRY_PAGES, IMPLEMENTED_ENTRIES } from '../src/app/implementedRoutes';
import { pageTitleKey } from '../src/app/pageTitleKey';

const pages: readonly PageDefinition[] = PAGES;

describe('the page list the shell derives from', () => {
  it.each([
    ['/', 'titles.home'],
    ['/probes', 'titles.probes'],
    ['/probes/', 'titles.probes'],
    ['/probes/6B00000A', 'titles.probes'],
    ['/storages/12/probes/6B00000A', 'titles.probes'],
    ['/storages', 'titles.storages'],
    ['/storages/new-storage', 'titles.storages'],
    ['/settings', 'settings.title'],
    ['/settings/preferences', 'settings.title'],
    ['/instructions', 'titles.instructions'],
    ['/admin', 'menu.entries.admin'],
    ['/admin/outbox', 'delivery.outbox.title'],
    ['/bslog', 'stationLogs.page.title'],
    ['/translations', 'menu.entries.translations'],
    ['/siteindex', 'siteIndex.page.title'],
    ['/no/such/page', 'titles.notFound'],
    // Routed to the not-found page, so titled as such.
    ['/probes/6B00000A/extra', 'titles.notFound'],
  ])('titles %s with %s', (path, key) => {
    expect(pageTitleKey(path)).toBe(key);
  });

  it('has a text for every page title', () => {
    for (const page of pages) expect(i18n.exists(page.titleKey), page.titleKey).toBe(true);
  });

  it('routes every path to one page only', () => {
    const paths = pages.flatMap((p) => p.paths);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('leads every menu entry to a route of its own page', () => {
    for (const page of pages) {
      if (!page.menu) continue;
      expect(
        page.paths.some((p) => matchPath(`/${p}`, page.menu!.path)),
        page.menu.entry,
      ).toBe(true);
    }
  });

  it('implements the entries whose pages exist, and the shell’s language and logout, once each', () => {
    expect([...IMPLEMENTED_ENTRIES].sort()).toEqual(
      [
        'account',
        'admin',
        'batches',
        'instructions',
        'language',
        'logout',
        'probes',
        'settings',
        'siteindex',
        'storages',
        'translations',
      ].sort(),
    );
    expect(Object.keys(ENTRY_PAGES).sort()).toEqual([
      'account',
      'admin',
      'batches',
      'instructions',
      'probes',
      'settings',
      'siteindex',
      'storages',
      'translations',
    ]);
    expect(new Set(IMPLEMENTED_ENTRIES).size).toBe(IMPLEMENTED_ENTRIES.length);
  });
});
