import { useQueryClient } from '@tanstack/react-query';
import type { SensorConfiguration } from '@emberwatch/shared/contracts/baseStations';
import { queryKeys } from '../../lib/queryKeys';
import { useBsConfs } from '../base-stations';

/** A probe as the settings list shows it, with the station whose configuration holds it. */
export interface SettingsProbe extends SensorConfiguration {
  bsId: string;
}

/** The configuration of every station of the selected tab (the probe list's cached queries). */
export function useStationProbes(bsIds: readonly string[]) {
  const confs = useBsConfs(bsIds);
  const probes: SettingsProbe[] = confs.flatMap((q, i) =>
    (q.data?.sensor_configurations ?? []).map((c) => ({ ...c, bsId: bsIds[i] ?? c.realBs })),
  );
  return {
    probes,
    isLoading: confs.some((q) => q.isPending && !q.error),
    error: confs.find((q) => q.error)?.error ?? null,
    refetch: () => confs.forEach((q) => void q.refetch()),
  };
}

/** After probes changed on the server: the stations' configuration, readings and the station list reload. */
export function useReloadStations() {
  const queryClient = useQueryClient();
  return (bsIds: readonly string[]) =>
    Promise.all([
      ...bsIds.flatMap((id) => [
        queryClient.invalidateQueries({ queryKey: queryKeys.bsConf(id) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.data(id) }),
      ]),
      queryClient.invalidateQueries({ queryKey: queryKeys.basestations }),
    ]);
}

/** Probe ids grouped by the station whose configuration holds them (one server call per station). */
export function byStation(probes: readonly SettingsProbe[], ids: ReadonlySet<string>): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const p of probes) {
    if (!ids.has(p.sensor_id_sys)) continue;
    out.set(p.bsId, [...(out.get(p.bsId) ?? []), p.sensor_id_sys]);
  }
  return out;
}
