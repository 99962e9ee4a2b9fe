import { Outlet, useLocation } from 'react-router';
import { partnerAreaRedirect } from '@emberwatch/shared/domain/partnerApps/partnerAppRules';
import { useShellContext } from '../../lib/shellContext';
import { Redirect } from '../../lib/Redirect';

/**
 * A layout route around the logged-in pages. Gari and hay-app users have no account, storages or
 * batches (spec doc 1 §2 side menu): opened by address, those pages send them on (to "/", their
 * probes) instead of drawing a page they cannot use (decision 0116). Everyone else gets the page,
 * with the shell context handed on.
 */
export function PartnerAreaGuard() {
  const context = useShellContext();
  const { pathname } = useLocation();
  const to = partnerAreaRedirect(context.roleContext, pathname);
  return to === null ? <Outlet context={context} /> : <Redirect to={to} />;
}
