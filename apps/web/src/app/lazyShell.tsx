import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingIndicator } from '../ui/LoadingIndicator';

/**
 * The logged-in frame (top bar, tabs, side menu, the page list and its routes) loads after the
 * entry, so /login carries none of it. The probe list, where users land, is fetched together with
 * the shell: one round trip, no waterfall (the same module its page definition loads lazily,
 * features/probes/pages.tsx). While it loads the refresh-token exchange runs anyway.
 */
const loadShell = () => Promise.all([import('./AppShell'), import('../features/probes/ProbesPage')]);

/**
 * Starts fetching the shell before it is needed: at start on any page but /login (in parallel with
 * the refresh-token exchange) and when the login form is sent.
 */
export function preloadShell(): void {
  void loadShell().catch(() => undefined);
}

const Shell = lazy(() => loadShell().then(([m]) => ({ default: m.AppShell })));

export function LazyAppShell() {
  const { t } = useTranslation();
  return (
    <Suspense fallback={<LoadingIndicator fullPage label={t('common.loading')} />}>
      <Shell />
    </Suspense>
  );
}
