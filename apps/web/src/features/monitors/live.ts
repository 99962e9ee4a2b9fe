import { parseBsIds } from '@emberwatch/shared/domain/baseStationTabs';
import { liveHandler, type LiveContext } from '../../lib/liveHandler';
import { queryKeys } from '../../lib/queryKeys';

// Alerts of a monitor watching one of the user's stations changed (raised, peaked, ended, reset,
// acknowledged): the monitor cards, the storages' alert marks and the probe data read them again.
function readAgain(bsIds: readonly string[], { refetch, stationSelected, groupIds }: LiveContext): void {
  refetch({ queryKey: queryKeys.allMonitors });
  refetch({ queryKey: queryKeys.allStorages });
  if (stationSelected)
    for (const id of bsIds.filter((b) => groupIds.includes(b))) refetch({ queryKey: queryKeys.data(id) });
}

/** alertsChanged: an alert shows without a reload. */
export const monitorsLive = [
  liveHandler(
    'alertsChanged',
    (m, ctx) => readAgain(parseBsIds(m.bs_ids), ctx),
    (ctx) => readAgain(ctx.groupIds, ctx),
  ),
];
