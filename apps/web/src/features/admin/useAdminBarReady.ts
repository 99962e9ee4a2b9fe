import { useState } from 'react';
import { useActingFor } from '../base-stations';
import { useSessionInfo } from '../sessions';
import { useConsoleInfo } from './adminConsoleQueries';
import { useBannerOwner } from './bannerOwner';

/**
 * Whether what the admin bar shows from the server has come (decision 0181): the environment its title
 * names, and the owner its banner names. The shell draws the page only then: the bar sits above the
 * page, and a bar that grew once its answers came pushed the page down under a tap aimed at a probe.
 * Asked beside the bar's own reads (same queries), so they are read once. A failed read counts as come:
 * the bar then says less ("Admin", "a customer") and the page is not held back. Once come, it stays so:
 * another station picked later is looked up while the page stays.
 */
export function useAdminBarReady(wanted: boolean): boolean {
  const session = useSessionInfo().data;
  const actingFor = useActingFor(session);
  const info = useConsoleInfo(wanted);
  const { lookedUp } = useBannerOwner(actingFor, wanted);
  const [came, setCame] = useState(false);
  const ready = !wanted || came || (!info.isLoading && !lookedUp.isLoading);
  if (wanted && ready && !came) setCame(true);
  return ready;
}
