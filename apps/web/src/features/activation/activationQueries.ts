import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ActivateKitRequest, ActivatedKit } from '@emberwatch/shared/contracts/activation';
import { endpoints } from '@emberwatch/shared/contracts/endpoints';
import { ACTIVATION_REFUSALS } from '@emberwatch/shared/domain/activation/activationStatus';
import { useApiClient } from '../../lib/ApiClientContext';
import { isApiRequestError } from '../../lib/ApiRequestError';
import { queryKeys } from '../../lib/queryKeys';

/** The admin's kit list; only this feature reads it. */
const kitsKey = (state: string) => ['kits', state] as const;

export function useKits(state: 'open' | 'claimed' | 'all') {
  const api = useApiClient();
  return useQuery({
    queryKey: kitsKey(state),
    queryFn: async () => (await api.call(endpoints.activation.getKit, { state })).results,
  });
}

/** An activation's answer: its status (spec doc 1 §8, doc 2 §8) and, on 0, what joined the account. */
export interface ActivationAnswer {
  status_code: number;
  kit?: ActivatedKit;
}

/** POST /admin/activateKit; the caller decides what to reload on success (spec doc 1 §4, doc 2 §7). */
export function useActivateKit() {
  const api = useApiClient();
  return useMutation({
    mutationFn: async (req: ActivateKitRequest): Promise<ActivationAnswer> => {
      try {
        return await api.call(endpoints.activation.activateKit, req);
      } catch (err) {
        // A refused activation is a non-2xx answer whose envelope carries the spec's status (2, 3, 22;
        // ACTIVATION_REFUSALS): those are answers to word, anything else is a failure.
        if (isApiRequestError(err) && err.kind === 'http' && err.statusCode in ACTIVATION_REFUSALS)
          return { status_code: err.statusCode };
        throw err;
      }
    },
  });
}

/** After a base station joined: the user info and the station list (spec doc 2 §7 "refresh user info"). */
export function useReloadAfterStation() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.allUserInfo }),
      queryClient.invalidateQueries({ queryKey: queryKeys.basestations }),
      queryClient.invalidateQueries({ queryKey: ['kits'] }),
    ]);
}

/** After probe sets joined: the stations' configurations (spec doc 1 §4 "Close reloads base station config"). */
export function useReloadAfterProbes() {
  const queryClient = useQueryClient();
  return (bsIds: readonly string[]) =>
    Promise.all([
      ...bsIds.map((bsId) => queryClient.invalidateQueries({ queryKey: queryKeys.bsConf(bsId) })),
      ...bsIds.map((bsId) => queryClient.invalidateQueries({ queryKey: queryKeys.data(bsId) })),
      queryClient.invalidateQueries({ queryKey: ['kits'] }),
    ]);
}
