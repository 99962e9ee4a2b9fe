import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createOfflineCache,
  OFFLINE_CACHE_KEY,
  OFFLINE_CACHE_MAX_AGE_MS,
  OFFLINE_WRITE_DELAY_MS,
} from '../src/features/offline/offlineCache';
import { memoryStorage } from './support/memoryStorage';

/** Answers as TanStack Query records them (a fetch), so the cache's events fire as in the app. */
async function answer(client: QueryClient, key: readonly unknown[], data: unknown) {
  await client.fetchQuery({ queryKey: key, queryFn: () => Promise.resolve(data) });
}

describe('the kept copy of the last data seen (decision 0128)', () => {
  let now = 1_800_000_000_000;
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('keeps the session, probe list and storages of the account, not other queries, and restores them', async () => {
    const storage = memoryStorage();
    const cache = createOfflineCache(storage, () => now);
    const client = new QueryClient();
    const stop = cache.persistFrom(client);
    await answer(client, ['session'], { UID: 7 });
    await answer(client, ['data', 'F1000001'], { readings: [1] });
    await answer(client, ['storages', 7], { results: ['barn'] });
    await answer(client, ['customers', 'page', 1], { secret: 'operator list' });
    expect(storage.data.has(OFFLINE_CACHE_KEY)).toBe(false);
    await vi.advanceTimersByTimeAsync(OFFLINE_WRITE_DELAY_MS);
    stop();
    expect(storage.getItem(OFFLINE_CACHE_KEY)).not.toContain('operator list');

    const next = new QueryClient();
    expect(createOfflineCache(storage, () => now).restore(next)).toBe(7);
    expect(next.getQueryData(['data', 'F1000001'])).toEqual({ readings: [1] });
    expect(next.getQueryData(['storages', 7])).toEqual({ results: ['barn'] });
    expect(next.getQueryData(['customers', 'page', 1])).toBeUndefined();
    // The data keeps the time it was read: the banner and the ages say how old it is.
    expect(next.getQueryState(['data', 'F1000001'])?.dataUpdatedAt).toBe(
      client.getQueryState(['data', 'F1000001'])?.dataUpdatedAt,
    );
  });

  it('keeps nothing without a session, and nothing after the session ends', async () => {
    const storage = memoryStorage();
    const cache = createOfflineCache(storage, () => now);
    const client = new QueryClient();
    cache.persistFrom(client);
    await answer(client, ['data', 'F1000001'], { readings: [1] });
    await vi.advanceTimersByTimeAsync(OFFLINE_WRITE_DELAY_MS);
    expect(storage.data.size).toBe(0);

    await answer(client, ['session'], { UID: 7 });
    await vi.advanceTimersByTimeAsync(OFFLINE_WRITE_DELAY_MS);
    expect(storage.data.size).toBe(1);
    // Logout: the cache is emptied and the copy forgotten; a write still pending writes nothing.
    await answer(client, ['data', 'F1000001'], { readings: [2] });
    client.clear();
    cache.clear();
    await vi.advanceTimersByTimeAsync(OFFLINE_WRITE_DELAY_MS);
    expect(storage.data.size).toBe(0);
    expect(cache.restore(new QueryClient())).toBeNull();
  });

  it('does not show a copy older than a week, nor one without its session, nor an unreadable one', () => {
    const storage = memoryStorage();
    const client = new QueryClient();
    const saved = { account: 7, savedAt: now, state: { mutations: [], queries: [] } };
    storage.setItem(OFFLINE_CACHE_KEY, JSON.stringify(saved));
    expect(createOfflineCache(storage, () => now).restore(client)).toBeNull();
    storage.setItem(OFFLINE_CACHE_KEY, '{not json');
    expect(createOfflineCache(storage, () => now).restore(client)).toBeNull();
    expect(storage.data.size).toBe(0);
    const old = new QueryClient();
    void old.setQueryData(['session'], { UID: 7 });
    storage.setItem(
      OFFLINE_CACHE_KEY,
      JSON.stringify({
        ...saved,
        state: {
          mutations: [],
          queries: [
            { queryKey: ['session'], queryHash: '["session"]', state: old.getQueryState(['session']) },
          ],
        },
      }),
    );
    now += OFFLINE_CACHE_MAX_AGE_MS + 1;
    expect(createOfflineCache(storage, () => now).restore(client)).toBeNull();
    now -= OFFLINE_CACHE_MAX_AGE_MS + 1;
  });
});
