import { QueryClient, type MutationOptions } from '@tanstack/react-query';
import { failureOf, nextRetryMs, READ_MAX_TRIES } from './retrySchedule';

/**
 * How a save (a mutation) fares when the network is gone (decision 0140). `report`, the default: it is
 * sent at once, and if it cannot reach the server it fails and the shell says "not saved" with a
 * button to try again (app/SaveStatus). `queue`: only for calls that are safe to send late or twice
 * (idempotent: an acknowledgement, a "seen" mark); without a network it waits, and is sent when the
 * network returns.
 */
export type WhenOffline = 'report' | 'queue';

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: { whenOffline?: WhenOffline };
  }
}

/** A random number for the jitter; a test passes its own. */
export type Random = () => number;

/**
 * The retry options of a read: network failures, 5xx and 429 are tried again with back-off
 * (lib/retrySchedule.ts), READ_MAX_TRIES tries in all; any other 4xx is not (the answer will not
 * change, and a 401 has already had its one refresh-and-retry in the API client).
 */
export function readRetry(random: Random = Math.random) {
  return {
    retry: (failureCount: number, error: unknown) =>
      nextRetryMs(failureCount + 1, failureOf(error), 0, READ_MAX_TRIES) !== null,
    retryDelay: (failureCount: number, error: unknown) =>
      nextRetryMs(failureCount + 1, failureOf(error), random(), READ_MAX_TRIES) ?? 0,
  };
}

/**
 * What a mutation that may be queued adds to its options: it waits for the network (TanStack Query
 * pauses it while the browser is offline and resumes it on the `online` event), and a failure for lack
 * of network is tried again with back-off for as long as the page lives; a server error a few times.
 */
export function queueWhenOffline(
  random: Random = Math.random,
): Pick<MutationOptions, 'networkMode' | 'retry' | 'retryDelay' | 'meta'> {
  const tries = (error: unknown) =>
    failureOf(error).kind === 'network' ? Number.POSITIVE_INFINITY : READ_MAX_TRIES;
  return {
    meta: { whenOffline: 'queue' },
    networkMode: 'online',
    retry: (failureCount, error) => nextRetryMs(failureCount + 1, failureOf(error), 0, tries(error)) !== null,
    retryDelay: (failureCount, error) =>
      nextRetryMs(failureCount + 1, failureOf(error), random(), tries(error)) ?? 0,
  };
}

export function createQueryClient(options: { random?: Random } = {}): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        ...readRetry(options.random),
        // Live data arrives through the WebSocket push; refetching on every focus would only add load.
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
      mutations: {
        // A save is sent even when the browser says it is offline: it then fails at once and is
        // reported, instead of waiting unseen in memory and being lost when the page closes. The
        // queued kinds set 'online' (queueWhenOffline).
        networkMode: 'always',
        retry: false,
      },
    },
  });
}
