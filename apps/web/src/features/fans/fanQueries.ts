import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoints, type FcItem } from '@emberwatch/shared';
import { useApiClient } from '../../lib/ApiClientContext';

/**
 * The fans feature's server resource. Its keys live here rather than in lib/queryKeys.ts until the
 * realtime bridge learns the fcStat push (then it invalidates `FAN_KEY` for the user's controllers).
 */
export const FAN_KEY = ['fans'] as const;
export const fanItemsKey = (ids: readonly string[]) => [...FAN_KEY, [...ids].sort().join(',')] as const;

/**
 * Until the fcStat push reaches the web, a shown controller is read again every 30 s: its poll
 * interval, so a controller's report shows within a poll of being made.
 */
export const FAN_REFETCH_MS = 30_000;

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
