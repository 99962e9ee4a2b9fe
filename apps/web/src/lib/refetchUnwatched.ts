import type { InvalidateQueryFilters, QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * After the push socket's first `ready`: reads again the queries these filters match that were read
 * while no push could reach this tab. The server sends `ready` once it listens for the tab; a change
 * made between a query's read and that moment sent its push to nobody here, and the page would show
 * it only at the query's next poll, if it has one (a fan's "waiting for the controller" for two
 * minutes, an alert not at all).
 *
 * A query with an answer is read again now. One still being read is left to finish and read again
 * once: cancelling it would put the first screen's data further back on a slow network. A query not
 * read yet is left alone: its read comes after `ready`, so it misses nothing.
 */
export function refetchUnwatched(queryClient: QueryClient, filters: InvalidateQueryFilters): void {
  const cache = queryClient.getQueryCache();
  const readAgain = (queryKey: QueryKey) =>
    void queryClient.invalidateQueries({ queryKey, exact: true }, { cancelRefetch: false });
  // By hash: the cache hands out the same query object, but typed loosely.
  const inFlight = new Set<string>();
  for (const q of cache.findAll(filters)) {
    if (q.state.fetchStatus === 'fetching') inFlight.add(q.queryHash);
    else if (q.state.dataUpdatedAt > 0) readAgain(q.queryKey);
  }
  if (inFlight.size === 0) return;
  const stop = cache.subscribe(({ type, query }) => {
    const hash: string = query.queryHash;
    if (!inFlight.has(hash)) return;
    if (type === 'removed') inFlight.delete(hash);
    else if (type === 'updated' && query.state.fetchStatus === 'idle') {
      inFlight.delete(hash);
      // Not inside the cache's own notification: the read it starts notifies again.
      const queryKey = query.queryKey as QueryKey;
      queueMicrotask(() => readAgain(queryKey));
    }
    if (inFlight.size === 0) stop();
  });
}
