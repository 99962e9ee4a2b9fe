import { describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { ApiClient } from '../src/lib/apiClient';
import { ApiClientProvider } from '../src/lib/ApiClientContext';
import { queryKeys } from '../src/lib/queryKeys';
import { useStorageProbeInfo } from '../src/features/storages/useStorageProbeInfo';
import { reading, sensorConf } from './support/fixtures';

// A storage's layout is drawn from this lookup: a read that brings the same readings (as the push
// socket's first `ready` does right after a drawn storage is taken over) keeps it, so the layout is not
// drawn again; a read with a new reading makes a new one.

describe("a storage's probe lookup across reads", () => {
  it('stays the same when a read brings the same readings at a later server clock, and changes with a new reading', async () => {
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
      sensor_configurations: [sensorConf('H-001', 'North end')],
    });
    qc.setQueryData(queryKeys.data('F1'), answer(41.2));
    const api = { call: () => new Promise(() => undefined) } as unknown as ApiClient;
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={qc}>
        <ApiClientProvider client={api}>{children}</ApiClientProvider>
      </QueryClientProvider>
    );
    const hook = renderHook(() => useStorageProbeInfo('F1'), { wrapper });
    const first = hook.result.current.lookup;
    expect(first('H-001').name).toBe('North end');
    const read = (temperature: number) =>
      act(async () => {
        qc.setQueryData(queryKeys.data('F1'), answer(temperature));
        // The query's observers are told on a timer.
        await new Promise((resolve) => setTimeout(resolve, 10));
      });
    await read(41.2);
    expect(qc.getQueryState(queryKeys.data('F1'))?.dataUpdateCount).toBe(2);
    expect(hook.result.current.lookup).toBe(first);
    await read(43.0);
    expect(hook.result.current.lookup).not.toBe(first);
    expect(hook.result.current.lookup('H-001').temperatures).toEqual([430]);
  });
});
