import { createContext, useContext, type ReactNode } from 'react';
import type { ApiClient } from './apiClient';

const ApiClientContext = createContext<ApiClient | null>(null);

/** One client per app (it owns the in-memory token); tests pass their own with a mocked fetch. */
export function ApiClientProvider({ client, children }: { client: ApiClient; children: ReactNode }) {
  return <ApiClientContext value={client}>{children}</ApiClientContext>;
}

export function useApiClient(): ApiClient {
  const client = useContext(ApiClientContext);
  if (!client) throw new Error('useApiClient needs an ApiClientProvider');
  return client;
}
