import { act } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { ApiClient } from '../../src/lib/apiClient';
import { ApiClientProvider } from '../../src/lib/ApiClientContext';
import { queryKeys } from '../../src/lib/queryKeys';
import { reading, sensorConf } from './fixtures';

/**
 * Station F1 with one probe, H-001 (named `name`), its configuration and readings in a query cache, for
 * hooks built from them; `read` puts a new answer of the readings in, as a read from the network does:
 * a new object, with the server's clock at the read (`server_ts`), as the real answers carry.
 */
export function stationReads(name: string) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  let serverTs = 1_000;
  const answer = (temperature: number) => ({
    status_code: 0,
    bs_id: 'F1',
    results: [reading('H-001', [temperature], 300)],
    server_ts: ++serverTs,
  });
  qc.setQueryData(queryKeys.bsConf('F1'), {
    status_code: 0,
    bs_id: 'F1',
    sensor_configurations: [sensorConf('H-001', name)],
  });
  qc.setQueryData(queryKeys.data('F1'), answer(41.2));
  const api = { call: () => new Promise(() => undefined) } as unknown as ApiClient;
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={qc}>
      <ApiClientProvider client={api}>{children}</ApiClientProvider>
    </QueryClientProvider>
  );
  /** A read's answer put in the cache, and the query's observers told (they are told on a timer). */
  const read = (temperature: number) =>
    act(async () => {
      qc.setQueryData(queryKeys.data('F1'), answer(temperature));
      await new Promise((resolve) => setTimeout(resolve, 10));
    });
  /** How many answers the readings' query has had. */
  const reads = () => qc.getQueryState(queryKeys.data('F1'))?.dataUpdateCount;
  return { wrapper, read, reads };
}
