import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoints } from '@emberwatch/shared/contracts/endpoints';
import type { ApiKeyScope } from '@emberwatch/shared/contracts/publicApiKeys';
import { useApiClient } from '../../lib/ApiClientContext';

/** The account's API keys as TanStack queries (decision 0109). */
const keysKey = ['publicApi', 'keys'] as const;

export function useApiKeys() {
  const api = useApiClient();
  return useQuery({ queryKey: keysKey, queryFn: () => api.call(endpoints.publicApi.getApiKeys) });
}

/** Make, rotate, rename or revoke a key; the list is read again afterwards. */
export function useKeyAction() {
  const api = useApiClient();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (
      a:
        | { kind: 'generate'; name: string; scope: ApiKeyScope }
        | { kind: 'rotate'; id: string }
        | { kind: 'revoke'; id: string }
        | { kind: 'rename'; id: string; name: string },
    ): Promise<string | null> => {
      if (a.kind === 'generate')
        return (await api.call(endpoints.publicApi.generateKey, { name: a.name, scope: a.scope })).secret;
      if (a.kind === 'rotate') return (await api.call(endpoints.publicApi.rotateApiKey, { id: a.id })).secret;
      if (a.kind === 'revoke') await api.call(endpoints.publicApi.revokeApiKey, { id: a.id });
      else await api.call(endpoints.publicApi.renameApiKey, { id: a.id, name: a.name });
      return null;
    },
    onSettled: () => client.invalidateQueries({ queryKey: keysKey }),
  });
}
