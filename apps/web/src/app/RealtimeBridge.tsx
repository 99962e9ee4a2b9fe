import { useEffect, useEffectEvent } from 'react';
import { useQueryClient, type InvalidateQueryFilters } from '@tanstack/react-query';
import { endpoints } from '@emberwatch/shared/contracts/endpoints';
import { useApiClient } from '../lib/ApiClientContext';
import type { LiveContext, LiveHandler } from '../lib/liveHandler';
import { createRealtimeClient, realtimeUrl } from '../lib/realtimeClient';
import { monotonicNow } from '../lib/readStarts';
import { refetchMissed } from '../lib/refetchMissed';
import { useSelectedStation } from '../features/base-stations';
import { WEB_FEATURES } from './features';

const HANDLERS: readonly LiveHandler[] = WEB_FEATURES.flatMap((f) => f.live ?? []);

type Refetch = (filters: InvalidateQueryFilters) => void;

/**
 * `refetch` for one message: filters another handler named already are skipped, so a query two features
 * watch (a station's readings: the probe list's and the monitors') is read once, not read and then read
 * again with the first read cancelled. A filter with a predicate is always passed on.
 */
function oncePerMessage(refetch: Refetch): Refetch {
  const seen = new Set<string>();
  return (filters) => {
    if (typeof filters.predicate !== 'function') {
      const key = JSON.stringify(filters);
      if (seen.has(key)) return;
      seen.add(key);
    }
    refetch(filters);
  };
}

/**
 * Connects the push channel to the data queries (spec doc 1 §4 "Live updates"): each live message
 * goes to the handlers the web features declare in their live.ts (app/features.ts; decision 0085),
 * which refetch the queries it names. At each `ready`, first or after a drop, every handler reads again
 * what may have missed a push: the data read before the time the server says nothing was pushed for
 * this user (lib/refetchMissed.ts, decision 0183). Also sends the keep-alive when the tab becomes
 * visible again.
 */
export function RealtimeBridge({
  handlers = HANDLERS,
  now = monotonicNow,
}: {
  handlers?: readonly LiveHandler[];
  /** The clock of lib/readStarts (tests give their own). */
  now?: () => number;
}) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const { selected, groupIds } = useSelectedStation();

  // An effect event reads the current selection without reconnecting the socket when it changes.
  const onLive = useEffectEvent((message: { type: string }) => {
    const ctx: LiveContext = {
      refetch: oncePerMessage((filters) => void queryClient.invalidateQueries(filters)),
      stationSelected: selected !== null,
      groupIds,
    };
    for (const h of handlers) if (h.type === message.type) h.receive(message, ctx);
  });

  // Pushes sent while the socket was not ready are lost: what was read before the quiet time the server
  // tells is read again. `quietForMs` is a duration up to the moment the server sent it: counted back
  // from when it arrived, the quiet time begins no earlier than the server's did, whatever either clock
  // says.
  const onReady = useEffectEvent((quietForMs: number) => {
    const quietSince = now() - quietForMs;
    const ctx: LiveContext = {
      refetch: oncePerMessage((filters) => refetchMissed(queryClient, filters, quietSince)),
      stationSelected: selected !== null,
      groupIds,
    };
    for (const h of handlers) h.onReconnect?.(ctx);
  });

  useEffect(() => {
    const client = createRealtimeClient({
      url: realtimeUrl(window.location),
      getToken: () => api.freshToken(),
      onMessage: (message) => {
        if (message.type === 'ready') onReady(message.quietForMs ?? 0);
        else if (message.type !== 'pong' && message.type !== 'error') onLive(message);
      },
    });
    client.start();
    // Back from a dead zone: the socket comes back at once, not after the back-off's wait.
    const onOnline = () => client.reconnectNow();
    window.addEventListener('online', onOnline);
    return () => {
      window.removeEventListener('online', onOnline);
      client.stop();
    };
  }, [api]);
  useEffect(() => {
    const onVisible = () => {
      // A 401 here is handled by the client: one refresh, then back to /login.
      if (document.visibilityState === 'visible') api.call(endpoints.sessions.auth).catch(() => undefined);
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [api]);

  return null;
}
