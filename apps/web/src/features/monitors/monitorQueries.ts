import { queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoints } from '@emberwatch/shared/contracts/endpoints';
import {
  STORAGE_LOGBOOK_PAGE,
  type AlertKey,
  type Monitor,
  type MonitorInput,
} from '@emberwatch/shared/contracts/monitors';
import type { ApiClient } from '../../lib/apiClient';
import { useApiClient } from '../../lib/ApiClientContext';
import { queryKeys } from '../../lib/queryKeys';
import { useStorageAccount } from '../storages';
import { queueWhenOffline } from '../../lib/createQueryClient';

/**
 * The monitors feature's server resource as TanStack queries. The account is the storages' account
 * (the selected station's owner): monitors are assigned to that account's storages.
 */

/** The monitors of an account with their rules and alerts (GET getMonitors). */
export function monitorsQuery(api: ApiClient, uid: number) {
  return queryOptions({
    queryKey: queryKeys.monitors(uid),
    queryFn: async () => (await api.call(endpoints.monitors.getMonitors, { UID: uid })).results,
  });
}

/** The selected account's monitors; waits while no station is selected. */
export function useMonitors() {
  const api = useApiClient();
  const uid = useStorageAccount();
  return useQuery({ ...monitorsQuery(api, uid ?? 0), enabled: uid !== undefined });
}

/** Creates (no itemID) or replaces a monitor; the server updates the storages that use it. */
export function useSaveMonitor() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const uid = useStorageAccount();
  return useMutation({
    mutationFn: async (item: MonitorInput): Promise<Monitor> =>
      (await api.call(endpoints.monitors.saveMonitor, { UID: uid, item })).item,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.allMonitors }),
        queryClient.invalidateQueries({ queryKey: queryKeys.allStorages }),
      ]),
  });
}

/** Removes a monitor no storage uses (the server refuses otherwise, with its reason). */
export function useRemoveMonitor() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const uid = useStorageAccount();
  return useMutation({
    mutationFn: (itemID: number) => api.call(endpoints.monitors.removeMonitor, { UID: uid, itemID }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.allMonitors }),
  });
}

/** Acknowledges current alerts of one rule (who and when the server records); they stay current. */
export function useAcknowledgeAlerts() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const uid = useStorageAccount();
  return useMutation({
    mutationFn: async (req: { itemID: number; ruleId: number; alerts: AlertKey[]; note: string }) =>
      (await api.call(endpoints.monitors.acknowledgeAlerts, { UID: uid, ...req })).item,
    // Idempotent (an alert keeps its first acknowledgement): sent when the network returns (0140).
    ...queueWhenOffline(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.allMonitors }),
  });
}

/** A storage's alert logbook, newest first, page by page (GET getStorageLogbook). */
export function useStorageLogbook(storageId: number) {
  const api = useApiClient();
  const uid = useStorageAccount();
  return useInfiniteQuery({
    queryKey: queryKeys.storageLogbook(uid ?? 0, storageId),
    enabled: uid !== undefined,
    initialPageParam: undefined as number | undefined,
    queryFn: async ({ pageParam }) =>
      (
        await api.call(endpoints.monitors.getStorageLogbook, {
          UID: uid,
          itemID: storageId,
          ...(pageParam !== undefined ? { before: pageParam } : {}),
        })
      ).results,
    getNextPageParam: (last) => (last.length < STORAGE_LOGBOOK_PAGE ? undefined : last[last.length - 1]!.id),
  });
}

/** Resets selected alerts of a relative rule (spec doc 3 §4): they end and the depth starts afresh. */
export function useResetAlerts() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const uid = useStorageAccount();
  return useMutation({
    mutationFn: async (req: {
      itemID: number;
      ruleId: number;
      alerts: { sensor_id: string; depth: number | null }[];
    }) => (await api.call(endpoints.monitors.resetAlerts, { UID: uid, ...req })).item,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.allMonitors }),
  });
}

/**
 * Runs the monitors of these storages now on the readings already received (GET
 * processStorageMonitors, decision 0108); the account's monitors and storages are refetched after.
 */
export function useProcessStorageMonitors() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const uid = useStorageAccount();
  return useMutation({
    mutationFn: async ({ bsId, itemIDs }: { bsId: string; itemIDs: number[] }) =>
      api.call(endpoints.monitors.processStorageMonitors, {
        BS_ID: bsId,
        UID: uid,
        itemIDs: itemIDs.join(','),
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.allMonitors }),
  });
}
