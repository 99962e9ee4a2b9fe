import { useBsConfs, useSelectedStation } from '../base-stations';

export interface ReferenceStation {
  bsId: string;
  name: string;
  probes: { id: string; label: string }[];
}

/**
 * The probes a reference may be picked from, grouped by station: every probe of the account's
 * stations except the verified one (the server takes a reference on any of them, decision 0113). The
 * account is the verified probe's station owner, so a user of several accounts sees only its stations.
 * The verified probe's own station comes first, where the reference usually stands.
 */
export function useReferenceProbes(bsId: string, sensorId: string): ReferenceStation[] {
  const { stations } = useSelectedStation();
  const owner = stations.find((s) => s.bs_id === bsId)?.owner_UID;
  const mine = stations
    .filter((s) => s.bs_id === bsId || (owner !== undefined && s.owner_UID === owner))
    .sort((a, b) => (a.bs_id === bsId ? -1 : b.bs_id === bsId ? 1 : 0));
  const confs = useBsConfs(mine.map((s) => s.bs_id));
  return mine.flatMap((s, i) => {
    const probes = (confs[i]?.data?.sensor_configurations ?? [])
      .filter((p) => p.sensor_id_sys !== sensorId)
      .map((p) => ({
        id: p.sensor_id_sys,
        label: p.sensor_name?.trim() ? `${p.sensor_name} (${p.sensor_id_sys})` : p.sensor_id_sys,
      }));
    return probes.length === 0 ? [] : [{ bsId: s.bs_id, name: s.display_name?.trim() || s.bs_id, probes }];
  });
}
