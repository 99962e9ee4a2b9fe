import { lazy } from 'react';
import { useRoutes, type RouteObject } from 'react-router';
import { LoginPage } from '../features/sessions/LoginPage';
import { LazyAppShell as AppShell, LazyProbesPage as ProbesPage, preloadShell } from './lazyShell';
import { RequireAuth } from './RequireAuth';
import { RootRedirect } from './RootRedirect';

// Login is in the entry bundle; the logged-in shell with the probe list and every other page load on demand.
// The entry carries no MUI (the login page and the auth gate are plain CSS): every page below the
// shell may use it, the not-found page included.
const NotFoundPage = lazy(() => import('./NotFoundPage').then((m) => ({ default: m.NotFoundPage })));
const InstructionsPage = lazy(() =>
  import('../features/instructions/InstructionsPage').then((m) => ({ default: m.InstructionsPage })),
);
// The probe detail carries the chart library; it must never reach the entry bundle.
const ProbeDetailPage = lazy(() =>
  import('../features/probe-detail/ProbeDetailPage').then((m) => ({ default: m.ProbeDetailPage })),
);

// Settings are visited now and then: loaded on demand, never in the entry bundle.
const SettingsPage = lazy(() =>
  import('../features/settings/SettingsPage').then((m) => ({ default: m.SettingsPage })),
);

export const appRoutes: RouteObject[] = [
  { path: '/login', element: <LoginPage preloadShell={preloadShell} /> },
  {
    path: '/',
    element: (
      <RequireAuth>
        <AppShell />
      </RequireAuth>
    ),
    children: [
      { index: true, element: <RootRedirect /> },
      { path: 'probes', element: <ProbesPage /> },
      { path: 'probes/:sensorId', element: <ProbeDetailPage /> },
      { path: 'storages/:itemID/probes/:sensorId', element: <ProbeDetailPage /> },
      { path: 'settings/:tab?', element: <SettingsPage /> },
      { path: 'instructions', element: <InstructionsPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/**
 * Declarative routing (no data router): the app loads its data with TanStack Query, and the data
 * router would add about 16 kB gzipped to the entry for loaders and actions it would not use.
 */
export function AppRoutes() {
  return useRoutes(appRoutes);
}
