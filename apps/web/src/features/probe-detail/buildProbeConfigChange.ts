import {
  CORRECTION_MAX,
  CORRECTION_MIN,
  RECEIVING_TIME_DEFAULT,
  type SensorConfigurationChange,
} from '@emberwatch/shared/contracts/probeConfig';
import { currentCorrection } from '@emberwatch/shared/domain/applyCorrection';
import { probePropertyPermissions } from '@emberwatch/shared/domain/probeProperties';
import type { RoleContext } from '@emberwatch/shared/domain/roles';
import type { ProbeConfiguration } from './probeDetailTypes';

/** What the Properties form holds. */
export interface ProbeProperties {
  name: string;
  /** °C, −1…1 in steps of 0.1. */
  correction: number;
  /** Minutes, 0–60 (0 = the station's default). */
  measurementInterval: number;
  /** 3–10 (3 = the default). */
  receivingTime: number;
}

/** Which fields this user may change on this probe (spec doc 2 §4, §6). */
export interface PropertyRules {
  canRename: boolean;
  showCorrection: boolean;
  showMeasurementInterval: boolean;
  showReceivingTime: boolean;
}

export function initialProperties(conf: ProbeConfiguration): ProbeProperties {
  return {
    name: conf.sensor_name ?? '',
    correction: currentCorrection(conf.corrections),
    measurementInterval:
      conf.measurement_interval === null || conf.measurement_interval === undefined
        ? 0
        : Math.round(conf.measurement_interval / 60),
    receivingTime: conf.receiving_time ?? RECEIVING_TIME_DEFAULT,
  };
}

/**
 * Spec doc 2 §4: masters cannot rename, aux probes cannot be renamed; an admin who is not a
 * master edits the measurement interval from firmware 2 and the receiving time from firmware 3;
 * sub-users and read-only masters set no corrections (docs/decisions/0014-sub-user-rights.md).
 * The correction shows for admins and whenever the probe already has corrections
 * (docs/decisions/0008-probe-detail-page.md: our probe ids have no 'XN' type).
 */
export function propertyRules(
  ctx: RoleContext,
  conf: ProbeConfiguration,
  firmware: string | null,
): PropertyRules {
  const may = probePropertyPermissions({
    isAdmin: ctx.admin,
    isMaster: ctx.master,
    isGrandMaster: ctx.grandMaster,
    isSubUser: ctx.subUser,
    isAux: conf.isAux ?? false,
    firmware,
  });
  return {
    canRename: may.rename,
    showCorrection: may.correction && (ctx.admin || (conf.corrections?.length ?? 0) > 0),
    showMeasurementInterval: may.measurementInterval,
    showReceivingTime: may.receivingTime,
  };
}

/** A correction moved by steps of 0.1 and clamped to −1…1 (spec doc 2 §5). */
export function stepCorrection(value: number, steps: number): number {
  const next = Math.round(value * 10 + steps) / 10;
  return Math.min(CORRECTION_MAX, Math.max(CORRECTION_MIN, next));
}

/**
 * The change to send: only what differs from the saved configuration (spec doc 2 §4: an unchanged
 * correction is not saved), and only fields this user may change. Null when nothing changed.
 */
export function buildProbeConfigChange(
  conf: ProbeConfiguration,
  edited: ProbeProperties,
  rules: PropertyRules,
): SensorConfigurationChange | null {
  const saved = initialProperties(conf);
  const change: SensorConfigurationChange = { sensor_id_sys: conf.sensor_id_sys };
  const name = edited.name.trim();
  // Spec doc 2 §5: an empty name falls back to the probe id, so it is sent as "no name".
  if (rules.canRename && name !== saved.name.trim()) change.sensor_name = name === '' ? null : name;
  if (rules.showCorrection && Math.round(edited.correction * 10) !== Math.round(saved.correction * 10))
    change.correction = Math.round(edited.correction * 10) / 10;
  if (rules.showMeasurementInterval && edited.measurementInterval !== saved.measurementInterval)
    change.measurement_interval = edited.measurementInterval;
  if (rules.showReceivingTime && edited.receivingTime !== saved.receivingTime)
    change.receiving_time = edited.receivingTime;
  return Object.keys(change).length > 1 ? change : null;
}
