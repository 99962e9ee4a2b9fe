import { useMemo } from 'react';
import { compareNames } from '@emberwatch/shared/domain/compareNames';
import { useStorages } from './storageQueries';
import { storageProbeIds } from './layoutLevels';

export interface StorageGroup {
  /** The storage's itemID, as text (a group filter's id). */
  id: string;
  name: string;
  probes: readonly string[];
}

/**
 * The selected account's storages as probe groups: the settings' group filter "per storage" (spec doc
 * 2 §2.3) and a probe's usage chips (§2.4). Asked only when `enabled` (users who see storages).
 */
export function useStorageGroups(enabled: boolean): StorageGroup[] {
  const storages = useStorages();
  return useMemo(
    () =>
      enabled
        ? [...(storages.data ?? [])]
            .sort((a, b) => compareNames(a.name, b.name))
            .map((s) => ({
              id: String(s.itemID),
              name: s.name,
              probes: storageProbeIds(s.sensor_layout, s.stacks),
            }))
        : [],
    [enabled, storages.data],
  );
}
