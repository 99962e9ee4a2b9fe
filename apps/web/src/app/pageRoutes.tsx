import { lazy } from 'react';
import { Outlet, useRoutes, type RouteObject } from 'react-router';
import type { ShellContext } from '../lib/shellContext';
import type { PageDefinition } from '../lib/pageDefinition';
import { PartnerAreaGuard } from '../features/partner-apps';
import { PAGES } from './pages';
import { RootRedirect } from './RootRedirect';
import { StaffOnly } from './StaffOnly';

const pages: readonly PageDefinition[] = PAGES;

// Every page below the shell may use MUI, the not-found page included: all load on demand.
const NotFoundPage = lazy(() => import('./NotFoundPage').then((m) => ({ default: m.NotFoundPage })));

/**
 * The routes under the logged-in frame, from the page list: "/" redirects, unknown paths are not found,
 * and the admin area's pages are staff only (StaffOnly).
 */
export const pageRoutes: RouteObject[] = [
  {
    // Gari and hay-app users opening an area they do not have are sent on (decision 0116).
    element: <PartnerAreaGuard />,
    children: [
      { index: true, element: <RootRedirect /> },
      ...pages.flatMap(({ paths, component: Page, adminTool }) =>
        paths.map((path) => ({
          path,
          element: adminTool ? (
            <StaffOnly>
              <Page />
            </StaffOnly>
          ) : (
            <Page />
          ),
        })),
      ),
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/**
 * The page for the current path, inside the shell. These routes live in the lazily loaded shell, not
 * in the entry's route table (appRoutes.tsx), since the page list brings the menu icons (MUI) with
 * it; a pathless layout route hands the pages the shell context (useShellContext).
 */
export function PageRoutes({ context }: { context: ShellContext }) {
  return useRoutes([{ element: <Outlet context={context} />, children: pageRoutes }]);
}
