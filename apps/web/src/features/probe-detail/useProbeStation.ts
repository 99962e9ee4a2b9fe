import type { BsConfResponse } from '@emberwatch/shared/contracts/baseStations';
import type { SensorData } from '@emberwatch/shared/contracts/readings';
import { useBsConfs, useSelectedStation, useStationData } from '../base-stations';
import type { ProbeConfiguration } from './probeDetailTypes';

export interface ProbeStation {
  bsConf: BsConfResponse;
  conf: ProbeConfiguration;
  /** The probe's latest reading; undefined when it never reported (spec doc 2 §8 "No data yet"). */
  latest: SensorData | undefined;
}

/**
 * The station whose configuration holds the probe. A probe id in the address may belong to any of
 * the user's stations, so the selected tab's stations are asked first and the others after them;
 * the configurations are the probe list's own cached queries.
 */
export function useProbeStation(sensorId: string) {
  const { stations, groupIds } = useSelectedStation();
  const ordered = [...groupIds, ...stations.map((s) => s.bs_id).filter((id) => !groupIds.includes(id))];
  const confs = useBsConfs(ordered);
  const found = confs.find((q) =>
    q.data?.sensor_configurations.some((c) => c.sensor_id_sys === sensorId),
  )?.data;
  const bsId = found?.bs_id;
  const data = useStationData(bsId);
  const conf: ProbeConfiguration | undefined = found?.sensor_configurations.find(
    (c) => c.sensor_id_sys === sensorId,
  );
  const allAnswered = confs.every((q) => q.data || q.error);
  const error = found ? data.error : allAnswered ? (confs.find((q) => q.error)?.error ?? null) : null;
  const station: ProbeStation | null =
    found && conf && data.data
      ? { bsConf: found, conf, latest: data.data.results.find((r) => r.sensor_id === sensorId) }
      : null;
  return {
    station,
    isLoading: !station && !error && !(allAnswered && !found),
    notFound: allAnswered && !found && !error,
    error,
    refetch: () => {
      for (const q of confs) void q.refetch();
      if (bsId) void data.refetch();
    },
  };
}
