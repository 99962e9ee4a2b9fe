import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OutboxResponse } from '@emberwatch/shared/contracts/delivery';
import { endpoints } from '@emberwatch/shared/contracts/endpoints';
import { useApiClient } from '../../lib/ApiClientContext';
import { queryKeys } from '../../lib/queryKeys';
import { useStorageAccount } from '../storages';

/**
 * The delivery feature's server resource as TanStack queries. A storage's log sits under the monitors'
 * prefix, so the push channel's alertsChanged (which reloads every monitors key) reloads it too.
 */
export const deliveryLogKey = (uid: number, storageId: number) =>
  [...queryKeys.allMonitors, 'delivery', uid, storageId] as const;

/** A message's status moves without an alert changing (sending, sent, failed): read again this often. */
export const DELIVERY_LOG_REFRESH_MS = 15_000;
/** The admin watches messages go out: the outbox is read again this often. */
export const OUTBOX_REFRESH_MS = 5_000;
/** Messages per outbox page ("load older" asks for the next ones before the oldest shown). */
export const OUTBOX_PAGE = 50;

/** The delivered alerts of one storage of the selected account, newest first (GET getDeliveryLog). */
export function useDeliveryLog(storageId: number) {
  const api = useApiClient();
  const uid = useStorageAccount();
  return useQuery({
    queryKey: deliveryLogKey(uid ?? 0, storageId),
    enabled: uid !== undefined,
    queryFn: async () =>
      (await api.call(endpoints.delivery.getDeliveryLog, { UID: uid, itemID: storageId })).alerts,
    refetchInterval: DELIVERY_LOG_REFRESH_MS,
  });
}

const outboxKey = ['outbox'] as const;

/** Which messages the outbox page shows: all, or only failed ones; every account's, or one's. */
export interface OutboxFilter {
  onlyFailed: boolean;
  ownerId: number | null;
}

/**
 * Every message of the server, newest first, page by page (GET getOutbox with beforeId), optionally
 * only the failed ones or one account's, with the recipients that fail for good; admins only.
 */
export function useOutbox(filter: OutboxFilter = { onlyFailed: false, ownerId: null }) {
  const api = useApiClient();
  return useInfiniteQuery({
    queryKey: [...outboxKey, filter.onlyFailed, filter.ownerId],
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam }): Promise<OutboxResponse> =>
      api.call(endpoints.delivery.getOutbox, {
        limit: OUTBOX_PAGE,
        ...(pageParam !== undefined ? { beforeId: pageParam } : {}),
        ...(filter.onlyFailed ? { status: 'failed' as const } : {}),
        ...(filter.ownerId !== null ? { ownerId: filter.ownerId } : {}),
      }),
    getNextPageParam: (last) =>
      last.messages.length < OUTBOX_PAGE ? undefined : last.messages[last.messages.length - 1]!.id,
    refetchInterval: OUTBOX_REFRESH_MS,
  });
}

/** Plays a person answering an SMS through the local fake provider (POST fakeSmsReply); admins only. */
export function useFakeSmsReply() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (req: { from: string; body: string }) => api.call(endpoints.delivery.fakeSmsReply, req),
    // An "OK" acknowledges: the outbox and every alert view show it at once.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: outboxKey }),
        queryClient.invalidateQueries({ queryKey: queryKeys.allMonitors }),
      ]),
  });
}

/** With the fake provider: the person a voice call went to presses keys (1 acknowledges). */
export function useFakeCallKeys() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (messageId: number) => api.call(endpoints.delivery.fakeCallKeys, { messageId, digits: '1' }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: outboxKey }),
        queryClient.invalidateQueries({ queryKey: queryKeys.allMonitors }),
      ]),
  });
}
