import { lazy, Suspense } from 'react';
import { useRoutes, type RouteObject } from 'react-router';
import { LoginPage } from '../features/sessions/LoginPage';
import { LazyAppShell as AppShell, preloadShell } from './lazyShell';
import { RequireAuth } from './RequireAuth';

// Forgotten password or username: outside the auth gate, loaded only when asked for.
const RecoverPage = lazy(() =>
  import('../features/sessions/RecoverPage').then((m) => ({ default: m.RecoverPage })),
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
    path: '/insight/expired',
    element: (
      <Suspense fallback={null}>
        <SubscriptionExpiredPage />
      </Suspense>
    ),
  },
  {
    path: '/*',
    element: (
      <RequireAuth>
        <AppShell />
      </RequireAuth>
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
