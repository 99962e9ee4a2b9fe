import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import { endpoints } from '@emberwatch/shared/contracts/endpoints';
import type { ApiClient } from '../../lib/apiClient';
import { useApiClient } from '../../lib/ApiClientContext';
import { queryKeys } from '../../lib/queryKeys';

/**
 * The base-stations feature's server resources as TanStack queries, declared once: the station list,
 * a station's configuration and its latest readings. Every page reads them through these (the probe
 * list, the probe detail and the settings share one cache entry per station); the `…Query`
 * functions are for prefetching and for reading the cache outside a component.
 */

/**
 * The stations of the logged-in account (GET basestationArray), or of the customer an admin works for
 * (`uid`, decision 0088): its own cache entry, under the same key prefix, so invalidating the station
 * list reaches both.
 */
export function basestationsQuery(api: ApiClient, uid?: number) {
  return queryOptions({
    queryKey: uid === undefined ? queryKeys.basestations : [...queryKeys.basestations, uid],
    queryFn: async () =>
      (await api.call(endpoints.baseStations.basestationArray, uid === undefined ? {} : { UID: uid }))
        .results,
  });
}

/** A station's configuration and its probes' settings (GET bsConf). */
export function bsConfQuery(api: ApiClient, bsId: string) {
  return queryOptions({
    queryKey: queryKeys.bsConf(bsId),
    queryFn: () => api.call(endpoints.baseStations.bsConf, { basestationID: bsId }),
  });
}

/** The latest reading of every probe of a station (GET data); a newData push refetches it. */
export function stationDataQuery(api: ApiClient, bsId: string) {
  return queryOptions({
    queryKey: queryKeys.data(bsId),
    queryFn: () => api.call(endpoints.baseStations.data, { basestationID: bsId }),
  });
}

export function useBasestations(enabled: boolean, uid?: number) {
  const api = useApiClient();
  return useQuery({ ...basestationsQuery(api, uid), enabled });
}

/** One station's configuration; waits while no station is given. */
export function useBsConf(bsId: string | undefined) {
  const api = useApiClient();
  return useQuery({ ...bsConfQuery(api, bsId ?? ''), enabled: bsId !== undefined });
}

/** The configurations of several stations (a merged group's), one query each. */
export function useBsConfs(bsIds: readonly string[]) {
  const api = useApiClient();
  return useQueries({ queries: bsIds.map((bsId) => bsConfQuery(api, bsId)) });
}

/** One station's latest readings; waits while no station is given. */
export function useStationData(bsId: string | undefined) {
  const api = useApiClient();
  return useQuery({ ...stationDataQuery(api, bsId ?? ''), enabled: bsId !== undefined });
}

/** The latest readings of several stations, one query each (newData refetches only the ones it names). */
export function useStationDatas(bsIds: readonly string[]) {
  const api = useApiClient();
  return useQueries({ queries: bsIds.map((bsId) => stationDataQuery(api, bsId)) });
}
