import { useQuery } from '@tanstack/react-query';
import type { UserInfoResponse } from '@emberwatch/shared';
import { useApiClient } from '../../lib/ApiClientContext';
import { queryKeys } from '../../lib/queryKeys';

export function useUserInfo(uid: number | undefined) {
  const api = useApiClient();
  return useQuery({
    queryKey: queryKeys.userInfo(uid ?? 0),
    queryFn: async () => (await api.get<UserInfoResponse>('/client/userInfo', { UID: uid })).userinfo,
    enabled: uid !== undefined,
  });
}
