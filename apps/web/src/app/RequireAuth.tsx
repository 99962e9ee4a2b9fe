import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LoadingIndicator } from '../ui/LoadingIndicator';
import { useSession } from '../features/sessions/SessionProvider';
import { loginPathFor } from '../features/sessions/safeRedirect';

/** Spec doc 1 §2: a protected route opened when not logged in sends the user to /login?redirect={path+query}. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { status, loggedOut } = useSession();
  const location = useLocation();
  if (status === 'restoring') return <LoadingIndicator fullPage label={t('common.loading')} />;
  if (status === 'anonymous') {
    // Spec doc 1 §4: logout goes to /login; only an interrupted visit remembers where it was.
    return (
      <Navigate to={loggedOut ? '/login' : loginPathFor(`${location.pathname}${location.search}`)} replace />
    );
  }
  return children;
}
