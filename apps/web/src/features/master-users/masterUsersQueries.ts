import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SaveMasterUserRequest } from '@emberwatch/shared/contracts/masterUsers';
import { endpoints } from '@emberwatch/shared/contracts/endpoints';
import { useApiClient } from '../../lib/ApiClientContext';
import { queryKeys } from '../../lib/queryKeys';

/** The master's own page (GET getMasterUserInfo) and its changes; the keys are this feature's own. */
const masterKey = ['masterUsers', 'me'] as const;

export function useMasterUserInfo() {
  const api = useApiClient();
  return useQuery({
    queryKey: masterKey,
    queryFn: async () => (await api.call(endpoints.account.getMasterUserInfo)).master,
  });
}

function useReload() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: masterKey }),
      queryClient.invalidateQueries({ queryKey: queryKeys.allUserInfo }),
    ]);
}

export function useSaveMasterUser() {
  const api = useApiClient();
  const reload = useReload();
  return useMutation({
    mutationFn: (body: SaveMasterUserRequest) => api.call(endpoints.masterUsers.saveMasterUser, body),
    onSuccess: reload,
  });
}

export function useStopWatching() {
  const api = useApiClient();
  const reload = useReload();
  return useMutation({
    mutationFn: (UID: number) => api.call(endpoints.masterUsers.stopWatchingAccount, { UID }),
    onSuccess: reload,
  });
}

export function useRemoveMasterUser() {
  const api = useApiClient();
  return useMutation({
    mutationFn: (password: string) => api.call(endpoints.masterUsers.removeMasterUser, { password }),
  });
}
