import { useEffect, useEffectEvent } from 'react';
import { useQueryClient, type InvalidateQueryFilters } from '@tanstack/react-query';
import { endpoints } from '@emberwatch/shared/contracts/endpoints';
import { useApiClient } from '../lib/ApiClientContext';
import { drawnDataMomentMs } from '../lib/drawnPageShown';
import type { LiveContext, LiveHandler } from '../lib/liveHandler';
import { createRealtimeClient, realtimeUrl } from '../lib/realtimeClient';
import { refetchUnwatched } from '../lib/refetchUnwatched';
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
 * which refetch the queries it names. After a reconnection every handler reads its data afresh;
 * after the first connection, only what was read before the socket was ready (lib/refetchUnwatched.ts),
 * and on a page the server drew nothing when the server says nothing was pushed since (decision 0182).
 * Also sends the keep-alive when the tab becomes visible again.
 */
export function RealtimeBridge({ handlers = HANDLERS }: { handlers?: readonly LiveHandler[] }) {
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

  // Pushes sent while the socket was not ready are lost: after a reconnection read the data afresh;
  // after the first connection, what was read before it.
  const onReady = useEffectEvent((first: boolean) => {
    const ctx: LiveContext = {
      refetch: oncePerMessage(
        first
          ? (filters) => refetchUnwatched(queryClient, filters)
          : (filters) => void queryClient.invalidateQueries(filters),
      ),
      stationSelected: selected !== null,
      groupIds,
    };
    for (const h of handlers) h.onReconnect?.(ctx);
  });

  useEffect(() => {
    let connectedBefore = false;
    const client = createRealtimeClient({
      url: realtimeUrl(window.location),
      getToken: () => api.freshToken(),
      // A page the server drew: its data is the server's as of its moment, and the first `ready` says
      // whether anything for this user was pushed since; if nothing was, nothing is read again
      // (decision 0182). After a drop the data is read again, as before.
      since: () => (connectedBefore ? undefined : (drawnDataMomentMs() ?? undefined)),
      onMessage: (message) => {
        if (message.type === 'ready') {
          // Quiet counts only while the moment still speaks for the whole cache (not after the device's
          // older copy was put in it meanwhile).
          const missedNothing = message.quiet === true && !connectedBefore && drawnDataMomentMs() !== null;
          if (!missedNothing) onReady(!connectedBefore);
          connectedBefore = true;
        } else if (message.type !== 'pong' && message.type !== 'error') onLive(message);
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
