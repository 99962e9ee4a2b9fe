import { useCallback, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';

/**
 * When the oldest data on screen was read from the server (epoch ms), or null when nothing shown came
 * from it: of the queries a mounted component reads, the earliest answer. Offline, the data shown is
 * at least this old.
 */
export function useOldestShownData(): number | null {
  const client = useQueryClient();
  const subscribe = useCallback(
    (onChange: () => void) => client.getQueryCache().subscribe(onChange),
    [client],
  );
  const read = useCallback(() => {
    let oldest: number | null = null;
    for (const q of client.getQueryCache().findAll({ type: 'active' })) {
      const at = q.state.dataUpdatedAt;
      if (q.state.data !== undefined && at > 0 && (oldest === null || at < oldest)) oldest = at;
    }
    return oldest;
  }, [client]);
  return useSyncExternalStore(subscribe, read, read);
}
