import { act, render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../src/lib/apiClient';
import { ApiClientProvider } from '../src/lib/ApiClientContext';
import { queryKeys } from '../src/lib/queryKeys';
import { RealtimeBridge } from '../src/app/RealtimeBridge';
import { FakeWebSocket } from './support/FakeWebSocket';

// The bridge reads the selected station's group; the selection itself is the base-stations feature's.
vi.mock('../src/features/base-stations', () => ({
  useSelectedStation: () => ({ selected: { bs_id: 'F1' }, groupIds: ['F1', 'F2'] }),
}));

/** A query client whose queries are all fresh, so a test can see which ones a push made stale. */
function seeded(): QueryClient {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  for (const key of [
    queryKeys.data('F1'),
    queryKeys.data('F3'),
    queryKeys.liveProbeData('F3'),
    queryKeys.allMonitors,
    queryKeys.allStorages,
    ['fans', 'FC1'],
    ['fans', 'FC9'],
  ])
    qc.setQueryData(key, { seeded: true });
  return qc;
}

function stale(qc: QueryClient): string[] {
  return qc
    .getQueryCache()
    .getAll()
    .filter((q) => q.isStale())
    .map((q) => JSON.stringify(q.queryKey))
    .sort();
}

async function connected(qc: QueryClient) {
  const api = {
    freshToken: () => Promise.resolve('tok'),
    call: () => Promise.resolve({}),
  } as unknown as ApiClient;
  const view = render(
    <QueryClientProvider client={qc}>
      <ApiClientProvider client={api}>
        <RealtimeBridge />
      </ApiClientProvider>
    </QueryClientProvider>,
  );
  await act(() => vi.advanceTimersByTimeAsync(0));
  const ws = FakeWebSocket.latest();
  act(() => {
    ws.serverOpen();
    ws.serverSend({ type: 'ready', UID: 1 });
  });
  return { ws, view };
}

describe('the realtime bridge: live messages go to the handlers the web features declare', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeWebSocket.reset();
    vi.stubGlobal('WebSocket', FakeWebSocket);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it("newData refetches the group's readings and any station's open chart, nothing else", async () => {
    const qc = seeded();
    const { ws, view } = await connected(qc);
    act(() => ws.serverSend({ type: 'newData', bs_ids: 'F1 F3' }));
    expect(stale(qc)).toEqual(['["data","F1"]', '["liveProbeData","F3"]']);
    view.unmount();
  });

  it('alertsChanged refetches the monitors and storages; fcStat only the fan queries naming its controllers', async () => {
    const qc = seeded();
    const { ws, view } = await connected(qc);
    act(() => ws.serverSend({ type: 'alertsChanged', bs_ids: 'F3' }));
    expect(stale(qc)).toEqual(['["monitors"]', '["storages"]']);
    act(() => ws.serverSend({ type: 'fcStat', fc_ids: 'FC9' }));
    expect(stale(qc)).toEqual(['["fans","FC9"]', '["monitors"]', '["storages"]']);
    view.unmount();
  });

  it('ignores a message no feature handles', async () => {
    const qc = seeded();
    const { ws, view } = await connected(qc);
    act(() => {
      ws.serverSend({ type: 'somethingNew', bs_ids: 'F1' });
      ws.serverSend({ type: 'pong' });
    });
    expect(stale(qc)).toEqual([]);
    view.unmount();
  });

  it('reads every feature’s data afresh after a reconnection', async () => {
    const qc = seeded();
    const { ws, view } = await connected(qc);
    act(() => ws.serverClose());
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    const again = FakeWebSocket.latest();
    expect(again).not.toBe(ws);
    act(() => {
      again.serverOpen();
      again.serverSend({ type: 'ready', UID: 1 });
    });
    expect(stale(qc)).toEqual([
      '["data","F1"]',
      '["fans","FC1"]',
      '["fans","FC9"]',
      '["monitors"]',
      '["storages"]',
    ]);
    view.unmount();
  });
});
