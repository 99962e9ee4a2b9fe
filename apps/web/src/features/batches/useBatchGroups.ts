import { useMemo } from 'react';
import { BATCH_STATUS } from '@emberwatch/shared/contracts/batches';
import { useBatches } from './batchQueries';

export interface BatchGroup {
  id: string;
  name: string;
  probes: readonly string[];
}

/**
 * The ongoing batches of the selected account as probe groups (spec doc 2 §2.3 "Group filter: per
 * batch"), for the settings' probe list. Asked only when `enabled` (users who follow batches).
 */
export function useBatchGroups(enabled: boolean): BatchGroup[] {
  const list = useBatches('active', enabled);
  return useMemo(
    () =>
      enabled
        ? (list.data?.batches ?? [])
            .filter((b) => b.status === BATCH_STATUS.ongoing)
            .map((b) => ({ id: String(b.batch_id), name: b.batch_name, probes: b.probes }))
        : [],
    [enabled, list.data],
  );
}
