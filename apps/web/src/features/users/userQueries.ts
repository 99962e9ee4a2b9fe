import { queryOptions, useQuery } from '@tanstack/react-query';
import { endpoints } from '@emberwatch/shared/contracts/endpoints';
import type { ApiClient } from '../../lib/apiClient';
import { useApiClient } from '../../lib/ApiClientContext';
import { queryKeys } from '../../lib/queryKeys';

/** An account's user info (GET userInfo): its own, or one the session may act for. */
export function userInfoQuery(api: ApiClient, uid: number) {
  return queryOptions({
    queryKey: queryKeys.userInfo(uid),
    queryFn: async () => (await api.call(endpoints.users.userInfo, { UID: uid })).userinfo,
  });
}

/** The user info of an account; waits while the account is not known yet. */
export function useUserInfo(uid: number | undefined) {
  const api = useApiClient();
  return useQuery({ ...userInfoQuery(api, uid ?? 0), enabled: uid !== undefined });
}
