import { lazy, Suspense } from 'react';
import { useRoutes, type RouteObject } from 'react-router';
import { LoginPage } from '../features/sessions/LoginPage';
import { LazyAppShell as AppShell, preloadShell } from './lazyShell';
import { RequireAuth } from './RequireAuth';
import { SupportRouteOr } from '../features/partner-apps/SupportRoute';
import { PARTNER_APPS, PARTNER_ENTRY_PATHS } from '@emberwatch/shared/domain/partnerApps/partnerAppRules';

// Forgotten password or username: outside the auth gate, loaded only when asked for.
const RecoverPage = lazy(() =>
  import('../features/sessions/RecoverPage').then((m) => ({ default: m.RecoverPage })),
);

// Spec doc 1 §2 /master: the master users' entry page, where an advisor registers (decision 0104).
const MasterEntryPage = lazy(() =>
  import('../features/master-users/MasterEntryPage').then((m) => ({ default: m.MasterEntryPage })),
);

// Spec doc 1 §2 /gari, /haytechapp: the partner-app users' entry pages (decision 0116).
const PartnerEntryPage = lazy(() =>
  import('../features/partner-apps/PartnerEntryPage').then((m) => ({ default: m.PartnerEntryPage })),
);

// Spec doc 1 §2: the subscription-expired screen clears the tokens, so it stands outside the auth gate.
const SubscriptionExpiredPage = lazy(() =>
  import('../features/insight/SubscriptionExpiredPage').then((m) => ({ default: m.SubscriptionExpiredPage })),
);

// Login is in the entry bundle, drawn without MUI. Everything behind the auth gate loads on demand:
// the logged-in shell routes to the pages itself (pageRoutes.tsx, from the page list app/pages.ts),
// so neither the pages nor their menu icons reach the entry.
export const appRoutes: RouteObject[] = [
  { path: '/login', element: <LoginPage preloadShell={preloadShell} /> },
  {
    path: '/login/recover',
    element: (
      <Suspense fallback={null}>
        <RecoverPage />
      </Suspense>
    ),
  },
  {
    path: '/master',
    element: (
      <Suspense fallback={null}>
        <MasterEntryPage />
      </Suspense>
    ),
  },
  ...PARTNER_APPS.map((app) => ({
    path: PARTNER_ENTRY_PATHS[app],
    element: (
      <Suspense fallback={null}>
        <PartnerEntryPage app={app} />
      </Suspense>
    ),
  })),
  {
    path: '/insight/expired',
    element: (
      <Suspense fallback={null}>
        <SubscriptionExpiredPage />
      </Suspense>
    ),
  },
  {
    path: '/*',
    // /SAV-{product} support pages first (outside the login gate), then the logged-in app.
    element: (
      <SupportRouteOr>
        <RequireAuth>
          <AppShell />
        </RequireAuth>
      </SupportRouteOr>
    ),
  },
];

/**
 * Declarative routing (no data router): the app loads its data with TanStack Query, and the data
 * router would add about 16 kB gzipped to the entry for loaders and actions it would not use.
 */
export function AppRoutes() {
  return useRoutes(appRoutes);
}
