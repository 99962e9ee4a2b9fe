import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BodyOf, QueryOf } from '@emberwatch/shared/contracts/endpoint';
import { endpoints } from '@emberwatch/shared/contracts/endpoints';
import { useApiClient } from '../../lib/ApiClientContext';

/** The operator console's connections as TanStack queries (admins only; decision 0096). */
const connectionsKey = ['connections'] as const;
/** The live lists move by themselves: read again every 10 s while the page is open. */
const LIVE_REFRESH_MS = 10_000;

export function useSocketStatuses() {
  const api = useApiClient();
  return useQuery({
    queryKey: [...connectionsKey, 'sockets'],
    queryFn: () => api.call(endpoints.connections.getSocketStatuses),
    refetchInterval: LIVE_REFRESH_MS,
  });
}

export function useSetClientSocket() {
  const api = useApiClient();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof endpoints.connections.setClientSocket>) =>
      api.call(endpoints.connections.setClientSocket, body),
    onSettled: () => client.invalidateQueries({ queryKey: [...connectionsKey, 'sockets'] }),
  });
}

export function useSetServerSocket() {
  const api = useApiClient();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof endpoints.connections.setServerSocket>) =>
      api.call(endpoints.connections.setServerSocket, body),
    onSettled: () => client.invalidateQueries({ queryKey: [...connectionsKey, 'sockets'] }),
  });
}

export function useRcList() {
  const api = useApiClient();
  return useQuery({
    queryKey: [...connectionsKey, 'rcList'],
    queryFn: async () => (await api.call(endpoints.connections.rcList)).results,
    refetchInterval: LIVE_REFRESH_MS,
  });
}

/** One controller's test response and its log. */
export function useRcTest(fcId: string) {
  const api = useApiClient();
  return useQuery({
    queryKey: [...connectionsKey, 'rcTest', fcId],
    queryFn: () => api.call(endpoints.connections.getRcTestResponseEnabled, { fc_id: fcId }),
    refetchInterval: LIVE_REFRESH_MS,
  });
}

function useRcTestMutation<B>(call: (body: B) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: [...connectionsKey, 'rcList'] }),
        client.invalidateQueries({ queryKey: [...connectionsKey, 'rcTest'] }),
      ]),
  });
}

export function useSetRcTest() {
  const api = useApiClient();
  return useRcTestMutation((body: BodyOf<typeof endpoints.connections.setRcTestResponse>) =>
    api.call(endpoints.connections.setRcTestResponse, body),
  );
}

export function useSetRcTestEnabled() {
  const api = useApiClient();
  return useRcTestMutation((body: BodyOf<typeof endpoints.connections.setRcTestResponseEnabled>) =>
    api.call(endpoints.connections.setRcTestResponseEnabled, body),
  );
}

export type FsFilter = QueryOf<typeof endpoints.connections.getFSList>;

export function useFieldSystems(filter: FsFilter) {
  const api = useApiClient();
  return useQuery({
    queryKey: [...connectionsKey, 'fs', filter],
    queryFn: () => api.call(endpoints.connections.getFSList, filter),
    placeholderData: keepPreviousData,
  });
}
