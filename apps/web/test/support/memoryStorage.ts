import type { OfflineStorage } from '../../src/features/offline/offlineCache';

/** A Storage-like map for the offline cache's tests, its contents readable as `data`. */
export function memoryStorage(): OfflineStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
}
