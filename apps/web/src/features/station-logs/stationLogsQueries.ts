import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoints } from '@emberwatch/shared/contracts/endpoints';
import { MOBILE_LOG_LIMIT, type TrafficWindowH } from '@emberwatch/shared/domain/stationTraffic';
import { useApiClient } from '../../lib/ApiClientContext';

/** The stations' call log as TanStack queries (admins only; decision 0090). */
const stationLogsKey = ['stationLogs'] as const;

/** A station's calls per kind over the window (GET bsCommData). */
export function useTraffic(bsId: string, offsetH: number, windowH: TrafficWindowH) {
  const api = useApiClient();
  return useQuery({
    queryKey: [...stationLogsKey, 'traffic', bsId, offsetH, windowH],
    queryFn: () => api.call(endpoints.stationLogs.bsCommData, { bs: bsId, offset: offsetH, window: windowH }),
    // Moving the window keeps the last chart until the next one is there.
    placeholderData: keepPreviousData,
  });
}

/** The mobile network a station reported with its last 100 calls (GET getMobileTelemetry). */
export function useMobileLog(bsId: string, enabled: boolean) {
  const api = useApiClient();
  return useQuery({
    queryKey: [...stationLogsKey, 'mobile', bsId],
    enabled,
    retry: false,
    queryFn: async () =>
      (await api.call(endpoints.stationLogs.getMobileTelemetry, { BS_ID: bsId, limit: MOBILE_LOG_LIMIT }))
        .results,
  });
}

/** A station's calls over `hours` ending `offsetH` ago, with its times (GET getBsLogs). */
export function useBsLogs(bsId: string, hours: number, offsetH: number) {
  const api = useApiClient();
  return useQuery({
    queryKey: [...stationLogsKey, 'calls', bsId, hours, offsetH],
    enabled: bsId !== '',
    queryFn: () =>
      api.call(endpoints.stationLogs.getBsLogs, { basestationID: bsId, hours, offset: offsetH, getTS: '1' }),
  });
}

export function useLoggingList() {
  const api = useApiClient();
  return useQuery({
    queryKey: [...stationLogsKey, 'logging'],
    queryFn: async () => (await api.call(endpoints.stationLogs.getBsLoggingList)).results,
  });
}

/** Switches a station's detailed logging; the list and the station's calls are read again. */
export function useSetLogging() {
  const api = useApiClient();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { bsId: string; logging: boolean }) =>
      api.call(endpoints.stationLogs.postBsLoggingStatus, { basestationID: v.bsId, logging: v.logging }),
    onSettled: () => client.invalidateQueries({ queryKey: stationLogsKey }),
  });
}

export function useEarlyCalls(hours: number) {
  const api = useApiClient();
  return useQuery({
    queryKey: [...stationLogsKey, 'early', hours],
    queryFn: async () => (await api.call(endpoints.stationLogs.getEarlyBsCallsLog, { hours })).results,
  });
}
