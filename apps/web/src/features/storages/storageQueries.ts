import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoints } from '@emberwatch/shared/contracts/endpoints';
import type { Storage, StorageInput } from '@emberwatch/shared/contracts/storages';
import type { ApiClient } from '../../lib/apiClient';
import { useApiClient } from '../../lib/ApiClientContext';
import { queryKeys } from '../../lib/queryKeys';
import { useSelectedStation } from '../base-stations';

/**
 * The storages feature's server resource as TanStack queries, declared once: the list page and the
 * storage detail share one cache entry per account. The account is the selected station's owner
 * (a master looking at a client's station sees that client's storages, spec doc 3 §2).
 */

/** The storages of an account, sorted by name (GET getStorages). */
export function storagesQuery(api: ApiClient, uid: number) {
  return queryOptions({
    queryKey: queryKeys.storages(uid),
    queryFn: async () => (await api.call(endpoints.storages.getStorages, { UID: uid })).results,
  });
}

/** The account whose storages the pages show: the selected station's owner; undefined without a station. */
export function useStorageAccount(): number | undefined {
  return useSelectedStation().selected?.owner_UID;
}

/** The selected account's storages; waits while no station is selected. */
export function useStorages() {
  const api = useApiClient();
  const uid = useStorageAccount();
  return useQuery({ ...storagesQuery(api, uid ?? 0), enabled: uid !== undefined });
}

/** One storage of the selected account by id (from the list's cache entry); undefined while loading or unknown. */
export function useStorage(itemID: number) {
  const storages = useStorages();
  return { ...storages, data: storages.data?.find((s) => s.itemID === itemID) };
}

/** Creates (no itemID) or replaces a storage of the selected account; answers the saved storage. */
export function useSaveStorage() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const uid = useStorageAccount();
  return useMutation({
    mutationFn: async (item: StorageInput): Promise<Storage> =>
      (await api.call(endpoints.storages.saveStorage, { UID: uid, item })).item,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.allStorages }),
  });
}

/** Deletes a storage of the selected account (its probes become free to place elsewhere). */
export function useRemoveStorage() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const uid = useStorageAccount();
  return useMutation({
    mutationFn: (itemID: number) => api.call(endpoints.storages.removeStorage, { UID: uid, itemID }),
    // Not awaited: the caller's own onSuccess (leaving the deleted storage's page) must run first. If
    // the refetch came first, the page would show "does not exist" and unmount the caller, whose
    // callbacks TanStack then drops — the view would never close.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.allStorages });
    },
  });
}
