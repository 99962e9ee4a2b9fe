import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoints } from '@emberwatch/shared/contracts/endpoints';
import type { GetNotificationsResponse } from '@emberwatch/shared/contracts/notifications';
import { useApiClient } from '../../lib/ApiClientContext';
import { queryKeys } from '../../lib/queryKeys';
import { queueWhenOffline } from '../../lib/createQueryClient';

/**
 * The account's notifications. The key sits under the monitors' prefix, so the push channel's
 * alertsChanged (which reloads every monitors key) reloads them too, without a reload of the page.
 */
export const notificationsKey = (uid: number) => [...queryKeys.allMonitors, 'notifications', uid] as const;

/** Conditions that grow with time alone (a station falling silent) are read again this often. */
export const NOTIFICATIONS_REFRESH_MS = 60_000;

export function useNotifications(uid: number | undefined) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  // New readings of the shown station (newData refetches its data) may pass a general alert limit.
  useEffect(() => {
    if (uid === undefined) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const dataPrefix = queryKeys.data('')[0];
    // Each station's readings as last read: the query cache keeps the same array when a read brings
    // the same readings (structural sharing), as the push socket's first `ready` does right after a
    // page the server drew with them (decision 0169) — no news, and no second read of the list.
    const readingsOf = (data: unknown) => (data as { results?: unknown } | undefined)?.results;
    const lastReadings = new Map<string, unknown>();
    for (const query of queryClient.getQueryCache().findAll({ queryKey: [dataPrefix] }))
      lastReadings.set(query.queryHash, readingsOf(query.state.data));
    const off = queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'success') return;
      const query = event.query as { queryKey: readonly unknown[]; queryHash: string };
      if (query.queryKey[0] !== dataPrefix) return;
      const readings = readingsOf(event.query.state.data);
      const before = lastReadings.get(query.queryHash);
      lastReadings.set(query.queryHash, readings);
      if (timer || readings === before) return;
      // The station's first readings on this page are no news: the notifications were read with
      // them (at start the list was fetched beside them, decision 0146).
      if (event.query.state.dataUpdateCount < 2) return;
      timer = setTimeout(() => {
        timer = undefined;
        void queryClient.invalidateQueries({ queryKey: notificationsKey(uid) });
      }, 500);
    });
    return () => {
      off();
      if (timer) clearTimeout(timer);
    };
  }, [queryClient, uid]);
  return useQuery({
    queryKey: notificationsKey(uid ?? 0),
    queryFn: () => api.call(endpoints.notifications.getNotifications, { UID: uid }),
    enabled: uid !== undefined,
    refetchInterval: NOTIFICATIONS_REFRESH_MS,
  });
}

/** The user has looked at the list: the badge then counts only newer entries. */
export function useMarkNotificationsSeen(uid: number | undefined) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(endpoints.notifications.notificationsSeen, { UID: uid }),
    // A mark, idempotent: sent when the network returns (0140).
    ...queueWhenOffline(),
    // The server marks every entry up to now seen: the list shown is then read in full, without
    // asking for it again (the dialog is open over it); a newer entry comes with the next read.
    onSuccess: () =>
      queryClient.setQueryData<GetNotificationsResponse>(
        notificationsKey(uid ?? 0),
        (list) =>
          list && {
            ...list,
            unread: 0,
            results: list.results.map((n) => (n.unread ? { ...n, unread: false } : n)),
          },
      ),
  });
}
