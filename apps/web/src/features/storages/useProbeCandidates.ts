import type { Storage } from '@emberwatch/shared/contracts/storages';
import { useBsConf } from '../base-stations';
import { storageProbeIds } from './layoutLevels';
import { useStorages } from './storageQueries';
import type { PickerCandidate } from './VacantProbePicker';

/**
 * The storage's station's probes as the vacant-probe rule takes them: each with the storage it is
 * in. The draft, not the saved storage, says what this storage holds now (`draftIds`).
 */
export function useProbeCandidates(storage: Storage, draftIds: readonly string[]) {
  const conf = useBsConf(storage.BS_ID);
  const storages = useStorages();
  const storageOf = (id: string): number | null =>
    draftIds.includes(id)
      ? storage.itemID
      : ((storages.data ?? []).find(
          (s) => s.itemID !== storage.itemID && storageProbeIds(s.sensor_layout, s.stacks).includes(id),
        )?.itemID ?? null);
  const candidates: PickerCandidate[] = (conf.data?.sensor_configurations ?? []).map((c) => ({
    id: c.sensor_id_sys,
    name: c.sensor_name ?? c.sensor_id_sys,
    storageId: storageOf(c.sensor_id_sys),
  }));
  const nameOf = (id: string) => candidates.find((c) => c.id === id)?.name ?? id;
  return { candidates, nameOf };
}
