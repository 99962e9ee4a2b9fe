import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Batch, RcEvent } from '@emberwatch/shared/contracts/batches';
import { endpoints } from '@emberwatch/shared/contracts/endpoints';
import type {
  RcScheduler,
  RcSchedulerResponse,
  SetFcAssignmentRequest,
} from '@emberwatch/shared/contracts/fans';
import { useApiClient } from '../../lib/ApiClientContext';
import { queryKeys } from '../../lib/queryKeys';
import { FAN_KEY } from './fanQueries';

/** The RC units' resources: their schedulers and event logs, beside the channels (FAN_KEY). */
const rcSchedulerKey = (fcId: string) => [...FAN_KEY, 'rcScheduler', fcId] as const;
const rcLogKey = (fcId: string, channel: number | null) => [...FAN_KEY, 'rcLog', fcId, channel] as const;

/** An RC unit's scheduler (GET getRcScheduler). */
export function useRcScheduler(fcId: string, uid: number | undefined) {
  const api = useApiClient();
  return useQuery({
    queryKey: rcSchedulerKey(fcId),
    queryFn: () => api.call(endpoints.fans.getRcScheduler, { fc_id: fcId, UID: uid }),
  });
}

export function useSaveRcScheduler(uid: number | undefined) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { fcId: string; scheduler: RcScheduler }): Promise<RcSchedulerResponse> =>
      api.call(endpoints.fans.saveRcScheduler, { UID: uid, fc_id: v.fcId, scheduler: v.scheduler }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: FAN_KEY }),
  });
}

/** An RC unit's event log, newest first, at most 100 lines (GET rcLogs). */
export function useRcLog(fcId: string, channel: number | null, uid: number | undefined) {
  const api = useApiClient();
  return useQuery({
    queryKey: rcLogKey(fcId, channel),
    queryFn: async (): Promise<RcEvent[]> =>
      (
        await api.call(endpoints.fans.rcLogs, {
          FC_ID: fcId,
          UID: uid,
          ...(channel !== null ? { channel } : {}),
        })
      ).results,
  });
}

/** Saves an RC channel's settings (POST setFcAssignment); the answer is the unit's channels. */
export function useSaveRcAssignment() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (req: SetFcAssignmentRequest) =>
      (await api.call(endpoints.fans.setFcAssignment, req)).results,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: FAN_KEY }),
  });
}

/** The account's ongoing batches (GET getBatches status 1), for an RC channel's batch choice. */
export function useOngoingBatches(uid: number | undefined) {
  const api = useApiClient();
  return useQuery({
    queryKey: [...FAN_KEY, 'rcBatches', uid ?? 0] as const,
    queryFn: async (): Promise<Batch[]> =>
      (await api.call(endpoints.batches.getBatches, { UID: uid, status: 1 })).results,
    enabled: uid !== undefined,
  });
}

/** The account's monitors (the monitors feature's cache entry), for an RC channel's monitor choice. */
export function useAccountMonitors(uid: number | undefined) {
  const api = useApiClient();
  return useQuery({
    queryKey: queryKeys.monitors(uid ?? 0),
    queryFn: async () => (await api.call(endpoints.monitors.getMonitors, { UID: uid })).results,
    enabled: uid !== undefined,
  });
}
