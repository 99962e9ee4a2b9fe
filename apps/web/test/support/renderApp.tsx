import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { MemoryRouter, useLocation } from 'react-router';
import { AppProviders } from '../../src/app/AppProviders';
import { AppRoutes } from '../../src/app/appRoutes';
import { createApiClient } from '../../src/lib/apiClient';
import type { FakeServer } from './fakeServer';

/** The router's path and query, for tests that check where the app went. */
export function LocationDisplay() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/** The whole app at `path`, talking to the fake server. */
export function renderApp(path: string, server: FakeServer) {
  const api = createApiClient({ fetch: server.fetch });
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
  });
  const user = userEvent.setup();
  const view = render(
    <AppProviders api={api} queryClient={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
        <LocationDisplay />
      </MemoryRouter>
    </AppProviders>,
  );
  return {
    ...view,
    api,
    queryClient,
    user,
    location: () => screen.getByTestId('location').textContent,
  };
}
