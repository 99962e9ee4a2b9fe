import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoints } from '@emberwatch/shared/contracts/endpoints';
import type { SetBsSimRequest, SetSimExpirationRequest } from '@emberwatch/shared/contracts/sims';
import type { SimStatus } from '@emberwatch/shared/domain/sims';
import { useApiClient } from '../../lib/ApiClientContext';

/** The SIM cards as TanStack queries (admins only; decision 0092). */
const simsKey = ['sims'] as const;

/** A station's SIM with what the operator says of it (GET getSIM). */
export function useStationSim(bsId: string) {
  const api = useApiClient();
  return useQuery({
    queryKey: [...simsKey, 'station', bsId],
    queryFn: () => api.call(endpoints.sims.getSIM, { BS_ID: bsId }),
    retry: false,
  });
}

export interface SimListFilter {
  status?: SimStatus;
  expiring?: number;
  unassigned?: boolean;
}

export function useSimList(f: SimListFilter) {
  const api = useApiClient();
  return useQuery({
    queryKey: [...simsKey, 'list', f.status ?? '', f.expiring ?? '', f.unassigned ?? false],
    queryFn: async () =>
      (
        await api.call(endpoints.sims.simList, {
          ...(f.status ? { status: f.status } : {}),
          ...(f.expiring !== undefined ? { expiring: f.expiring } : {}),
          ...(f.unassigned ? { unassigned: '1' as const } : {}),
        })
      ).results,
  });
}

export function useValidityOverview(days: number) {
  const api = useApiClient();
  return useQuery({
    queryKey: [...simsKey, 'validity', days],
    queryFn: () => api.call(endpoints.sims.getValidityOverview, { days }),
  });
}

/** Every change reads the SIMs again: the block, the list and the overview. */
function useSimMutation<V, R>(fn: (v: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => client.invalidateQueries({ queryKey: simsKey }),
  });
}

export function useSetBsSim() {
  const api = useApiClient();
  return useSimMutation((v: SetBsSimRequest) => api.call(endpoints.sims.setBSSIM, v));
}

export function useSetSimExpiration() {
  const api = useApiClient();
  return useSimMutation((v: SetSimExpirationRequest) => api.call(endpoints.sims.setSIMExpiration, v));
}

export function useCheckSims() {
  const api = useApiClient();
  return useMutation({ mutationFn: (sims: string[]) => api.call(endpoints.sims.checkSIMs, { sims }) });
}

export function useStoreSims() {
  const api = useApiClient();
  return useSimMutation((csv: string) => api.call(endpoints.sims.storeSIMs, { csv }));
}
