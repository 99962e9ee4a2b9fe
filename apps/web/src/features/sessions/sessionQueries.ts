import { queryOptions, useQuery } from '@tanstack/react-query';
import { endpoints } from '@emberwatch/shared/contracts/endpoints';
import type { ApiClient } from '../../lib/apiClient';
import { useApiClient } from '../../lib/ApiClientContext';
import { queryKeys } from '../../lib/queryKeys';
import { useSession } from './SessionProvider';

/** Who is logged in, the accounts they work with and their preferences (GET getSessionInfo). */
export function sessionInfoQuery(api: ApiClient) {
  return queryOptions({
    queryKey: queryKeys.session,
    queryFn: () => api.call(endpoints.sessions.getSessionInfo),
  });
}

/** The session info; waits until the session is restored or a login succeeded. */
export function useSessionInfo() {
  const api = useApiClient();
  const { status } = useSession();
  return useQuery({ ...sessionInfoQuery(api), enabled: status === 'authenticated' });
}
