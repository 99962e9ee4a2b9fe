import { useMutation, useQueryClient } from '@tanstack/react-query';
import { endpoints } from '@emberwatch/shared/contracts/endpoints';
import { useApiClient } from '../../lib/ApiClientContext';
import { queryKeys } from '../../lib/queryKeys';
import { queueWhenOffline } from '../../lib/createQueryClient';

/**
 * Spec doc 1 §7: newsSeenDate, sent with POST /client/userInfo when the news dialog closes (never for
 * admins). The news come with the user info (§3), which is read again afterwards.
 */
export function useMarkNewsSeen() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (newsSeenDate: number) => api.call(endpoints.account.updateUserProfile, { newsSeenDate }),
    // A mark, idempotent: sent when the network returns (0140).
    ...queueWhenOffline(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.allUserInfo }),
  });
}
