import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';
import { useQueryClient, type Mutation } from '@tanstack/react-query';
import { isApiRequestError } from '../../lib/ApiRequestError';

/** A proxy's answers that mean "the server behind me could not be reached", like no answer at all. */
const NOT_REACHED_STATUSES: ReadonlySet<number> = new Set([502, 503, 504]);

/** Whether a failed call never reached the server (as far as the browser can tell). */
export function notReached(error: unknown): boolean {
  return isApiRequestError(error) && (error.kind === 'network' || NOT_REACHED_STATUSES.has(error.httpStatus));
}

/**
 * Whether a read on screen is being tried again after a failure (decision 0140): some query that a
 * mounted component reads has failed and is fetching again, or waiting for the network to do so.
 */
export function useReadRetrying(): boolean {
  const client = useQueryClient();
  const subscribe = useCallback(
    // Only what changes a query's fetch or failure: the many observer events of a page being drawn (or
    // taken over) would each search the cache again for nothing.
    (onChange: () => void) =>
      client.getQueryCache().subscribe((event) => {
        if (
          event.type === 'updated' ||
          event.type === 'removed' ||
          event.type === 'observerRemoved' ||
          (event.type === 'observerAdded' && event.query.state.fetchFailureCount > 0)
        )
          onChange();
      }),
    [client],
  );
  const read = useCallback(
    () =>
      client
        .getQueryCache()
        .findAll({ type: 'active' })
        .some((q) => q.state.fetchFailureCount > 0 && q.state.fetchStatus !== 'idle'),
    [client],
  );
  return useSyncExternalStore(subscribe, read, read);
}

type AnyMutation = Mutation<unknown, Error, unknown, unknown>;

const isQueued = (m: AnyMutation) => m.options.meta?.whenOffline === 'queue';

/** Queued saves not yet sent (waiting for the network, or between tries). */
export function useQueuedSaves(): number {
  const client = useQueryClient();
  const subscribe = useCallback(
    (onChange: () => void) => client.getMutationCache().subscribe(onChange),
    [client],
  );
  const read = useCallback(
    () =>
      client
        .getMutationCache()
        .getAll()
        .filter(
          (m) =>
            isQueued(m) && m.state.status === 'pending' && (m.state.isPaused || m.state.failureCount > 0),
        ).length,
    [client],
  );
  return useSyncExternalStore(subscribe, read, read);
}

/**
 * The saves that failed because the server could not be reached and were not queued: kept (in the
 * order they failed) until they are tried again and succeed, or the user dismisses them.
 */
export function useFailedSaves(): {
  failed: readonly AnyMutation[];
  retry: (m: AnyMutation) => void;
  dismiss: (m: AnyMutation) => void;
} {
  const client = useQueryClient();
  const failed = useRef<AnyMutation[]>([]);
  const listeners = useRef(new Set<() => void>());
  const changed = (next: AnyMutation[]) => {
    failed.current = next;
    for (const l of listeners.current) l();
  };

  useEffect(
    () =>
      client.getMutationCache().subscribe((event) => {
        if (event.type !== 'updated') return;
        const m = event.mutation as AnyMutation;
        if (event.action.type === 'error' && !isQueued(m) && notReached(event.action.error)) {
          if (!failed.current.includes(m)) changed([...failed.current, m]);
        } else if (event.action.type === 'success' && failed.current.includes(m)) {
          changed(failed.current.filter((f) => f !== m));
        }
      }),
    [client],
  );

  const subscribe = useCallback((onChange: () => void) => {
    listeners.current.add(onChange);
    return () => listeners.current.delete(onChange);
  }, []);
  const read = useCallback(() => failed.current, []);
  const list = useSyncExternalStore(subscribe, read, read);

  return {
    failed: list,
    // The same mutation, with the same change and the page's own callbacks, sent once more: the form
    // that made it (if still open) shows its progress and its outcome as for the first try. Its notice
    // goes meanwhile, and comes back if this try fails too.
    retry: (m) => {
      changed(failed.current.filter((f) => f !== m));
      void m.execute(m.state.variables).catch(() => undefined);
    },
    dismiss: (m) => changed(failed.current.filter((f) => f !== m)),
  };
}
