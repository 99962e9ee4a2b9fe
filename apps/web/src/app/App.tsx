import type { ComponentType, ReactNode } from 'react';
import { BrowserRouter } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../lib/apiClient';
import type { OfflineStart } from '../features/sessions/SessionProvider';
import { ErrorBoundary } from '../ui/ErrorBoundary';
import { AppProviders } from './AppProviders';
import { prefetchStart } from './prefetchStart';
import { AppRoutes } from './appRoutes';
import { RouteErrorPage } from './RouteErrorPage';
import './base.css';

export function App({
  api,
  queryClient,
  offlineStart,
  Router = BrowserRouter,
}: {
  api: ApiClient;
  queryClient: QueryClient;
  offlineStart?: OfflineStart;
  /** The browser's address; a page drawn on the server routes by its request's (entry-server.tsx). */
  Router?: ComponentType<{ children: ReactNode }>;
}) {
  return (
    <AppProviders
      api={api}
      queryClient={queryClient}
      offlineStart={offlineStart}
      onSessionOpened={(account) => void prefetchStart(api, queryClient, account)}
    >
      <Router>
        <ErrorBoundary fallback={<RouteErrorPage />}>
          <AppRoutes />
        </ErrorBoundary>
      </Router>
    </AppProviders>
  );
}
