import { useMemo } from 'react';
import { TIMESTAMP_REFRESH_MS } from '@emberwatch/shared/domain/probeList';
import { isStale, readingAgeSeconds } from '@emberwatch/shared/domain/readingAge';
import type { DiagnosticReading } from '@emberwatch/shared/domain/storageLayout/probeDiagnostic';
import { useBsConf, useStationData } from '../base-stations';
import { useNowSeconds } from '../../lib/useNowSeconds';

/** What a layout cell shows of one probe: its name and its latest depths (null when none recent). */
export interface StorageProbeInfo {
  id: string;
  name: string | null;
  /** Tenths of °C, handle first; null without a reading, or when the latest is stale (doc 2 §4 n/a). */
  temperatures: readonly number[] | null;
  /** The latest reading's signal, battery and time, however old (the admin modes 5–8 show old ones faded). */
  reading: DiagnosticReading | null;
  /** A monitor's alert on the probe is current (the station data's `alert`). */
  alert: boolean;
}

/**
 * The names and latest readings of the storage's station, as one lookup by probe id. The readings
 * are the station's shared query, so a newData push for the station recolours the layout too.
 */
export function useStorageProbeInfo(bsId: string) {
  const conf = useBsConf(bsId);
  const data = useStationData(bsId);
  const nowS = useNowSeconds(TIMESTAMP_REFRESH_MS);
  // Keyed by the lists, which a read keeps when they did not change (TanStack Query shares them), not
  // by the answers: the readings' answer carries the server's clock, new on every read, and a new
  // lookup draws the whole layout again (as right after a drawn storage is taken over, when the push
  // socket's first `ready` reads again).
  const configurations = conf.data?.sensor_configurations;
  const results = data.data?.results;
  const lookup = useMemo(() => {
    const names = new Map((configurations ?? []).map((c) => [c.sensor_id_sys, c.sensor_name] as const));
    const readings = new Map((results ?? []).map((r) => [r.sensor_id, r] as const));
    return (id: string): StorageProbeInfo => {
      const r = readings.get(id);
      const recent = r !== undefined && !isStale(readingAgeSeconds(r.meas_ts, nowS));
      return {
        id,
        name: names.get(id) ?? null,
        temperatures: recent ? r.temperatures : null,
        reading:
          r === undefined
            ? null
            : {
                meas_ts: r.meas_ts,
                sensor_RSSI: r.sensor_RSSI,
                bs_RSSI: r.bs_RSSI,
                batt_voltage: r.batt_voltage,
              },
        alert: r?.alert ?? false,
      };
    };
  }, [configurations, results, nowS]);
  return {
    lookup,
    nowS,
    isLoading: conf.isLoading || data.isLoading,
    error: conf.error ?? data.error,
    refetch: () => {
      void conf.refetch();
      void data.refetch();
    },
  };
}
