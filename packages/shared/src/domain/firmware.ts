import { FIRMWARE_MEASUREMENT_INTERVAL, FIRMWARE_RECEIVING_TIME } from '../contracts/probeConfig.js';
import { firmwareAtLeast } from './probeProperties.js';

/**
 * Firmware updates (OTA) of base stations: the rules both sides keep (issue 30 item 4, decision 0093).
 * A revision is the station's firmware string as it reports it in its packets ("3.2", "3.4.1").
 */

/** A revision an operator may add: numbers joined by dots, like the stations report ("3.4", "3.4.1"). */
export const FIRMWARE_REV_PATTERN = /^\d{1,3}(\.\d{1,4}){0,3}$/;
/** The largest image the server keeps (the stations' flash holds less). */
export const MAX_FIRMWARE_IMAGE_BYTES = 4 * 1024 * 1024;
/** A station fetches an image in chunks of at most this many bytes (base64 in a JSON answer). */
export const MAX_FIRMWARE_CHUNK_BYTES = 64 * 1024;
/** The OTA log of a station shows this many entries, newest first. */
export const OTA_LOG_LIMIT = 50;

export type OtaAssignRefusal = 'noRevision' | 'sameAsCurrent' | 'pending' | 'stale';

/**
 * Whether an operator may assign `chosen` to a station (spec doc 2 §5: "OTA assign disabled when no
 * revision chosen, the chosen equals current, or one is pending"), plus the server's own check that
 * the current revision the operator saw (`seenCurrent`, the call's old_rev) is still the station's:
 * a station that updated itself meanwhile is not sent an update chosen against the old one. The web
 * asks it without `seenCurrent` (what it shows is current); null when the assignment may go.
 */
export function otaAssignRefusal(s: {
  chosen: string | null | undefined;
  current: string | null;
  pending: string | null;
  seenCurrent?: string | null;
}): OtaAssignRefusal | null {
  if (!s.chosen) return 'noRevision';
  if (s.pending !== null) return 'pending';
  if (s.chosen === s.current) return 'sameAsCurrent';
  if (s.seenCurrent !== undefined && (s.seenCurrent ?? null) !== s.current) return 'stale';
  return null;
}

/** The refusal texts of the server (409). */
export const OTA_REFUSALS: Record<OtaAssignRefusal, string> = {
  noRevision: 'Choose a firmware revision.',
  sameAsCurrent: 'The station already runs this revision.',
  pending: 'An update is already pending for this station; cancel it first.',
  stale: 'The station’s revision has changed since it was read; reload and choose again.',
};

/** Spec doc 2 §9 "Firmware thresholds 1.1 and 3". */
export const FIRMWARE_STATION_INTERVALS = 1.1;
export const FIRMWARE_USER_INTERVALS = 3;

/**
 * The interval settings a firmware allows (spec doc 2 §6 "Interval settings depend on firmware (at
 * least 1.1; below 3; at least 3) and userBSIntervals", §4, §9; our reading in decision 0093):
 * - below 1.1: the station sends on its fixed built-in schedule, nothing is set;
 * - from 1.1 below 3: the station's sending intervals follow the server's standard table (the
 *   station takes them with its configuration);
 * - from 3: the intervals may be the account's own (userBSIntervals), and probes take a receiving time;
 * - from 2: a probe's measurement interval may be set (spec doc 2 §4, probeProperties.ts).
 */
export interface FirmwareIntervals {
  /** 'fixed' below 1.1, 'standard' from 1.1 below 3, 'user' from 3. */
  stationIntervals: 'fixed' | 'standard' | 'user';
  probeMeasurementInterval: boolean;
  probeReceivingTime: boolean;
}

export function firmwareIntervals(firmware: string | null | undefined): FirmwareIntervals {
  return {
    stationIntervals: firmwareAtLeast(firmware, FIRMWARE_USER_INTERVALS)
      ? 'user'
      : firmwareAtLeast(firmware, FIRMWARE_STATION_INTERVALS)
        ? 'standard'
        : 'fixed',
    probeMeasurementInterval: firmwareAtLeast(firmware, FIRMWARE_MEASUREMENT_INTERVAL),
    probeReceivingTime: firmwareAtLeast(firmware, FIRMWARE_RECEIVING_TIME),
  };
}
