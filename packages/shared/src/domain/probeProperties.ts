import { FIRMWARE_MEASUREMENT_INTERVAL, FIRMWARE_RECEIVING_TIME } from '../contracts/probeConfig.js';
import { mayChange } from './changeRights.js';

/**
 * A station's firmware string compared as a number ("3.2" ≥ 3). Only the leading number counts
 * ("3.2.1" reads as 3.2); a missing or unreadable version supports nothing.
 */
export function firmwareAtLeast(firmware: string | null | undefined, min: number): boolean {
  const m = /^\s*v?(\d+(?:\.\d+)?)/i.exec(firmware ?? '');
  return m !== null && Number(m[1]) >= min;
}

export interface ProbePropertyContext {
  isAdmin: boolean;
  isMaster: boolean;
  isGrandMaster: boolean;
  isSubUser: boolean;
  /** Aux probes (spec doc 2 §3 "Aux probe") cannot be renamed. */
  isAux: boolean;
  /** Firmware of the probe's base station. */
  firmware: string | null | undefined;
}

export interface ProbePropertyPermissions {
  rename: boolean;
  correction: boolean;
  measurementInterval: boolean;
  receivingTime: boolean;
}

/**
 * What the Properties tab may change (spec doc 2 §4 "Probe properties"): masters cannot rename and aux
 * probes cannot be renamed; corrections are for the owner, admins and grand masters, not for a
 * sub-user or a read-only master (changeRights.ts); an admin who is not a master edits the
 * measurement interval from firmware 2 and the receiving time from firmware 3.
 */
export function probePropertyPermissions(c: ProbePropertyContext): ProbePropertyPermissions {
  const staff = c.isAdmin && !c.isMaster;
  const who = { admin: c.isAdmin, master: c.isMaster, grandMaster: c.isGrandMaster, subUser: c.isSubUser };
  return {
    rename: mayChange(who, 'renameProbe') && !c.isAux,
    correction: mayChange(who, 'correctProbe'),
    measurementInterval: staff && firmwareAtLeast(c.firmware, FIRMWARE_MEASUREMENT_INTERVAL),
    receivingTime: staff && firmwareAtLeast(c.firmware, FIRMWARE_RECEIVING_TIME),
  };
}
