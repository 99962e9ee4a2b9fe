import { BrowserRouter } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../lib/apiClient';
import { ErrorBoundary } from '../ui/ErrorBoundary';
import { AppProviders } from './AppProviders';
import { AppRoutes } from './appRoutes';
import { RouteErrorPage } from './RouteErrorPage';
import './base.css';

export function App({ api, queryClient }: { api: ApiClient; queryClient: QueryClient }) {
  return (
    <AppProviders api={api} queryClient={queryClient}>
      <BrowserRouter>
        <ErrorBoundary fallback={<RouteErrorPage />}>
          <AppRoutes />
        </ErrorBoundary>
      </BrowserRouter>
    </AppProviders>
  );
}
