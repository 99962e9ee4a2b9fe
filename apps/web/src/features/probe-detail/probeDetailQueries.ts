import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  ProbeAnalysisResponse,
  SensorDataResponse,
  SnapshotResponse,
  TableDataResponse,
} from '@emberwatch/shared';
import { useApiClient } from '../../lib/ApiClientContext';

/** Query keys of the detail's own data (station and probe first, so one probe's data can be dropped at once). */
export const probeDetailKeys = {
  all: (bsId: string, sensorId: string) => ['probeDetail', bsId, sensorId] as const,
  sensorData: (
    bsId: string,
    sensorId: string,
    start: number,
    end: number | null,
    allFields: boolean,
    width: number,
  ) => ['probeDetail', bsId, sensorId, 'sensorData', start, end, allFields, width] as const,
  overview: (bsId: string, sensorId: string, from: number) =>
    ['probeDetail', bsId, sensorId, 'overview', from] as const,
  table: (bsId: string, sensorId: string, from: number, to: number | null) =>
    ['probeDetail', bsId, sensorId, 'table', from, to] as const,
  analysis: (bsId: string, sensorId: string) => ['probeDetail', bsId, sensorId, 'analysis'] as const,
};

export interface SensorDataArgs {
  bsId: string;
  sensorId: string;
  start: number;
  /** Undefined = up to now (spec doc 1 §5: a future end is not sent). */
  end: number | undefined;
  allFields: boolean;
  width: number;
  enabled: boolean;
}

export function useSensorData(a: SensorDataArgs) {
  const api = useApiClient();
  return useQuery({
    queryKey: probeDetailKeys.sensorData(a.bsId, a.sensorId, a.start, a.end ?? null, a.allFields, a.width),
    queryFn: () =>
      api.get<SensorDataResponse>('/client/sensorData', {
        BS_ID: a.bsId,
        sensorID: a.sensorId,
        startTS: a.start,
        endTS: a.end,
        allFields: a.allFields ? 1 : 0,
        width: a.width,
      }),
    // Moving the window keeps the previous curve on screen until the next one arrives.
    placeholderData: keepPreviousData,
    enabled: a.enabled,
  });
}

/** The overview strip: this probe's daily maxima over the last year. */
export function useOverview(bsId: string, sensorId: string, from: number, enabled: boolean) {
  const api = useApiClient();
  return useQuery({
    queryKey: probeDetailKeys.overview(bsId, sensorId, from),
    queryFn: () =>
      api.get<SnapshotResponse>('/client/snapshot', {
        basestationID: bsId,
        sensorIDs: sensorId,
        fromDate: from,
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
      api.get<TableDataResponse>('/client/data2', {
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
    queryFn: () =>
      api.get<ProbeAnalysisResponse>('/admin/getSensorStats', { BS_ID: bsId, probeID: sensorId }),
  });
}
