import {
  FIRMWARE_MEASUREMENT_INTERVAL,
  FIRMWARE_RECEIVING_TIME,
} from '@emberwatch/shared/contracts/probeConfig';
import { probePropertyPermissions } from '@emberwatch/shared/domain/probeProperties';
import { invalid, refuse, type Verdict, type Who } from '../../http/access/index.js';

/**
 * Who may change which of a probe's settings, and move probes (spec doc 2 §4, §6; decision 0014).
 * Pure; its table is apps/server/test/policies/probes.policy.test.ts. Whether a role may rename or
 * correct at all is the shared change rule (mayChange, asked first through AccessService); this adds
 * what depends on the probe and its station: aux probes keep their names, and the radio timing
 * (measurement interval, receiving time) is staff's — not a master's, even a staff master's — and
 * needs the station's firmware.
 */
export type ProbeProperty = 'rename' | 'measurementInterval' | 'receivingTime';

const FIRMWARE: Record<
  Exclude<ProbeProperty, 'rename'>,
  { version: number; field: string; refusal: string; name: string }
> = {
  measurementInterval: {
    version: FIRMWARE_MEASUREMENT_INTERVAL,
    field: 'measurement_interval',
    refusal: 'Only admins may change the measurement interval.',
    name: 'measurement interval',
  },
  receivingTime: {
    version: FIRMWARE_RECEIVING_TIME,
    field: 'receiving_time',
    refusal: 'Only admins may change the receiving time.',
    name: 'receiving time',
  },
};

export function mayChangeProbeProperty(
  who: Who,
  property: ProbeProperty,
  probe: { aux: boolean; firmware: string | null },
): Verdict {
  if (property === 'rename') return probe.aux ? refuse('Aux probes cannot be renamed.') : true;
  const may = probePropertyPermissions({
    isAdmin: who.staff !== null,
    isMaster: who.master,
    isGrandMaster: who.grandMaster,
    isSubUser: who.subUser,
    isAux: probe.aux,
    firmware: probe.firmware,
  });
  const f = FIRMWARE[property];
  if (who.staff === null || who.master) return refuse(f.refusal);
  if (!may[property])
    return invalid(
      `The ${f.name} needs base-station firmware ${f.version} or later (this one has ${probe.firmware ?? 'none'}).`,
      f.field,
    );
  return true;
}

/** Staff move probes to any activated station; everyone else only between stations of one account. */
export function transfersAnywhere(who: Who): boolean {
  return who.staff !== null;
}

/**
 * Between stations of one account the caller may see (spec doc 2 §6: an ordinary user needs more
 * than one station), so probes never change hands between customers without staff.
 */
export function mayTransferBetween(s: { stationsOfAccount: number; sameAccount: boolean }): Verdict {
  if (s.stationsOfAccount < 2) return refuse('Transferring probes needs more than one base station.');
  if (!s.sameAccount) return refuse('Probes can only be transferred between stations of the same account.');
  return true;
}
