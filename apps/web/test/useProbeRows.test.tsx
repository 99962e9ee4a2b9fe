import { describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { ApiClient } from '../src/lib/apiClient';
import { ApiClientProvider } from '../src/lib/ApiClientContext';
import { queryKeys } from '../src/lib/queryKeys';
import { useProbeRows } from '../src/features/probes/useProbeRows';
import { reading, sensorConf } from './support/fixtures';

// Decision 0173: a read that brings nothing new (as after the push socket's first `ready`) keeps the
// rows as they were, so the list is not drawn again; a read with something new makes new rows.

function setup() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  // Each answer carries the server's clock at the read, as the real ones do (`server_ts`).
  let serverTs = 1_000;
  const answer = (temperature: number) => ({
    status_code: 0,
    results: [reading('H-001', [temperature], 300)],
    server_ts: ++serverTs,
  });
  qc.setQueryData(queryKeys.bsConf('F1'), {
    status_code: 0,
    sensor_configurations: [sensorConf('H-001', 'Probe')],
  });
  qc.setQueryData(queryKeys.data('F1'), answer(41.2));
  const api = { call: () => new Promise(() => undefined) } as unknown as ApiClient;
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={qc}>
      <ApiClientProvider client={api}>{children}</ApiClientProvider>
    </QueryClientProvider>
  );
  return { qc, answer, hook: renderHook(() => useProbeRows(['F1']), { wrapper }) };
}

describe('the probe rows across reads', () => {
  it('stay the same rows when a read brings the same readings (the server clock apart), and change when it brings others', async () => {
    const { qc, answer, hook } = setup();
    const first = hook.result.current.rows;
    expect(first).toHaveLength(1);
    /** A read's answer put in the cache, and the query's observers told (they are told on a timer). */
    const read = (temperature: number) =>
      act(async () => {
        qc.setQueryData(queryKeys.data('F1'), answer(temperature));
        await new Promise((resolve) => setTimeout(resolve, 10));
      });
    // Read again: the same readings in a new answer, at a later server clock, as from the network.
    await read(41.2);
    expect(qc.getQueryState(queryKeys.data('F1'))?.dataUpdateCount).toBe(2);
    expect(hook.result.current.rows).toBe(first);
    await read(43.0);
    expect(hook.result.current.rows).not.toBe(first);
    expect(hook.result.current.rows[0]?.temperatures).toEqual([430]);
  });
});
