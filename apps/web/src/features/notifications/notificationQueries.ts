import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoints } from '@emberwatch/shared/contracts/endpoints';
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
    const off = queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'success') return;
      const key = (event.query as { queryKey: readonly unknown[] }).queryKey;
      if (key[0] !== queryKeys.data('')[0] || timer) return;
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
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationsKey(uid ?? 0) }),
  });
}
