import { describe, expect, it } from 'vitest';
import { matchPath } from 'react-router';
import { appRoutes } from '../src/app/appRoutes';
import { PAGES } from '../src/app/pages';
import { supportProductOf } from '@emberwatch/shared/domain/partnerApps/partnerAppRules';
import { accountTabOf } from '../src/features/account/accountTab';

/**
 * Every route of the spec's route table has its page (issue 33 item 7). The list is spec document 1
 * §2 "Route table" (/work/shared/spec/1-shell-session-insight-settings-calls.md, not in this
 * repository), as data: each route with a sample path where it takes a parameter. "/" and the
 * fallback are the shell's own (RootRedirect, NotFoundPage) and not listed.
 */
const SPEC_ROUTES: readonly string[] = [
  '/login',
  '/gari',
  '/master',
  '/settings',
  '/settings/preferences',
  '/settings/probes',
  '/settings/basestation',
  '/settings/rc',
  '/probes',
  '/probes/6B00000A',
  '/account',
  '/account/users',
  '/account/credentials',
  '/account/services',
  '/account/services/checkout/',
  '/account/services/renewal',
  '/siteindex',
  '/batches',
  '/batches/12',
  '/storages',
  '/storages/12',
  '/storages/site',
  '/storages/monitors',
  '/storages/new-storage',
  '/quality',
  '/admin',
  '/insight',
  '/insight/survey',
  '/activation/system',
  '/activation',
  '/activation/probes',
  '/haytechapp',
  '/SAV-hay',
  // Diagnostic pages
  '/test_',
  '/ids_',
  '/rctest_',
  '/g-log',
  '/bslog',
  '/fs',
  '/translations',
  // The public API's test page
  ...['getSummary', 'getOverview', 'getMeasurements'].map((n) => `/api/v1/${n}`),
  ...['activateSystem', 'activateProbes', 'deactivateBS', 'reactivateBS'].map((n) => `/api/v2/${n}`),
];

/** The route patterns a path can reach: the entry's own (not its catch-all) and the shell's pages. */
const patterns = [
  ...appRoutes.flatMap((r) => (r.path && r.path !== '/*' ? [r.path] : [])),
  ...PAGES.flatMap((p) => p.paths.map((path) => `/${path}`)),
];
// The support pages /SAV-{product} are found by their own rule (a pattern cannot match part of a
// segment): the shell's catch-all asks it first (SupportRouteOr, decision 0118).
const routed = (path: string) =>
  patterns.some((p) => matchPath({ path: p, caseSensitive: true }, path)) || Boolean(supportProductOf(path));

describe('the spec’s route table (doc 1 §2)', () => {
  it.each(SPEC_ROUTES)('routes %s to its page', (path) => {
    expect(routed(path), path).toBe(true);
  });

  it('opens the account area’s tabs and its checkout and renewal, not the not-found page', () => {
    for (const path of SPEC_ROUTES.filter((r) => r.startsWith('/account/')))
      expect(accountTabOf(path), path).not.toBeNull();
  });

  it('sends an unknown path to the not-found page', () => {
    expect(routed('/no/such/page')).toBe(false);
    expect(routed('/SAV-tractor')).toBe(false);
  });
});
