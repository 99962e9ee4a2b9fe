import { Suspense, useMemo, type ReactNode } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { MemoryRouter, Outlet, useRoutes, type RouteObject } from 'react-router';
import { roleContextOf } from '@emberwatch/shared/domain/roleContextOf';
import type { RoleContext } from '@emberwatch/shared/domain/roles';
import { ApiClientProvider } from '../../src/lib/ApiClientContext';
import { createApiClient } from '../../src/lib/apiClient';
import type { ShellContext } from '../../src/lib/shellContext';
import { i18n } from '../../src/i18n/i18n';
import { LoadingIndicator } from '../../src/ui/LoadingIndicator';
import { SessionProvider, useSession, useSessionInfo } from '../../src/features/sessions';
import { useUserInfo } from '../../src/features/users';
import { SelectedStationProvider, useBasestations } from '../../src/features/base-stations';
import { useDemoStations } from '../../src/features/demo';
import { ADMIN_TOOLS, IMPLEMENTED_ENTRIES } from '../../src/app/implementedRoutes';
import { pageRoutes } from '../../src/app/pageRoutes';
import { RealtimeBridge } from '../../src/app/RealtimeBridge';
import { ShellTheme } from '../../src/app/ShellTheme';
import { useFarmRoleContext } from '../../src/app/useFarmRoleContext';
import { TranslationsSync } from '../../src/app/TranslationsSync';
import type { FakeServer } from './fakeServer';
import { LocationDisplay } from './renderApp';

export interface RenderPageOptions {
  /**
   * Mounts the push channel (the shell's RealtimeBridge), for a test that sends live messages through
   * the fake socket. Without it no socket opens.
   */
  live?: boolean;
  /**
   * A feature's component to render instead of the page the path leads to, under the same providers
   * and shell context, at the route `route` (default: any path) so that it reads the path's params.
   */
  element?: ReactNode;
  route?: string;
}

/**
 * One feature's page at `path` (or a feature's component), talking to the fake server, with only
 * what a page gets from the logged-in shell: the API client, a QueryClient, i18n (following the
 * user's language as the app does), MUI's theme, the router at the path, the session, user and
 * station list loaded first (spec doc 1 §4), the selected station and the shell context (role, the
 * implemented pages). The page routes are the app's own (app/pageRoutes.tsx), so a link from one
 * page to another still leads there.
 *
 * Not there: the login gate and its redirects, the top bar (title, station selector and tabs,
 * demo selector, news, requests, notifications), the side menu, the windows that open by themselves
 * across pages (expiry block, probe activation, Insight redirect), the saving of missing UI
 * preferences, and the push channel unless `live`. The fake server must start logged in.
 *
 * Which to use: renderPage for a test about what a page shows and does (its content, forms, dialogs,
 * its own links); renderApp (renderApp.tsx) for a test about the shell or across pages: login,
 * logout, redirects, the menu, the top bar, station switching, the auto-open windows, the document
 * title. A page render costs less: no top bar and no shell features to render and query around, and
 * the translations are loaded once (as the user) instead of twice (anonymous, then the user's).
 */
export function renderPage(path: string, server: FakeServer, options: RenderPageOptions = {}) {
  const api = createApiClient({ fetch: server.fetch });
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
  });
  // No timer between keys and clicks (user-event waits one by default): what React draws in between
  // the tests wait for with findBy and waitFor; typing a form was a tenth of some files' time.
  const user = userEvent.setup({ delay: null });
  const routes: RouteObject[] =
    options.element === undefined ? pageRoutes : [{ path: options.route ?? '*', element: options.element }];
  const view = render(
    <ApiClientProvider client={api}>
      <QueryClientProvider client={queryClient}>
        <I18nextProvider i18n={i18n}>
          <SessionProvider>
            <ShellTheme>
              <MemoryRouter initialEntries={[path]}>
                <PageFrame routes={routes} live={options.live ?? false} />
                <LocationDisplay />
              </MemoryRouter>
            </ShellTheme>
          </SessionProvider>
        </I18nextProvider>
      </QueryClientProvider>
    </ApiClientProvider>,
  );
  return {
    ...view,
    api,
    queryClient,
    user,
    location: () => screen.getByTestId('location').textContent,
  };
}

/** Waits for the refresh-cookie exchange the app starts with; a page render never shows the login. */
function PageFrame({ routes, live }: { routes: RouteObject[]; live: boolean }) {
  const { status } = useSession();
  if (status === 'anonymous') throw new Error('renderPage: the fake server must start logged in');
  if (status === 'restoring') return null;
  return (
    <>
      <TranslationsSync />
      <PageData routes={routes} live={live} />
    </>
  );
}

/** The shell's loading sequence (session, user, stations) and what it hands the page. */
function PageData({ routes, live }: { routes: RouteObject[]; live: boolean }) {
  const { t } = useTranslation();
  const session = useSessionInfo();
  const user = useUserInfo(session.data?.UID);
  const stations = useBasestations(session.isSuccess);
  const shownStations = useDemoStations(stations.data, {
    uid: session.data?.UID,
    demo: user.data?.demo ?? false,
  });
  const own = useMemo(
    () => (session.data && user.data ? roleContextOf(session.data, user.data) : null),
    [session.data, user.data],
  );
  // The shell would end the session; a page test has nothing to show then.
  const failure = session.error ?? user.error ?? stations.error;
  if (failure) throw failure;
  if (!own || !session.data || !shownStations) return <LoadingIndicator label={t('common.loading')} />;
  return (
    <SelectedStationProvider stations={shownStations}>
      {live && <RealtimeBridge />}
      <PageContext own={own} uid={session.data.UID} routes={routes} />
    </SelectedStationProvider>
  );
}

/** As the shell: the pages get the farm's context for a master (decision 0108). */
function PageContext({ own, uid, routes }: { own: RoleContext; uid: number; routes: RouteObject[] }) {
  const { t } = useTranslation();
  const { roleContext, loading } = useFarmRoleContext(own, uid);
  const context = useMemo<ShellContext>(
    () => ({ roleContext, implementedEntries: IMPLEMENTED_ENTRIES, adminTools: ADMIN_TOOLS }),
    [roleContext],
  );
  if (loading) return <LoadingIndicator label={t('common.loading')} />;
  return (
    <main>
      <Suspense fallback={<LoadingIndicator label={t('common.loading')} />}>
        <Routes routes={routes} context={context} />
      </Suspense>
    </main>
  );
}

/** As the shell's PageRoutes: a pathless layout route hands the page the shell context. */
function Routes({ routes, context }: { routes: RouteObject[]; context: ShellContext }) {
  return useRoutes([{ element: <Outlet context={context} />, children: routes }]);
}
