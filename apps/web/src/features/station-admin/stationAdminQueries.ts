import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoints } from '@emberwatch/shared/contracts/endpoints';
import type { ProbeStopSettings } from '@emberwatch/shared/contracts/stationAdmin';
import { useApiClient } from '../../lib/ApiClientContext';
import { queryKeys } from '../../lib/queryKeys';

/** The console's station tools as TanStack queries (admins only; decision 0094). */
const stationAdminKey = ['stationAdmin'] as const;
const probeStopKey = [...stationAdminKey, 'probeStop'] as const;

/** The replacements a station was part of (GET getReplacementHistory). */
export function useReplacementHistory(bsId: string) {
  const api = useApiClient();
  return useQuery({
    queryKey: [...stationAdminKey, 'history', bsId],
    queryFn: async () =>
      (await api.call(endpoints.stationAdmin.getReplacementHistory, { BS_ID: bsId })).results,
  });
}

/** After a station joined, left or was replaced: every account's info and station list. */
function useReloadStations() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.allUserInfo }),
      queryClient.invalidateQueries({ queryKey: queryKeys.basestations }),
      queryClient.invalidateQueries({ queryKey: stationAdminKey }),
    ]);
}

export function useReplaceStation() {
  const api = useApiClient();
  const reload = useReloadStations();
  return useMutation({
    mutationFn: (req: { old_bs: string; new_bs: string; UID: number }) =>
      api.call(endpoints.stationAdmin.replaceBasestation, req),
    onSuccess: () => reload(),
  });
}

export function useRemoveStation() {
  const api = useApiClient();
  const reload = useReloadStations();
  return useMutation({
    mutationFn: (bsId: string) => api.call(endpoints.stationAdmin.deactivateBS, { bs_id: bsId }),
    onSuccess: () => reload(),
  });
}

export function useGroupStations() {
  const api = useApiClient();
  const reload = useReloadStations();
  return useMutation({
    mutationFn: (bsIds: string[]) => api.call(endpoints.stationAdmin.groupBSs, { bs_ids: bsIds }),
    onSuccess: () => reload(),
  });
}

export function useProbeStopSettings() {
  const api = useApiClient();
  return useQuery({
    queryKey: probeStopKey,
    queryFn: () => api.call(endpoints.stationAdmin.getProbeStopSettings),
  });
}

export function useSaveProbeStopSettings() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (s: ProbeStopSettings) => api.call(endpoints.stationAdmin.saveProbeStopSettings, s),
    onSuccess: (res) => queryClient.setQueryData(probeStopKey, res),
  });
}
