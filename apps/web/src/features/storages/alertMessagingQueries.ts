import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoints } from '@emberwatch/shared/contracts/endpoints';
import type { SetCustomAlertHoursRequest, Storage } from '@emberwatch/shared/contracts/storages';
import { useApiClient } from '../../lib/ApiClientContext';
import { queryKeys } from '../../lib/queryKeys';
import { useStorageAccount } from './storageQueries';

/**
 * Who the selected account's storage alerts may reach (its owner and sub-users, with phone and
 * address) and whether it has voice calls and Sentinel (spec doc 3 §3, §6). Under the storages'
 * key prefix, so a storage save reloads it with them.
 */
export function useAlertRecipients() {
  const api = useApiClient();
  const uid = useStorageAccount();
  return useQuery({
    queryKey: [...queryKeys.allStorages, 'alertRecipients', uid ?? 0] as const,
    queryFn: () => api.call(endpoints.storages.getAlertRecipients, { UID: uid }),
    enabled: uid !== undefined,
  });
}

/** Saves a storage's voice limit (°C) and no-call hours (spec doc 1 §7 setCustomAlertHours). */
export function useSetCustomAlertHours() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const uid = useStorageAccount();
  return useMutation({
    mutationFn: async (req: Omit<SetCustomAlertHoursRequest, 'UID'>): Promise<Storage> =>
      (await api.call(endpoints.storages.setCustomAlertHours, { UID: uid, ...req })).item,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.allStorages }),
  });
}
