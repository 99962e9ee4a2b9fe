import { useMemo } from 'react';
import { useBsConf, useSelectedStation } from '../base-stations';

/** A station's name as the tab strip shows it: its display name, else its id. */
export function useStationName(): (bsId: string) => string {
  const { stations } = useSelectedStation();
  return useMemo(() => {
    const names = new Map(stations.map((s) => [s.bs_id, s.display_name ?? s.bs_id]));
    return (bsId: string) => names.get(bsId) ?? bsId;
  }, [stations]);
}

/** The probes of a station with their names (its configuration), for pickers and labels. */
export function useStationProbeNames(bsId: string | undefined) {
  const conf = useBsConf(bsId);
  return useMemo(() => {
    const probes = (conf.data?.sensor_configurations ?? []).map((p) => ({
      id: p.sensor_id_sys,
      name: p.sensor_name,
    }));
    const names = new Map(probes.map((p) => [p.id, p.name]));
    /** "Name (id)" for a named probe, the id otherwise. */
    const label = (id: string) => {
      const name = names.get(id);
      return name ? `${name} (${id})` : id;
    };
    return { probes, label, loading: conf.isPending && bsId !== undefined };
  }, [conf.data, conf.isPending, bsId]);
}
