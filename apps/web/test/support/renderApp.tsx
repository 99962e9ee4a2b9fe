import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { MemoryRouter, useLocation } from 'react-router';
import { AppProviders } from '../../src/app/AppProviders';
import { AppRoutes } from '../../src/app/appRoutes';
import { prefetchStart } from '../../src/app/prefetchStart';
import { createApiClient } from '../../src/lib/apiClient';
import type { OfflineStart } from '../../src/features/sessions';
import type { FakeServer } from './fakeServer';

/** The router's path and query, for tests that check where the app went. */
export function LocationDisplay() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/**
 * The whole app at `path`, talking to the fake server, wired as app/App.tsx wires it (an opened
 * session asks for the first screen's reads at once, decision 0173). `offlineStart`, given the app's
 * QueryClient, sets up the kept copy of the last data as the entry does (main.tsx; decisions 0128, 0145).
 */
export function renderApp(
  path: string,
  server: FakeServer,
  options: {
    offlineStart?: (client: QueryClient) => OfflineStart;
    /** The app's own (lib/createQueryClient) where a test depends on its defaults, e.g. staleTime. */
    queryClient?: QueryClient;
  } = {},
) {
  const api = createApiClient({ fetch: server.fetch });
  const queryClient =
    options.queryClient ??
    new QueryClient({
      defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
    });
  // No timer between keys and clicks (user-event waits one by default): what React draws in between
  // the tests wait for with findBy and waitFor; typing a form was a tenth of some files' time.
  const user = userEvent.setup({ delay: null });
  const view = render(
    <AppProviders
      api={api}
      queryClient={queryClient}
      offlineStart={options.offlineStart?.(queryClient)}
      onSessionOpened={(account) => void prefetchStart(api, queryClient, account)}
    >
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
