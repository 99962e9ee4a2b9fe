import { useLocation } from 'react-router';
import { useSelectedStation, type ActingFor } from '../base-stations';
import { useStationOwner } from './adminConsoleQueries';

/** The console's own pages, where the banner names no one unless the admin works for a customer. */
export const isConsolePath = (pathname: string): boolean =>
  pathname === '/admin' || pathname.startsWith('/admin/');

/**
 * Whose data the customer banner names (decision 0088): the customer the admin works for, or else the
 * owner of the selected station, looked up (findSystem) — outside the console's own pages. `enabled`
 * false asks nothing (the shell's frame for someone without the bar).
 */
export function useBannerOwner(actingFor: ActingFor | null, enabled = true) {
  const { pathname } = useLocation();
  const { selected } = useSelectedStation();
  const onConsole = isConsolePath(pathname);
  const lookedUp = useStationOwner(enabled && !actingFor && !onConsole ? selected?.bs_id : undefined);
  return { onConsole, selected, lookedUp };
}
