import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DoAccountMergeRequest } from '@emberwatch/shared/contracts/accountMerge';
import { endpoints } from '@emberwatch/shared/contracts/endpoints';
import { useApiClient } from '../../lib/ApiClientContext';
import { queryKeys } from '../../lib/queryKeys';

/** The account merge as TanStack queries (Root and Admin staff; decision 0101). */
const accountMergeKey = ['accountMerge'] as const;

/**
 * The partner app of the station's account, as the console's station list names its family (main:
 * none); undefined while unknown. The Merge account button waits for it (spec doc 2 §6).
 */
export function useStationPartnerApp(bsId: string, enabled: boolean) {
  const api = useApiClient();
  return useQuery({
    queryKey: [...accountMergeKey, 'family', bsId],
    enabled,
    queryFn: async () => {
      const { results } = await api.call(endpoints.adminConsole.basestations, { q: bsId, limit: 5 });
      const family = results.find((r) => r.bs_id === bsId)?.family;
      return family === undefined ? undefined : family === 'main' ? null : family;
    },
  });
}

export function useCheckAccountMerge() {
  const api = useApiClient();
  return useMutation({
    mutationFn: (req: { BS_ID: string; target: string }) =>
      api.call(endpoints.accountMerge.checkAccountMerge, req),
  });
}

export function useDoAccountMerge() {
  const api = useApiClient();
  return useMutation({
    mutationFn: (req: DoAccountMergeRequest) => api.call(endpoints.accountMerge.doAccountMerge, req),
  });
}

/**
 * After a merge, once its result was read: every account's info and station list (the stations
 * changed accounts). Not on success itself: the page the dialog sits on shows the merged account, whose
 * stations are gone, and would take the dialog and its result with it.
 */
export function useReloadAfterMerge() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.allUserInfo }),
      queryClient.invalidateQueries({ queryKey: queryKeys.basestations }),
      queryClient.invalidateQueries({ queryKey: accountMergeKey }),
    ]);
}
