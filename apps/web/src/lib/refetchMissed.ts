import type { InvalidateQueryFilters, QueryClient, QueryKey } from '@tanstack/react-query';
import { pendingReadStartOf, readStartOf } from './readStarts';

/**
 * At each `ready` of the push socket: reads again the queries these filters match whose data may have
 * missed a push. Pushes sent while the socket was not ready went to nobody here, and the page would show
 * the change only at the query's next poll, if it has one (a fan's "waiting for the controller" for two
 * minutes, an alert not at all).
 *
 * `quietSince` (lib/readStarts' clock): the server knows that nothing this user may see was pushed from
 * then on (decision 0183). Data whose read began then or later missed nothing and is left alone; so is a
 * query not read yet, whose read comes after `ready`. Other data is read again now, and so is every query
 * whose last read failed (the network is back), whatever data it holds. A read on its way that began
 * earlier is left to finish and is read again once: cancelling it would put the first screen's data
 * further back on a slow network.
 */
export function refetchMissed(
  queryClient: QueryClient,
  filters: InvalidateQueryFilters,
  quietSince: number,
): void {
  const cache = queryClient.getQueryCache();
  const readAgain = (queryKey: QueryKey) =>
    void queryClient.invalidateQueries({ queryKey, exact: true }, { cancelRefetch: false });
  const current = (start: number | undefined) => start !== undefined && start >= quietSince;
  // By hash: the cache hands out the same query object, but typed loosely.
  const inFlight = new Set<string>();
  for (const q of cache.findAll(filters)) {
    if (q.state.fetchStatus === 'fetching') {
      if (!current(pendingReadStartOf(q))) inFlight.add(q.queryHash);
    } else if (q.state.status === 'error' || (q.state.dataUpdatedAt > 0 && !current(readStartOf(q))))
      readAgain(q.queryKey);
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
