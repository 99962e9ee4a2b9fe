import { lazy, Suspense, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { supportProductOf } from '@emberwatch/shared/domain/partnerApps/partnerAppRules';

const SupportPage = lazy(() => import('./SupportPage').then((m) => ({ default: m.SupportPage })));

/**
 * /SAV-{product} (decision 0118). A route pattern cannot hold part of a segment ("SAV-:product"),
 * so the entry's catch-all asks this first: a support path, known product or not, gets the support
 * page (outside the login gate); any other path gets `children`, the logged-in app. Only this small
 * check is in the entry; the page loads on demand.
 */
export function SupportRouteOr({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  if (supportProductOf(pathname) === undefined) return children;
  return (
    <Suspense fallback={null}>
      <SupportPage />
    </Suspense>
  );
}
