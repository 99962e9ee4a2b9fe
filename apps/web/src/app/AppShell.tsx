import { memo, Suspense, useEffect, useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import type { ShellContext } from '../lib/shellContext';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import type { Language } from '@emberwatch/shared/contracts/preferences';
import type { UserInfo } from '@emberwatch/shared/contracts/users';
import { roleContextOf } from '@emberwatch/shared/domain/roleContextOf';
import { visibleMenuEntries, type RoleContext } from '@emberwatch/shared/domain/roles';
import { LoadingIndicator } from '../ui/LoadingIndicator';
import { drawnPart, lazyWithPreload, useCodeHere } from '../lib/lazyWithPreload';
import { isApiRequestError, isNetworkFailure } from '../lib/ApiRequestError';
import {
  useChangeLanguage,
  useEnsureUiPreferences,
  useSession,
  useSessionInfo,
  withDefaultPreferences,
} from '../features/sessions';
import { useUserInfo } from '../features/users';
import {
  SelectedStationProvider,
  setActingFor,
  useActingFor,
  useActingForStored,
  useBasestations,
} from '../features/base-stations';
import { useDemoStations } from '../features/demo';
import { ADMIN_TOOLS, IMPLEMENTED_ENTRIES } from './implementedRoutes';
import { pageTitleKey } from './pageTitleKey';
import { PageRoutes } from './pageRoutes';
import { useAdminBarReady } from '../features/admin';
import { MasterRequests } from '../features/master-access';
import { NewsButton } from '../features/news';
import { NotificationsButton } from '../features/notifications';
import { ExpiryBlockDialog } from '../features/plan-expiry';
import { ProbeActivationAutoOpen } from '../features/activation';
import { InsightRedirect } from '../features/insight';
import { CustomerSessionBanner } from '../features/staff';
import { ConnectionNotices, OfflineBanner } from '../features/offline';
import { preloadWindows } from '../lib/lazyWindow';
import { usePreloadWhenSettled } from '../lib/preloadAhead';
import { useOpenedOnce } from '../lib/useOpenedOnce';
import { TopBar } from './TopBar';
import { RealtimeBridge } from './RealtimeBridge';
import { ShellTheme } from './ShellTheme';
import { useFarmRoleContext } from './useFarmRoleContext';
import { MAIN_CONTENT_ID, SkipLink } from './SkipLink';

export { preloadPageAt } from './preloadPage';

// The side menu (a Drawer with its modal, focus trap and slide transition) is fetched once the page
// has done its own first work and mounted on first open, so it weighs nothing on the page's first
// load (usePreloadWhenSettled).
const SideMenu = lazyWithPreload(() => import('./SideMenu').then((m) => ({ default: m.SideMenu })));
// The admin bar is for admins only: no one else downloads it (decision 0088).
const AdminBar = drawnPart('AdminBar', () =>
  import('../features/admin/AdminBar').then((m) => ({ default: m.AdminBar })),
);

const preloadMenuAndWindows = () => {
  void SideMenu.preload();
  // The windows the shell may open (news, authorizations, activation, renewal): decision 0159.
  void preloadWindows();
};

/** The logged-in frame in MUI's theme, which loads with it (the entry carries no MUI). */
export function AppShell() {
  return (
    <ShellTheme>
      <ShellFrame />
    </ShellTheme>
  );
}

/**
 * Spec doc 1 §4 loading sequence: session, user, stations, then the page's own data; a failed
 * initial load (or session status 500) ends the session and returns to /login.
 */
function ShellFrame() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { endSession, logout, account } = useSession();
  const [menuOpen, setMenuOpen] = useState(false);
  // Mounted on first open and kept, so that the Drawer can play its closing transition.
  const menuMounted = useOpenedOnce(menuOpen);
  usePreloadWhenSettled(preloadMenuAndWindows);

  const session = useSessionInfo();
  // The user info and the stations are read beside the session info, not after it (decision 0146):
  // the account is the token's until the session names it, and the stations are the account's own
  // unless an admin's choice of customer is stored, which only the session info can confirm.
  const user = useUserInfo(session.data?.UID ?? account ?? undefined);
  // An admin working for a customer sees the customer's stations (decision 0088).
  const actingFor = useActingFor(session.data);
  const actingForStored = useActingForStored();
  const stations = useBasestations(session.isSuccess || !actingForStored, actingFor?.uid);
  // A demo-mode account switched to another kind of site shows that site's stations (decision 0079).
  const shownStations = useDemoStations(stations.data, {
    uid: session.data?.UID,
    demo: user.data?.demo ?? false,
  });
  // A failed first load (no data yet). A later read that fails — the network gone — keeps what was shown,
  // and the offline banner says how old it is (decision 0128).
  const failure =
    (session.data ? null : session.error) ??
    (user.data ? null : user.error) ??
    (stations.data ? null : stations.error);

  useEffect(() => {
    if (!failure) return;
    // A customer the admin can no longer open (gone, or refused): back to the console's own list.
    if (failure === stations.error && actingFor && isApiRequestError(failure) && failure.httpStatus !== 401) {
      setActingFor(null);
      return;
    }
    // A 401 already ended the session inside the API client; anything else is a failed load.
    if (!(isApiRequestError(failure) && failure.httpStatus === 401))
      endSession(isNetworkFailure(failure) ? 'network' : 'loadFailed');
  }, [failure, endSession, stations.error, actingFor]);

  // The interface language follows ui_preferences.language: see TranslationsSync.
  useEnsureUiPreferences(session.data, user.data?.demo);
  const changeLanguage = useChangeLanguage({ demo: user.data?.demo ?? false });

  const title = t(pageTitleKey(pathname));
  useEffect(() => {
    document.title = `${title} · ${t('app.name')}`;
  }, [title, t]);

  const roleContext = useMemo(
    () => (session.data ? roleContextOf(session.data, user.data ?? null) : null),
    [session.data, user.data],
  );

  // The admin bar sits above the page: drawn after it, it would push the page down under a tap aimed at
  // a probe (decision 0181). Its code is fetched as soon as the session names an admin, beside the user
  // and stations; what it reads, once the stations are known (ShellBody).
  const adminBarHere = useCodeHere(AdminBar, !!session.data?.admin && !session.data.master);

  if (failure || !roleContext || !session.data || !user.data || !shownStations || !adminBarHere)
    return <LoadingIndicator fullPage label={t('common.loading')} />;

  return (
    <SelectedStationProvider key={actingFor?.uid ?? 'own'} stations={shownStations}>
      <ShellBody
        ownContext={roleContext}
        uid={session.data.UID}
        user={user.data}
        title={title}
        menuOpen={menuOpen}
        menuMounted={menuMounted}
        onOpenMenu={() => setMenuOpen(true)}
        onCloseMenu={() => setMenuOpen(false)}
        onLogout={() => {
          // Once the token is gone the auth gate sends the browser to /login.
          void logout();
        }}
        language={withDefaultPreferences(session.data.ui_preferences).language}
        onLanguage={changeLanguage}
      />
    </SelectedStationProvider>
  );
}

/**
 * The frame inside the selected station: a master works in the selected farm's plan (decision 0108,
 * `farmRoleContext`), so its pages and menu follow the farm that authorised it, and it waits for that
 * farm's user info rather than flash a refusal.
 */
function ShellBody({
  ownContext,
  uid,
  user,
  title,
  menuOpen,
  menuMounted,
  onOpenMenu,
  onCloseMenu,
  onLogout,
  language,
  onLanguage,
}: {
  ownContext: RoleContext;
  uid: number;
  user: UserInfo;
  title: string;
  menuOpen: boolean;
  menuMounted: boolean;
  onOpenMenu: () => void;
  onCloseMenu: () => void;
  onLogout: () => void;
  language: Language;
  onLanguage: (lang: Language) => Promise<boolean>;
}) {
  const { t } = useTranslation();
  const { roleContext, loading } = useFarmRoleContext(ownContext, uid);
  const adminBar = roleContext.admin && !roleContext.master;
  const adminBarReady = useAdminBarReady(adminBar);
  const entries = useMemo(
    () => visibleMenuEntries(roleContext).filter((e) => IMPLEMENTED_ENTRIES.includes(e)),
    [roleContext],
  );
  const shellContext = useMemo<ShellContext>(
    () => ({ roleContext, implementedEntries: IMPLEMENTED_ENTRIES, adminTools: ADMIN_TOOLS }),
    [roleContext],
  );
  if (loading || !adminBarReady) return <LoadingIndicator fullPage label={t('common.loading')} />;

  return (
    <>
      <RealtimeBridge />
      {/* The account's own onboarding and renewal prompts: a master's own, never the farm's. */}
      <ExpiryBlockDialog roleContext={ownContext} />
      <ProbeActivationAutoOpen roleContext={ownContext} />
      <InsightRedirect roleContext={ownContext} user={user} />
      <Box
        sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}
      >
        <SkipLink label={t('common.skipToContent')} />
        <OfflineBanner />
        <ConnectionNotices />
        <CustomerSessionBanner />
        {adminBar && (
          <Suspense fallback={null}>
            <AdminBar />
          </Suspense>
        )}
        <TopBar
          title={title}
          menuOpen={menuOpen}
          // Spec doc 1 §6: no tab strip for a master (the station selector and the site index remain).
          tabs={!roleContext.master}
          actions={
            <>
              <NewsButton user={user} roleContext={roleContext} />
              <MasterRequests user={user} roleContext={roleContext} />
              <NotificationsButton user={user} />
            </>
          }
          onOpenMenu={onOpenMenu}
        />
        {menuMounted && (
          <Suspense fallback={null}>
            <SideMenu
              open={menuOpen}
              onClose={onCloseMenu}
              entries={entries}
              onLogout={onLogout}
              language={language}
              onLanguage={onLanguage}
            />
          </Suspense>
        )}
        <Container
          component="main"
          id={MAIN_CONTENT_ID}
          tabIndex={-1}
          maxWidth="lg"
          sx={{ flex: 1, py: { xs: 1.5, sm: 3 }, px: { xs: 1, sm: 3 }, '&:focus': { outline: 'none' } }}
        >
          <PageArea context={shellContext} />
        </Container>
      </Box>
    </>
  );
}

/**
 * The page below the frame, loaded on demand. Kept apart (memo, stable props) so that the frame's own
 * updates — texts arriving, a query settling — do not reach it: a page the server drew (decision 0174)
 * whose code is still on its way would otherwise be dropped for the fallback, as React does with a part
 * it has not taken over yet when new props reach it, and drawn again once the code arrives.
 */
const PageArea = memo(function PageArea({ context }: { context: ShellContext }) {
  return (
    <Suspense fallback={<PageLoading />}>
      <PageRoutes context={context} />
    </Suspense>
  );
});

function PageLoading() {
  const { t } = useTranslation();
  return <LoadingIndicator label={t('common.loading')} />;
}
