import type { BasestationSummary } from '@emberwatch/shared/contracts/baseStations';
import { tabOfStation, type StationTab } from '@emberwatch/shared/domain/baseStationTabs';
import type { RoleContext } from '@emberwatch/shared/domain/roles';
import { STATION_COOKIE, stationFromCookie } from '@emberwatch/shared/domain/settingsVisibility';
import { readCookie } from '../../lib/cookies';
import { documentCookies } from '../../lib/renderContext';

/** The station ids of the tab holding `bsId` (the station alone when it is not grouped). */
export function groupOf(tabs: readonly StationTab[], bsId: string | null | undefined): string[] {
  return tabOfStation(tabs, bsId)?.memberIds ?? (bsId ? [bsId] : []);
}

/**
 * The station a list opens on: the one chosen (the remembered station, or the user's later choice) while
 * it is still in the list, otherwise the first tab's. SelectedStationProvider shows it; the start's
 * prefetch (app/prefetchStart.ts) reads its data before the shell has drawn, so both must agree.
 */
export function startingStation(
  stations: readonly BasestationSummary[],
  tabs: readonly StationTab[],
  chosenId: string | null,
): BasestationSummary | null {
  return (
    stations.find((s) => s.bs_id === chosenId) ?? stations.find((s) => s.bs_id === tabs[0]?.bsId) ?? null
  );
}

/**
 * The station this browser remembers for the user (the station cookie), if it is still theirs and the
 * user is one whose choice is remembered. On a server, the request's cookie: the page is drawn on the
 * station the browser will take it over on (decision 0174).
 */
export function rememberedStation(
  stations: readonly BasestationSummary[],
  partnerApp: RoleContext['partnerApp'],
): string | null {
  return stationFromCookie(
    readCookie(documentCookies(), STATION_COOKIE),
    stations.map((s) => s.bs_id),
    { partnerApp },
  );
}
