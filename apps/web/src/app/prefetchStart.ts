import type { QueryClient } from '@tanstack/react-query';
import { stationTabs } from '@emberwatch/shared/domain/baseStationTabs';
import type { ApiClient } from '../lib/apiClient';
// Their modules, not the features' indexes: this is in the entry (see TranslationsSync).
import { sessionInfoQuery } from '../features/sessions/sessionQueries';
import { userInfoQuery } from '../features/users/userQueries';
import { basestationsQuery, bsConfQuery, stationDataQuery } from '../features/base-stations/stationQueries';
import { actingForStored } from '../features/base-stations/actingFor';
import { groupOf, rememberedStation, startingStation } from '../features/base-stations/startingStation';
import { demoChoiceOf } from '../features/demo/demoChoice';

/**
 * The first screen's reads, asked for as soon as an opened session names its account — restored on app
 * start, or by a login (decision 0173):
 * the session info, the user info and the station list at once, then the configuration and latest
 * readings of the station the list opens on. Each is the query the shell and the page read, under the
 * same key, so they find it in the cache (or in flight) instead of asking after their own render: the
 * chain of calls no longer waits for the main thread between its links (spec doc 1 §4's order of
 * loading is kept: the page still draws after the session, user and stations).
 *
 * Only the common case is read ahead: not for an admin working for a customer (the customer's stations
 * depend on the session info) nor for a demo account shown another kind of site (its stations are
 * chosen from the list). A failed read is left to the query that shows it; nothing here reports.
 */
export async function prefetchStart(
  api: ApiClient,
  queryClient: QueryClient,
  account: number,
): Promise<void> {
  if (actingForStored()) return;
  try {
    // The user info is not waited for: nothing read after it depends on it.
    void queryClient.prefetchQuery(userInfoQuery(api, account));
    const [session, stations] = await Promise.all([
      queryClient.fetchQuery(sessionInfoQuery(api)),
      queryClient.fetchQuery(basestationsQuery(api)),
    ]);
    if (session.UID !== account || demoChoiceOf(account) !== null) return;
    const tabs = stationTabs(stations);
    const chosen = rememberedStation(stations, session.partnerApp ?? null);
    for (const bsId of groupOf(tabs, startingStation(stations, tabs, chosen)?.bs_id)) {
      void queryClient.prefetchQuery(bsConfQuery(api, bsId));
      void queryClient.prefetchQuery(stationDataQuery(api, bsId));
    }
  } catch {
    // The shell's own queries show the failure (and try again).
  }
}
