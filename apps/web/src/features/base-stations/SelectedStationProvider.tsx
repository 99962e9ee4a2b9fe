import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import { stationTabs, tabOfStation, type BasestationSummary, type StationTab } from '@emberwatch/shared';

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
 * The chosen base station lives in app state for the session (the 1-day cookie of spec doc 1 §4
 * comes with a later issue). Until the user chooses, the first tab's station is shown.
 */
export function SelectedStationProvider({
  stations,
  children,
}: {
  stations: BasestationSummary[];
  children: ReactNode;
}) {
  const [chosenId, setChosenId] = useState<string | null>(null);
  const value = useMemo<SelectedStationValue>(() => {
    const tabs = stationTabs(stations);
    const fallbackId = tabs[0]?.bsId;
    const selected =
      stations.find((s) => s.bs_id === chosenId) ?? stations.find((s) => s.bs_id === fallbackId) ?? null;
    const groupIds = tabOfStation(tabs, selected?.bs_id)?.memberIds ?? (selected ? [selected.bs_id] : []);
    return { stations, tabs, selected, groupIds, select: setChosenId };
  }, [stations, chosenId]);
  return <SelectedStationContext value={value}>{children}</SelectedStationContext>;
}

export function useSelectedStation(): SelectedStationValue {
  const ctx = useContext(SelectedStationContext);
  if (!ctx) throw new Error('useSelectedStation needs a SelectedStationProvider');
  return ctx;
}
