import { parseBsIds } from '@emberwatch/shared/domain/baseStationTabs';
import { liveHandler, type LiveContext } from '../../lib/liveHandler';
import { queryKeys } from '../../lib/queryKeys';

function readAgain(bsIds: readonly string[], { refetch, stationSelected, groupIds }: LiveContext): void {
  // An open probe chart whose window reaches now reads its station's new readings, whichever
  // station is selected (the detail can show a probe of any of the user's stations).
  for (const id of bsIds) refetch({ queryKey: queryKeys.liveProbeData(id) });
  if (!stationSelected) return;
  for (const id of bsIds.filter((b) => groupIds.includes(b))) refetch({ queryKey: queryKeys.data(id) });
}

/** newData (spec doc 1 §4): the selected station's group and open probe charts read their readings. */
export const probesLive = [
  liveHandler(
    'newData',
    (m, ctx) => readAgain(parseBsIds(m.bs_ids), ctx),
    (ctx) => readAgain(ctx.groupIds, ctx),
  ),
];
