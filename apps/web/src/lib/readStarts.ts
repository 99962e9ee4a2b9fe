import type { QueryClient } from '@tanstack/react-query';

/**
 * When the read behind each query's data began, on the tab's own monotonic clock (`performance.now()`),
 * so that the push socket's `ready` can tell which data missed nothing (decision 0183): the server says for
 * how long nothing this user may see was pushed, and data whose read began within that time is current.
 * A read's start, not its end: a change made while the read was on its way may be in it or not.
 *
 * Kept beside the cache rather than in it: a query knows when its data arrived (`dataUpdatedAt`, the
 * device's wall clock), not when the server began to read it.
 */
const startOf = new WeakMap<object, number>();
/** The start of each query's read on its way, until it answers. */
const pendingOf = new WeakMap<object, number>();

export const monotonicNow = (): number => performance.now();

/**
 * Notes each query's reads from now on: a fetch's start, which becomes the data's when that fetch
 * answers. Data put in by hand (`setQueryData`: an answer to a save, a live message's payload) keeps the
 * start it had, which is earlier than the data and so never claims too much; data with no read behind
 * it has none. Returns the unsubscribe.
 */
export function trackReadStarts(queryClient: QueryClient, now: () => number = monotonicNow): () => void {
  return queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated') return;
    const { action } = event;
    const query: object = event.query;
    if (action.type === 'fetch') pendingOf.set(query, now());
    else if (action.type === 'success' && action.manual !== true) {
      const at = pendingOf.get(query);
      pendingOf.delete(query);
      if (at === undefined) startOf.delete(query);
      else startOf.set(query, at);
    }
  });
}

/**
 * Every query in the cache now holds data read from `at` on: a page the server drew, whose data the
 * server read after the page's request began.
 */
export function markReadStarts(queryClient: QueryClient, at: number): void {
  for (const q of queryClient.getQueryCache().getAll()) if (q.state.dataUpdatedAt > 0) startOf.set(q, at);
}

/** Older data came into the cache (the device's copy for an offline start): no start speaks for it. */
export function forgetReadStarts(queryClient: QueryClient): void {
  for (const q of queryClient.getQueryCache().getAll()) startOf.delete(q);
}

/** When the read behind `query`'s data began; undefined when no read is known to be behind it. */
export const readStartOf = (query: object): number | undefined => startOf.get(query);

/** When `query`'s read now on its way began; undefined when none is (or it began before tracking). */
export const pendingReadStartOf = (query: object): number | undefined => pendingOf.get(query);
