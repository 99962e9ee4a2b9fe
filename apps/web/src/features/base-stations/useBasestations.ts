import { useQuery } from '@tanstack/react-query';
import type { BasestationArrayResponse } from '@emberwatch/shared';
import { useApiClient } from '../../lib/ApiClientContext';
import { queryKeys } from '../../lib/queryKeys';

export function useBasestations(enabled: boolean) {
  const api = useApiClient();
  return useQuery({
    queryKey: queryKeys.basestations,
    queryFn: async () => (await api.get<BasestationArrayResponse>('/client/basestationArray')).results,
    enabled,
  });
}
