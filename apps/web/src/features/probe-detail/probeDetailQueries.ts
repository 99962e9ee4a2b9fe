import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { endpoints } from '@emberwatch/shared/contracts/endpoints';
import type { SensorDataResponse } from '@emberwatch/shared/contracts/probeData';
import { OVERVIEW_S, windowLength, type TimeWindow } from '@emberwatch/shared/domain/chartRange';
import { useApiClient } from '../../lib/ApiClientContext';
import { queryKeys } from '../../lib/queryKeys';

/**
 * Query keys of the detail's own data. Reads that end at now (a chart window reaching now, the
 * year's overview) live under the station's `liveProbeData` key, which a newData for the station
 * invalidates; they are keyed by length, not start, so a refetch reads up to the new now.
 */
export const probeDetailKeys = {
  sensorData: (
    bsId: string,
    sensorId: string,
    start: number,
    end: number,
    allFields: boolean,
    width: number,
  ) => ['probeDetail', bsId, sensorId, 'sensorData', start, end, allFields, width] as const,
  liveSensorData: (bsId: string, sensorId: string, length: number, allFields: boolean, width: number) =>
    [...queryKeys.liveProbeData(bsId), sensorId, 'sensorData', length, allFields, width] as const,
  overview: (bsId: string, sensorId: string) =>
    [...queryKeys.liveProbeData(bsId), sensorId, 'overview'] as const,
  table: (bsId: string, sensorId: string, from: number, to: number | null) =>
    ['probeDetail', bsId, sensorId, 'table', from, to] as const,
  analysis: (bsId: string, sensorId: string) => ['probeDetail', bsId, sensorId, 'analysis'] as const,
};

export interface SensorDataArgs {
  bsId: string;
  sensorId: string;
  window: TimeWindow;
  /**
   * The window reaches now: it is read up to now (spec doc 1 §5: a future end is not sent) and
   * read again, up to the new now, when the station reports new readings.
   */
  live: boolean;
  allFields: boolean;
  width: number;
  enabled: boolean;
}

/** The chart's points and the window they were read for (a live window's, as of its reading). */
export interface ChartWindowData extends SensorDataResponse {
  window: TimeWindow;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

export function useSensorData(a: SensorDataArgs) {
  const api = useApiClient();
  const length = windowLength(a.window);
  const read = async (window: TimeWindow, live: boolean): Promise<ChartWindowData> => {
    const response = await api.call(endpoints.probes.sensorData, {
      BS_ID: a.bsId,
      sensorID: a.sensorId,
      startTS: window.start,
      endTS: live ? undefined : window.end,
      allFields: a.allFields ? 1 : 0,
      width: a.width,
    });
    return { ...response, window };
  };
  return useQuery({
    queryKey: a.live
      ? probeDetailKeys.liveSensorData(a.bsId, a.sensorId, length, a.allFields, a.width)
      : probeDetailKeys.sensorData(a.bsId, a.sensorId, a.window.start, a.window.end, a.allFields, a.width),
    queryFn: () => {
      if (!a.live) return read(a.window, false);
      const end = nowSeconds();
      return read({ start: end - length, end }, true);
    },
    // Moving the window keeps the previous curve on screen until the next one arrives.
    placeholderData: keepPreviousData,
    enabled: a.enabled,
  });
}

/** The overview strip: this probe's daily maxima over the last year (as of each reading). */
export function useOverview(bsId: string, sensorId: string, enabled: boolean) {
  const api = useApiClient();
  return useQuery({
    queryKey: probeDetailKeys.overview(bsId, sensorId),
    queryFn: () =>
      api.call(endpoints.probes.snapshot, {
        basestationID: bsId,
        sensorIDs: sensorId,
        fromDate: nowSeconds() - OVERVIEW_S,
        interval: 1,
      }),
    staleTime: 5 * 60_000,
    enabled,
  });
}

export function useTableData(bsId: string, sensorId: string, from: number, to: number | undefined) {
  const api = useApiClient();
  return useQuery({
    queryKey: probeDetailKeys.table(bsId, sensorId, from, to ?? null),
    queryFn: () =>
      api.call(endpoints.probes.data2, {
        basestationID: bsId,
        sensorId,
        fromDate: from,
        toDate: to,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useProbeAnalysis(bsId: string, sensorId: string) {
  const api = useApiClient();
  return useQuery({
    queryKey: probeDetailKeys.analysis(bsId, sensorId),
    queryFn: () => api.call(endpoints.probes.getSensorStats, { BS_ID: bsId, probeID: sensorId }),
  });
}
