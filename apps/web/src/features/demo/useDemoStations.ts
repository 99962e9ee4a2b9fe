import { useMemo } from 'react';
import type { BasestationSummary } from '@emberwatch/shared/contracts/baseStations';
import { demoStations } from '@emberwatch/shared/domain/demoSwitch';
import { useDemoChoice } from './demoChoice';

/**
 * The stations the shell shows a demo-mode account (decision 0079): while a demo type is chosen, the
 * chosen site's (the visitor's compost windrows under WASTE), so the tabs, the probe list and every
 * station page follow the switch; otherwise, and for any other account, all of them. DEMOdata's
 * viewers are not in demo mode and keep theirs (the selector shows only while it is selected).
 */
export function useDemoStations(
  stations: BasestationSummary[] | undefined,
  account: { uid: number | undefined; demo: boolean },
): BasestationSummary[] | undefined {
  const type = useDemoChoice(account.uid)?.type ?? null;
  const demo = account.demo;
  return useMemo(
    () => (!stations || !demo || !type ? stations : (demoStations(stations, type) as BasestationSummary[])),
    [stations, demo, type],
  );
}
