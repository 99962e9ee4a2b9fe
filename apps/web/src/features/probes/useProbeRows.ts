import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { TIMESTAMP_REFRESH_MS, type BsConfResponse, type DataResponse } from '@emberwatch/shared';
import { useApiClient } from '../../lib/ApiClientContext';
import { queryKeys } from '../../lib/queryKeys';
import { useNowSeconds } from '../../lib/useNowSeconds';
import { buildProbeRows } from './buildProbeRows';

/**
 * The probe rows of one station. The configuration (names, disabled probes) and the latest
 * readings are separate queries: a newData push refetches only the readings. The rows are
 * recomputed every 20 s so ages and highlights move on without new data (spec doc 2 §2.2).
 */
export function useProbeRows(bsId: string | undefined) {
  const api = useApiClient();
  const conf = useQuery({
    queryKey: queryKeys.bsConf(bsId ?? ''),
    queryFn: () => api.get<BsConfResponse>('/client/bsConf', { basestationID: bsId }),
    enabled: bsId !== undefined,
  });
  const data = useQuery({
    queryKey: queryKeys.data(bsId ?? ''),
    queryFn: () => api.get<DataResponse>('/client/data', { basestationID: bsId }),
    enabled: bsId !== undefined,
  });
  const nowSeconds = useNowSeconds(TIMESTAMP_REFRESH_MS);
  const rows = useMemo(
    () => (conf.data && data.data ? buildProbeRows(conf.data.sensor_configurations, data.data.results, nowSeconds) : []),
    [conf.data, data.data, nowSeconds],
  );
  return {
    rows,
    isLoading: conf.isPending || data.isPending,
    error: conf.error ?? data.error,
    refetch: () => {
      void conf.refetch();
      void data.refetch();
    },
  };
}
