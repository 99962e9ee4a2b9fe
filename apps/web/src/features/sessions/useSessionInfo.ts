import { useQuery } from '@tanstack/react-query';
import type { SessionInfo } from '@emberwatch/shared';
import { useApiClient } from '../../lib/ApiClientContext';
import { queryKeys } from '../../lib/queryKeys';
import { useSession } from './SessionProvider';

export function useSessionInfo() {
  const api = useApiClient();
  const { status } = useSession();
  return useQuery({
    queryKey: queryKeys.session,
    queryFn: () => api.get<SessionInfo>('/client/getSessionInfo'),
    enabled: status === 'authenticated',
  });
}
