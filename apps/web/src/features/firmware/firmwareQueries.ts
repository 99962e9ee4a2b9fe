import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoints } from '@emberwatch/shared/contracts/endpoints';
import { useApiClient } from '../../lib/ApiClientContext';
import { isApiRequestError } from '../../lib/ApiRequestError';

/** Firmware updates as TanStack queries (admins only; decision 0093). */
const firmwareKey = ['firmware'] as const;

/** A station's revision, the revisions it may take, its pending update and its log (GET getOTAForBS). */
export function useOtaForBs(bsId: string) {
  const api = useApiClient();
  return useQuery({
    queryKey: [...firmwareKey, 'station', bsId],
    retry: false,
    queryFn: () => api.call(endpoints.firmware.getOTAForBS, { bs: bsId }),
  });
}

/**
 * Refresh of a pending update (GET getOTAStatus): status_code 1 means none is pending any more (the
 * API client hands any status but 0 over as an error), so the station's update is read again (spec
 * doc 2 §8 "status_code 1 clears"). Resolves with whether it cleared.
 */
export function useRefreshOta(bsId: string) {
  const api = useApiClient();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (): Promise<{ cleared: boolean }> => {
      try {
        await api.call(endpoints.firmware.getOTAStatus, { bs: bsId });
        return { cleared: false };
      } catch (e) {
        if (isApiRequestError(e) && e.kind === 'http' && e.httpStatus === 200 && e.statusCode === 1)
          return { cleared: true };
        throw e;
      }
    },
    onSuccess: () => client.invalidateQueries({ queryKey: [...firmwareKey, 'station', bsId] }),
  });
}

export function useAssignOta(bsId: string) {
  const api = useApiClient();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { rev: string; oldRev: string | null }) =>
      api.call(endpoints.firmware.saveOTAForBS, { bs: bsId, rev: v.rev, old_rev: v.oldRev }),
    onSettled: () => client.invalidateQueries({ queryKey: firmwareKey }),
  });
}

export function useCancelOta(bsId: string) {
  const api = useApiClient();
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(endpoints.firmware.cancelPendingOTA, { bs: bsId }),
    onSettled: () => client.invalidateQueries({ queryKey: firmwareKey }),
  });
}

export function useFirmwareImages() {
  const api = useApiClient();
  return useQuery({
    queryKey: [...firmwareKey, 'images'],
    queryFn: async () => (await api.call(endpoints.firmware.firmwareImages)).results,
  });
}

export function useOtaStations() {
  const api = useApiClient();
  return useQuery({
    queryKey: [...firmwareKey, 'stations'],
    queryFn: async () => (await api.call(endpoints.firmware.otaStations)).results,
  });
}

export function useAddFirmwareImage() {
  const api = useApiClient();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { rev: string; notes: string; data: string }) =>
      api.call(endpoints.firmware.addFirmwareImage, v),
    onSettled: () => client.invalidateQueries({ queryKey: firmwareKey }),
  });
}
