import { useMemo } from 'react';
import { useQueries } from '@tanstack/react-query';
import { TIMESTAMP_REFRESH_MS, type BsConfResponse, type DataResponse } from '@emberwatch/shared';
import { useApiClient } from '../../lib/ApiClientContext';
import { queryKeys } from '../../lib/queryKeys';
import { useNowSeconds } from '../../lib/useNowSeconds';
import { buildProbeRows } from './buildProbeRows';

/**
 * The probe rows of the selected tab: one station, or every station of a merged group (a group is
 * shown as one list). The configuration (names, disabled probes) and the latest readings are separate
 * queries per station: a newData push refetches only the readings of the stations it names. The rows
 * are recomputed every 20 s so ages and highlights move on without new data (spec doc 2 §2.2).
 */
export function useProbeRows(bsIds: readonly string[]) {
  const api = useApiClient();
  const confs = useQueries({
    queries: bsIds.map((bsId) => ({
      queryKey: queryKeys.bsConf(bsId),
      queryFn: () => api.get<BsConfResponse>('/client/bsConf', { basestationID: bsId }),
    })),
  });
  const datas = useQueries({
    queries: bsIds.map((bsId) => ({
      queryKey: queryKeys.data(bsId),
      queryFn: () => api.get<DataResponse>('/client/data', { basestationID: bsId }),
    })),
  });
  const nowSeconds = useNowSeconds(TIMESTAMP_REFRESH_MS);
  const ready = confs.every((q) => q.data) && datas.every((q) => q.data);
  const configurations = confs.flatMap((q) => q.data?.sensor_configurations ?? []);
  const readings = datas.flatMap((q) => q.data?.results ?? []);
  // Stable inputs for the memo: the query results change identity only when refetched.
  const confKey = confs.map((q) => q.dataUpdatedAt).join();
  const dataKey = datas.map((q) => q.dataUpdatedAt).join();
  const rows = useMemo(
    () => (ready ? buildProbeRows(configurations, readings, nowSeconds) : []),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed by the queries' update times
    [ready, confKey, dataKey, nowSeconds],
  );
  return {
    rows,
    isLoading: bsIds.length > 0 && !ready && ![...confs, ...datas].some((q) => q.error),
    error: [...confs, ...datas].find((q) => q.error)?.error ?? null,
    refetch: () => {
      for (const q of [...confs, ...datas]) void q.refetch();
    },
  };
}
