import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { BasestationSummary } from '@emberwatch/shared/contracts/baseStations';
import { stationTabs, type StationTab } from '@emberwatch/shared/domain/baseStationTabs';
import {
  remembersStationChoice,
  STATION_COOKIE,
  STATION_COOKIE_MAX_AGE_S,
} from '@emberwatch/shared/domain/settingsVisibility';
import { writeCookie } from '../../lib/cookies';
import { queryKeys } from '../../lib/queryKeys';
import { useSessionInfo } from '../sessions';
import { groupOf, rememberedStation, startingStation } from './startingStation';

export interface SelectedStationValue {
  stations: BasestationSummary[];
  tabs: StationTab[];
  selected: BasestationSummary | null;
  /** The selected station and the stations grouped with it: a push for any of them concerns this view. */
  groupIds: string[];
  select: (bsId: string) => void;
}

const SelectedStationContext = createContext<SelectedStationValue | null>(null);

/**
 * The chosen base station (spec doc 1 §4 "Changing the base station"): switching clears what was
 * loaded for the stations involved (their configuration, readings and anything else keyed by their
 * id), so the page shows its loading state and reloads; user info and the station list are
 * refetched. The choice is kept in a cookie for one day (not for gari and hay-app users), and on app
 * start the remembered station is selected when the user may still see it; otherwise the first tab's.
 */
export function SelectedStationProvider({
  stations,
  children,
}: {
  stations: BasestationSummary[];
  children: ReactNode;
}) {
  const queryClient = useQueryClient();
  const partnerApp = useSessionInfo().data?.partnerApp ?? null;
  const [chosenId, setChosenId] = useState<string | null>(() => rememberedStation(stations, partnerApp));
  const tabs = useMemo(() => stationTabs(stations), [stations]);
  const selected = startingStation(stations, tabs, chosenId);
  const selectedId = selected?.bs_id ?? null;

  const select = useCallback(
    (bsId: string) => {
      if (bsId === selectedId) return;
      const involved = new Set([...groupOf(tabs, selectedId), ...groupOf(tabs, bsId)]);
      setChosenId(bsId);
      if (remembersStationChoice({ partnerApp })) writeCookie(STATION_COOKIE, bsId, STATION_COOKIE_MAX_AGE_S);
      queryClient.removeQueries({
        predicate: (q) => q.queryKey.some((part) => typeof part === 'string' && involved.has(part)),
      });
      // The user info and station list are reloaded too. The session is not: nothing in it depends on
      // the station, and a demo user's preference changes live only in it (spec doc 2 §6).
      for (const key of [queryKeys.allUserInfo, queryKeys.basestations])
        void queryClient.invalidateQueries({ queryKey: key });
    },
    [selectedId, tabs, partnerApp, queryClient],
  );

  const value = useMemo<SelectedStationValue>(
    () => ({ stations, tabs, selected, groupIds: groupOf(tabs, selectedId), select }),
    [stations, tabs, selected, selectedId, select],
  );
  return <SelectedStationContext value={value}>{children}</SelectedStationContext>;
}

export function useSelectedStation(): SelectedStationValue {
  const ctx = useContext(SelectedStationContext);
  if (!ctx) throw new Error('useSelectedStation needs a SelectedStationProvider');
  return ctx;
}
