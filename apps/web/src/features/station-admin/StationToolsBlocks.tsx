import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import { mayUseOperatorTool } from '@emberwatch/shared/domain/operatorTools';
import { mayRemoveStation } from '@emberwatch/shared/domain/stationAdmin/stationButtons';
import { useShellContext } from '../../lib/shellContext';
import { MergeAccountButton } from '../account-merge';
import { useSelectedStation } from '../base-stations';
import { GroupStationsButton } from './GroupStationsButton';
import { RemoveStationButton } from './RemoveStationButton';
import { ReplaceStationButton } from './ReplaceStationButton';
import { ReplacementHistoryBlock } from './ReplacementHistoryBlock';

/**
 * The base-station settings' admin blocks this feature has (spec doc 2 §2.5; decision 0094): the
 * replacement history, and Replace BS, Group BS and Remove BS for the staff levels that manage stations. Remove
 * BS shows only for an account with other stations when this one has no probes (§6).
 */
export function StationToolsBlocks({ bsId, probes }: { bsId: string; probes: number }) {
  const { roleContext } = useShellContext();
  const { stations, selected, select } = useSelectedStation();
  const who = { admin: roleContext.admin, adminGroup: roleContext.adminGroup };
  const owner = stations.find((s) => s.bs_id === bsId)?.owner_UID ?? selected?.owner_UID;
  const own = stations.filter((s) => s.owner_UID === owner);
  const accountStations = own.length;
  const bs = own.find((s) => s.bs_id === bsId);
  const others = own.filter((s) => s.bs_id !== bsId);
  const mayGroup = mayUseOperatorTool(who, 'stationGrouping') && bs !== undefined && others.length > 0;
  const mayReplace = mayUseOperatorTool(who, 'stationReplacement') && owner !== undefined;
  const mayRemove =
    mayUseOperatorTool(who, 'stationRemoval') && mayRemoveStation({ accountStations, probes });
  return (
    <>
      <ReplacementHistoryBlock bsId={bsId} />
      {(mayReplace || mayRemove || mayGroup) && (
        <Stack direction="row" sx={{ gap: 1.5, flexWrap: 'wrap', py: 1.5 }} data-testid="bs-station-tools">
          {mayReplace && <ReplaceStationButton bsId={bsId} ownerUid={owner} onReplaced={select} />}
          {mayGroup && <GroupStationsButton bs={bs} others={others} />}
          <MergeAccountButton bsId={bsId} />
          {mayRemove && (
            <RemoveStationButton
              bsId={bsId}
              onRemoved={() => {
                const other = stations.find((s) => s.bs_id !== bsId && s.owner_UID === owner);
                if (other) select(other.bs_id);
              }}
            />
          )}
        </Stack>
      )}
      <Divider />
    </>
  );
}
