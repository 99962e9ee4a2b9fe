import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoints } from '@emberwatch/shared/contracts/endpoints';
import type { FcItem } from '@emberwatch/shared/contracts/fans';
import { useApiClient } from '../../lib/ApiClientContext';

/**
 * The fans feature's server resource. The realtime bridge invalidates the keys under `FAN_KEY` that
 * name a controller of an fcStat push: `[FAN_KEY, 'id,id']` for the controllers shown,
 * `[FAN_KEY, 'account', uid]` for an account's list.
 */
export const FAN_KEY = ['fans'] as const;
export const fanItemsKey = (ids: readonly string[]) => [...FAN_KEY, [...ids].sort().join(',')] as const;
const fanAccountKey = (uid: number) => [...FAN_KEY, 'account', uid] as const;

/**
 * Whether an fcStat push naming these controllers concerns a fan query: one reading one of them, or
 * an account's list (which may hold them).
 */
export function fanQueryConcerns(queryKey: readonly unknown[], fcIds: readonly string[]): boolean {
  if (queryKey[0] !== FAN_KEY[0]) return false;
  if (queryKey[1] === 'account') return true;
  // An RC unit's log and scheduler: [FAN_KEY, 'rcLog' | 'rcScheduler', fcId, …].
  if (queryKey[1] === 'rcLog' || queryKey[1] === 'rcScheduler')
    return typeof queryKey[2] === 'string' && fcIds.includes(queryKey[2]);
  const ids = typeof queryKey[1] === 'string' ? queryKey[1].split(',') : [];
  return ids.some((id) => fcIds.includes(id));
}

/**
 * The fcStat push brings changes at once; a shown controller is still read again every 2 minutes, so
 * a view whose socket is down (a proxy without WebSockets, a sleeping tab's lost pushes) catches up.
 */
export const FAN_REFETCH_MS = 120_000;

/** Every controller channel of an account (GET getFcItem without ids): what a fan rule may drive. */
export function useAccountFcItems(uid: number | undefined) {
  const api = useApiClient();
  return useQuery({
    queryKey: fanAccountKey(uid ?? 0),
    queryFn: async (): Promise<FcItem[]> => (await api.call(endpoints.fans.getFcItem, { UID: uid })).results,
    enabled: uid !== undefined,
  });
}

/**
 * Spec doc 3 §4 "Monitor save": a monitor whose fan rule changed runs the scheduler of its controller
 * for each storage using it, so the fans follow the new rule at once.
 */
export function useRunScheduler() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (v: { fcId: string; itemIDs: readonly number[] }) => {
      const calls = v.itemIDs.length > 0 ? v.itemIDs : [undefined];
      for (const itemID of calls)
        await api.call(endpoints.fans.runScheduler, { id: v.fcId, ...(itemID ? { itemID } : {}) });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: FAN_KEY }),
  });
}

/** The channels of these controllers (GET getFcItem). */
export function useFcItems(ids: readonly string[]) {
  const api = useApiClient();
  return useQuery({
    queryKey: fanItemsKey(ids),
    queryFn: async (): Promise<FcItem[]> =>
      (await api.call(endpoints.fans.getFcItem, { id: [...ids].join(',') })).results,
    enabled: ids.length > 0,
    refetchInterval: FAN_REFETCH_MS,
  });
}

export type FanCommandChoice = 'auto' | 'off' | 'on';

/** Switches a channel by hand, or gives it back to its rule; the answer is the controller's new status. */
export function useSetFanCommand() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (v: { fcId: string; channel: number; choice: FanCommandChoice }) =>
      (
        await api.call(endpoints.fans.setFcManualCommand, {
          fc_id: v.fcId,
          channel: v.channel,
          isManual: v.choice !== 'auto',
          command: v.choice === 'on' ? 1 : 0,
        })
      ).results,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: FAN_KEY }),
  });
}
