import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoints } from '@emberwatch/shared/contracts/endpoints';
import { useApiClient } from '../../lib/ApiClientContext';
import { queryKeys } from '../../lib/queryKeys';

/**
 * The Alert channels page's server resource (decision 0072). Its keys live here: only this page reads
 * them. A change reloads the storages' alert recipients too, whose voice and Sentinel options follow.
 */
const alertChannelsKey = (uid: number) => ['alertChannels', uid] as const;

export function useAlertChannels(uid: number) {
  const api = useApiClient();
  return useQuery({
    queryKey: alertChannelsKey(uid),
    queryFn: () => api.call(endpoints.alertChannels.getAlertChannels, { UID: uid }),
  });
}

/** Reloads the page and what follows from the account's channels. */
export function useReloadAlertChannels() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['alertChannels'] }),
      queryClient.invalidateQueries({ queryKey: queryKeys.allStorages }),
      queryClient.invalidateQueries({ queryKey: queryKeys.allUserInfo }),
    ]);
}

/** The admin's switch of an account's voice calls. */
export function useSetVoiceCalls(uid: number) {
  const api = useApiClient();
  const reload = useReloadAlertChannels();
  return useMutation({
    mutationFn: (voiceCallEnabled: boolean) =>
      api.call(endpoints.alertChannels.setVoiceCalls, { UID: uid, voiceCallEnabled }),
    onSuccess: reload,
  });
}

/** The voice test call to the caller's own confirmed number (decision 0120). */
export function useVoiceTestCall() {
  const api = useApiClient();
  return useMutation({ mutationFn: () => api.call(endpoints.alertChannels.voiceTestCall, {}) });
}
