import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SaveDataBreakSettingsRequest } from '@emberwatch/shared/contracts/dataBreaks';
import { endpoints } from '@emberwatch/shared/contracts/endpoints';
import { useApiClient } from '../../lib/ApiClientContext';
import { queryKeys } from '../../lib/queryKeys';
import { useSelectedStation } from '../base-stations';

/** The account the settings are about: the selected station's owner (an admin's customer, a sub-user's owner). */
export function useDataBreakAccount(): number | undefined {
  return useSelectedStation().selected?.owner_UID;
}

// Under the storages' key prefix: a storage created, renamed or deleted reloads its line here too.
const dataBreaksKey = (uid: number) => [...queryKeys.allStorages, 'dataBreaks', uid] as const;

/** The account's data-break delay and its storages' overrides (decision 0071). */
export function useDataBreakSettings() {
  const api = useApiClient();
  const uid = useDataBreakAccount();
  return useQuery({
    queryKey: dataBreaksKey(uid ?? 0),
    queryFn: () => api.call(endpoints.dataBreaks.getDataBreakSettings, { UID: uid }),
    enabled: uid !== undefined,
  });
}

/** Saves the account's delay and/or storages' overrides; the answer replaces what was read. */
export function useSaveDataBreakSettings() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const uid = useDataBreakAccount();
  return useMutation({
    mutationFn: (req: Omit<SaveDataBreakSettingsRequest, 'UID'>) =>
      api.call(endpoints.dataBreaks.saveDataBreakSettings, { UID: uid, ...req }),
    onSuccess: (settings) => queryClient.setQueryData(dataBreaksKey(uid ?? 0), settings),
  });
}
