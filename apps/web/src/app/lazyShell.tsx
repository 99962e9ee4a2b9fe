import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingIndicator } from '../ui/LoadingIndicator';
import { lazyWithPreload } from '../lib/lazyWithPreload';

/**
 * The logged-in frame (top bar, tabs, side menu, the page list and its routes) loads after the
 * entry, so /login carries none of it. The probe list, where users land, is fetched together with
 * the shell: one round trip, no waterfall (the same module its page definition loads lazily,
 * features/probes/pages.tsx); any other page the app opened on as soon as the shell is here
 * (decision 0146). While they load the refresh-token exchange runs anyway.
 */
const Shell = lazyWithPreload(() =>
  Promise.all([
    import('./AppShell').then((shell) => {
      // In the browser the page opened on loads beside the shell; a render on Node loads it itself.
      if (typeof window !== 'undefined') void shell.preloadPageAt(window.location.pathname);
      return shell;
    }),
    import('../features/probes/ProbesPage'),
  ]).then(([shell]) => ({ default: shell.AppShell })),
);

/**
 * Starts fetching the shell before it is needed: at start on any page but /login (in parallel with
 * the refresh-token exchange) and when the login form is sent.
 */
export function preloadShell(): void {
  void Shell.preload();
}

/**
 * The shell's code and the code of the page at `pathname`, loaded: a page the server drew is taken over
 * once they are here (main.tsx, decision 0174), so that it is taken over in one pass.
 */
export async function loadShellAndPage(pathname: string): Promise<void> {
  await Shell.preload();
  const shell = await import('./AppShell');
  await shell.preloadPageAt(pathname);
}

export function LazyAppShell() {
  const { t } = useTranslation();
  return (
    <Suspense fallback={<LoadingIndicator fullPage label={t('common.loading')} />}>
      <Shell />
    </Suspense>
  );
}
