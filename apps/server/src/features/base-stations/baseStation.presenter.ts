import type {
  BasestationSummary,
  BsConfResponse,
  BsListEntry,
  SensorConfiguration,
} from '@emberwatch/shared/contracts/baseStations';
import type { ProbeCorrection } from '@emberwatch/shared/contracts/probeCorrection';
import { sortCorrections } from '@emberwatch/shared/domain/applyCorrection';
import { baseStationTypeLabel } from '@emberwatch/shared/domain/baseStationTypeLabel';
import { type ProbeKind, stationProbeKind } from '@emberwatch/shared/domain/stationProbeKind';
import type { BaseStationRow, ProbeRow } from './baseStation.repository.js';
import type { StationSettings } from '@emberwatch/shared/contracts/baseStations';

export function presentBsListEntry(bs: BaseStationRow): BsListEntry {
  return { bsId: bs.id, bsName: bs.display_name, bsGroup: bs.bs_group };
}

/** A station in the station list; `kinds` counts its probes of each kind. */
export function presentSummary(
  bs: BaseStationRow,
  groupSize: number,
  kinds: ReadonlyMap<ProbeKind, number>,
): BasestationSummary {
  let probeCount = 0;
  for (const n of kinds.values()) probeCount += n;
  return {
    bs_id: bs.id,
    display_name: bs.display_name,
    bsGroup: bs.bs_group,
    groupSize,
    owner_UID: bs.owner_user_id,
    timezone: bs.timezone,
    bs_type: bs.bs_type,
    typeLabel: baseStationTypeLabel(bs.bs_type, bs.version),
    last_data_ts: bs.last_data_ts,
    probeCount,
    probeKind: stationProbeKind(kinds),
  };
}

function presentProbe(p: ProbeRow): SensorConfiguration {
  const kind = p.kind === 'hay' || p.kind === 'grain' || p.kind === 'compost' ? p.kind : 'other';
  return {
    sensor_id_sys: p.sensor_id,
    sensor_id_bs: p.sensor_id,
    sensor_name: p.sensor_name,
    realBs: p.real_bs ?? p.bs_id,
    disabled: p.disabled === 1,
    depths: p.depths,
    kind,
    storage_location: p.storage_location,
    column: p.col,
    corrections: p.corrections ? sortCorrections(JSON.parse(p.corrections) as ProbeCorrection[]) : [],
    measurement_interval: p.measurement_interval,
    receiving_time: p.receiving_time,
  };
}

export function presentBsConf(
  bs: BaseStationRow,
  probes: ProbeRow[],
  settings: StationSettings,
): BsConfResponse {
  const configurations = probes.map(presentProbe);
  const groups: Record<string, string[]> = {};
  for (const p of probes) {
    if (!p.storage_location) continue;
    (groups[p.storage_location] ??= []).push(p.sensor_id);
  }
  return {
    status_code: 0,
    bs_id: bs.id,
    bs_BS_ID: bs.id,
    bsGroup: bs.bs_group,
    display_name: bs.display_name,
    timezone: bs.timezone,
    bs_type: bs.bs_type,
    bast_ver: bs.version,
    firmware_ver: bs.firmware,
    typeLabel: baseStationTypeLabel(bs.bs_type, bs.version),
    activation_date: bs.activation_ts,
    last_boot_ts: bs.last_boot_ts,
    last_conf_ts: bs.last_conf_ts,
    last_data_ts: bs.last_data_ts,
    sim_exp_date: bs.sim_exp_ts,
    // The station's own settings (spec doc 2 §3 "Base station conf"; saved by POST bsConf).
    ...settings,
    sensor_configurations: configurations,
    disabled_sensors: configurations.filter((c) => c.disabled).map((c) => c.sensor_id_sys),
    conf_data: { bsGroup: bs.bs_group, sensor_groups: groups, timezone: bs.timezone },
  };
}
