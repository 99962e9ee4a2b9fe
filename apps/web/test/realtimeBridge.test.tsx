import { act, render } from '@testing-library/react';
import { QueryClient, QueryClientProvider, QueryObserver, type QueryKey } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../src/lib/apiClient';
import { ApiClientProvider } from '../src/lib/ApiClientContext';
import { queryKeys } from '../src/lib/queryKeys';
import { RealtimeBridge } from '../src/app/RealtimeBridge';
import { forgetReadStarts, markReadStarts, trackReadStarts } from '../src/lib/readStarts';
import { FakeWebSocket } from './support/FakeWebSocket';

// The bridge reads the selected station's group; the selection itself is the base-stations feature's.
vi.mock('../src/features/base-stations', () => ({
  useSelectedStation: () => ({ selected: { bs_id: 'F1' }, groupIds: ['F1', 'F2'] }),
}));

function client(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
}

/** Queries all fresh, so a test can see which ones a push made stale. */
function seed(qc: QueryClient): QueryClient {
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

/** Every seeded query a live handler reads again after a reconnection (the user's is none's). */
const EVERY_WATCHED = ['["data","F1"]', '["fans","FC1"]', '["fans","FC9"]', '["monitors"]', '["storages"]'];

function stale(qc: QueryClient): string[] {
  return qc
    .getQueryCache()
    .getAll()
    .filter((q) => q.isStale())
    .map((q) => JSON.stringify(q.queryKey))
    .sort();
}

/** A mounted query of `queryKey` read by `read` (each call the next read); returns the unsubscribe. */
function observe(qc: QueryClient, queryKey: QueryKey, read: () => Promise<unknown>): () => void {
  return new QueryObserver(qc, { queryKey, queryFn: read }).subscribe(() => undefined);
}

/** The clock of lib/readStarts the bridge and the tracker are given here. */
let clock = 0;
const now = () => clock;

/**
 * The bridge drawn, its socket opened (then `beforeReady`) and ready; the queries seeded after that unless
 * `seededBefore`.
 */
async function connected(
  qc: QueryClient,
  {
    seededBefore = false,
    ready = { type: 'ready', UID: 1 },
    beforeReady = () => undefined,
  }: { seededBefore?: boolean; ready?: object; beforeReady?: () => void } = {},
) {
  if (seededBefore) seed(qc);
  const api = {
    freshToken: () => Promise.resolve('tok'),
    call: () => Promise.resolve({}),
  } as unknown as ApiClient;
  const view = render(
    <QueryClientProvider client={qc}>
      <ApiClientProvider client={api}>
        <RealtimeBridge now={now} />
      </ApiClientProvider>
    </QueryClientProvider>,
  );
  await act(() => vi.advanceTimersByTimeAsync(0));
  const ws = FakeWebSocket.latest();
  act(() => {
    ws.serverOpen();
    beforeReady();
    ws.serverSend(ready);
  });
  if (!seededBefore) seed(qc);
  return { ws, view };
}

describe('the realtime bridge: live messages go to the handlers the web features declare', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeWebSocket.reset();
    vi.stubGlobal('WebSocket', FakeWebSocket);
    clock = 10_000;
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it("newData refetches the group's readings and any station's open chart, nothing else", async () => {
    const qc = client();
    const { ws, view } = await connected(qc);
    act(() => ws.serverSend({ type: 'newData', bs_ids: 'F1 F3' }));
    expect(stale(qc)).toEqual(['["data","F1"]', '["liveProbeData","F3"]']);
    view.unmount();
  });

  it('alertsChanged refetches the monitors and storages; fcStat only the fan queries naming its controllers', async () => {
    const qc = client();
    const { ws, view } = await connected(qc);
    act(() => ws.serverSend({ type: 'alertsChanged', bs_ids: 'F3' }));
    expect(stale(qc)).toEqual(['["monitors"]', '["storages"]']);
    act(() => ws.serverSend({ type: 'fcStat', fc_ids: 'FC9' }));
    expect(stale(qc)).toEqual(['["fans","FC9"]', '["monitors"]', '["storages"]']);
    view.unmount();
  });

  it('ignores a message no feature handles', async () => {
    const qc = client();
    const { ws, view } = await connected(qc);
    act(() => {
      ws.serverSend({ type: 'somethingNew', bs_ids: 'F1' });
      ws.serverSend({ type: 'pong' });
    });
    expect(stale(qc)).toEqual([]);
    view.unmount();
  });

  it('reads every feature’s data afresh after a reconnection', async () => {
    const qc = client();
    const { ws, view } = await connected(qc);
    act(() => ws.serverClose());
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    const again = FakeWebSocket.latest();
    expect(again).not.toBe(ws);
    act(() => {
      again.serverOpen();
      again.serverSend({ type: 'ready', UID: 1 });
    });
    expect(stale(qc)).toEqual(EVERY_WATCHED);
    view.unmount();
  });

  it('after the first connection reads again what the features watch and was read before the socket was ready', async () => {
    const qc = client();
    qc.setQueryData(['user'], { seeded: true });
    const { view } = await connected(qc, { seededBefore: true });
    // Everything a handler reads after a reconnection; not the user, which no push concerns.
    expect(stale(qc)).toEqual(EVERY_WATCHED);
    view.unmount();
  });

  it('reads nothing again of what was read since the time the server says nothing was pushed', async () => {
    const qc = client();
    seed(qc);
    // As a page the server drew: its data read after the navigation began (lib/readStarts' 0).
    markReadStarts(qc, 0);
    const { ws, view } = await connected(qc, {
      seededBefore: true,
      ready: { type: 'ready', UID: 1, quietForMs: 10_000 },
    });
    expect(ws.sent[0]).toEqual({ type: 'auth', token: 'tok' });
    expect(stale(qc)).toEqual([]);
    // Pushes still reach the page.
    act(() => ws.serverSend({ type: 'newData', bs_ids: 'F1' }));
    expect(stale(qc)).toEqual(['["data","F1"]']);
    view.unmount();
  });

  it('reads again what was read before the quiet time began, or when the server cannot tell', async () => {
    for (const ready of [
      { type: 'ready', UID: 1, quietForMs: 9_999 },
      { type: 'ready', UID: 1 },
    ]) {
      const qc = client();
      seed(qc);
      markReadStarts(qc, 0);
      const { view } = await connected(qc, { seededBefore: true, ready });
      expect(stale(qc), JSON.stringify(ready)).toEqual(EVERY_WATCHED);
      view.unmount();
    }
  });

  it('reads again when the device’s older copy came into the cache, however long it was quiet', async () => {
    const qc = client();
    seed(qc);
    markReadStarts(qc, 0);
    const { view } = await connected(qc, {
      seededBefore: true,
      ready: { type: 'ready', UID: 1, quietForMs: 10_000 },
      beforeReady: () => forgetReadStarts(qc),
    });
    expect(stale(qc)).toEqual(EVERY_WATCHED);
    view.unmount();
  });

  it('after a drop reads again only what may have missed a push: the quiet time counts across the drop', async () => {
    const qc = client();
    seed(qc);
    markReadStarts(qc, 0);
    const { ws, view } = await connected(qc, {
      seededBefore: true,
      ready: { type: 'ready', UID: 1, quietForMs: 10_000 },
    });
    expect(stale(qc)).toEqual([]);
    act(() => ws.serverClose());
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    clock = 20_000;
    const again = FakeWebSocket.latest();
    act(() => {
      again.serverOpen();
      again.serverSend({ type: 'ready', UID: 1, quietForMs: 20_000 });
    });
    expect(stale(qc)).toEqual([]);
    // Something was pushed while it was down: 15 s of quiet do not reach back to the reads.
    act(() => again.serverClose());
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    const third = FakeWebSocket.latest();
    act(() => {
      third.serverOpen();
      third.serverSend({ type: 'ready', UID: 1, quietForMs: 15_000 });
    });
    expect(stale(qc)).toEqual(EVERY_WATCHED);
    view.unmount();
  });

  it('knows when each read began: an answer read within the quiet time is not read again, an earlier one is', async () => {
    const qc = client();
    const stop = trackReadStarts(qc, now);
    let reads = 0;
    const read = () => Promise.resolve(++reads);
    clock = 1_000;
    const early = observe(qc, ['fans', 'FC2'], read);
    await act(() => vi.advanceTimersByTimeAsync(0));
    clock = 4_000;
    const late = observe(qc, ['fans', 'FC3'], read);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(reads).toBe(2);
    clock = 6_000;
    // Quiet since 3 s on this clock: FC3's read began after, FC2's before.
    const { view } = await connected(qc, { ready: { type: 'ready', UID: 1, quietForMs: 3_000 } });
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(reads).toBe(3);
    expect(qc.getQueryState(['fans', 'FC2'])?.dataUpdateCount).toBe(2);
    expect(qc.getQueryState(['fans', 'FC3'])?.dataUpdateCount).toBe(1);
    early();
    late();
    stop();
    view.unmount();
  });

  it('reads again a read that failed, once the socket is ready, even over data read within the quiet time', async () => {
    const qc = client();
    const stop = trackReadStarts(qc, now);
    let reads = 0;
    const failing = new Set([1, 3]);
    const read = () => (failing.has(++reads) ? Promise.reject(new Error('offline')) : Promise.resolve(reads));
    // FC2: its first read fails. FC3: read, then its second read fails (its data stays).
    const never = observe(qc, ['fans', 'FC2'], read);
    await act(() => vi.advanceTimersByTimeAsync(0));
    const once = observe(qc, ['fans', 'FC3'], read);
    await act(() => vi.advanceTimersByTimeAsync(0));
    await act(() => qc.refetchQueries({ queryKey: ['fans', 'FC3'] }));
    expect(qc.getQueryState(['fans', 'FC2'])?.status).toBe('error');
    expect(qc.getQueryState(['fans', 'FC3'])).toMatchObject({ status: 'error', data: 2 });
    const { view } = await connected(qc, { ready: { type: 'ready', UID: 1, quietForMs: 60_000 } });
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(reads).toBe(5);
    expect(qc.getQueryState(['fans', 'FC2'])).toMatchObject({ status: 'success' });
    expect(qc.getQueryState(['fans', 'FC3'])).toMatchObject({ status: 'success' });
    never();
    once();
    stop();
    view.unmount();
  });

  it('lets a read under way at the first connection finish, then reads it once more', async () => {
    const qc = client();
    const answers: ((v: unknown) => void)[] = [];
    const unsubscribe = observe(qc, ['fans', 'FC1'], () => new Promise((resolve) => answers.push(resolve)));
    expect(answers).toHaveLength(1);
    const { view } = await connected(qc);
    // Not cancelled and started again: on a slow network that would hold the first screen back.
    expect(answers).toHaveLength(1);
    await act(async () => {
      answers[0]!({ first: true });
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(answers).toHaveLength(2);
    await act(async () => {
      answers[1]!({ second: true });
      await vi.advanceTimersByTimeAsync(0);
    });
    // Once: the second answer is not read again.
    expect(answers).toHaveLength(2);
    expect(qc.getQueryData(['fans', 'FC1'])).toEqual({ second: true });
    unsubscribe();
    view.unmount();
  });

  it('leaves alone a read under way that began within the quiet time', async () => {
    const qc = client();
    const stop = trackReadStarts(qc, now);
    const answers: ((v: unknown) => void)[] = [];
    clock = 8_000;
    const unsubscribe = observe(qc, ['fans', 'FC1'], () => new Promise((resolve) => answers.push(resolve)));
    // Quiet since 7 s on this clock: the read on its way began after.
    const { view } = await connected(qc, { ready: { type: 'ready', UID: 1, quietForMs: 3_000 } });
    await act(async () => {
      answers[0]!({ first: true });
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(answers).toHaveLength(1);
    expect(qc.getQueryData(['fans', 'FC1'])).toEqual({ first: true });
    unsubscribe();
    stop();
    view.unmount();
  });

  it('does not read again after the first connection what is read after it', async () => {
    const qc = client();
    let reads = 0;
    const { view } = await connected(qc);
    const unsubscribe = observe(qc, ['fans', 'FC2'], () => Promise.resolve(++reads));
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(reads).toBe(1);
    expect(stale(qc)).toEqual([]);
    unsubscribe();
    view.unmount();
  });

  it('reads a query two features watch once per message: on newData and after the first connection', async () => {
    const qc = client();
    let reads = 0;
    // The station's readings, which the probe list and the monitors both refetch on newData.
    const unsubscribe = observe(qc, queryKeys.data('F1'), () => Promise.resolve(++reads));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(reads).toBe(1);
    // Read before the socket was ready: read again once, not once per feature.
    const { ws, view } = await connected(qc);
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(reads).toBe(2);
    act(() => ws.serverSend({ type: 'newData', bs_ids: 'F1' }));
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(reads).toBe(3);
    unsubscribe();
    view.unmount();
  });
});
