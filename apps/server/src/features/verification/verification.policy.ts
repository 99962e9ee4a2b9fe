import { START_BACK_LIMIT_S } from '@emberwatch/shared/domain/verification/verificationRules';
import { invalid, refuse, type Verdict, type Who } from '../../http/access/index.js';

/**
 * Who may start, end and delete a probe's verifications (decision 0113). Reading them is for whoever
 * may see the probe (AccessService). Pure; its table is apps/server/test/policies/verification.policy.test.ts.
 *
 * - Starting and ending: the owner, its users (the farm hand places the reference probe beside the
 *   probe and takes it away), grand masters and staff; a plain master only looks; the demo visitor's
 *   account is a shared tour, whose records nobody should leave behind.
 * - Starting also needs the account's verification entitlement (the Insight service; staff always).
 * - Deleting a record: the owner, grand masters and staff — not a user (the record is the account's
 *   proof), and only once it has ended (spec doc 2 §4).
 */
function runner(who: Who): Verdict {
  if (who.staff !== null) return true;
  if (who.visitor) return refuse('The demo does not keep verifications.');
  if (who.relation === 'master' && !who.grandMaster)
    return refuse('A master account can view these stations but not change them.');
  if (who.relation === 'stranger') return refuse();
  return true;
}

export function mayRunVerification(who: Who, facts: { entitled: boolean; starting: boolean }): Verdict {
  const may = runner(who);
  if (may !== true) return may;
  if (facts.starting && !facts.entitled && who.staff === null)
    return refuse('Verification needs a valid Insight service.');
  return true;
}

export function mayDeleteVerification(who: Who, facts: { ended: boolean }): Verdict {
  const may = runner(who);
  if (may !== true) return may;
  if (who.relation === 'subUser') return refuse('Only the account owner can delete verifications.');
  if (!facts.ended) return invalid('An ongoing verification cannot be deleted: end it first.', 'itemID');
  return true;
}

/**
 * What a start must name (spec doc 2 §3, §4): the probe on the station it names, a reference probe
 * other than itself on the station it names, the reference of the same account (one of the user's
 * stations), no ongoing verification of the probe, and a start not in the future nor over 30 days back.
 */
export function startProblem(s: {
  probeStation: string;
  namedStation: string;
  refStation: string;
  namedRefStation: string;
  sameProbe: boolean;
  sameAccount: boolean;
  ongoing: boolean;
  startTs: number;
  nowS: number;
}): Verdict {
  if (s.probeStation !== s.namedStation) return invalid('The probe is not on this base station.', 'BS_ID');
  if (s.sameProbe) return invalid('The reference probe must be another probe.', 'verifixID');
  if (!s.sameAccount)
    return invalid('The reference probe must be on one of your base stations.', 'verifixID');
  if (s.refStation !== s.namedRefStation)
    return invalid('The reference probe is not on this base station.', 'verifixBS');
  if (s.ongoing) return invalid('This probe already has an ongoing verification.', 'probeID');
  if (s.startTs > s.nowS + 60) return invalid('The start cannot be in the future.', 'startDate');
  if (s.startTs < s.nowS - START_BACK_LIMIT_S)
    return invalid('The start can be at most 30 days back.', 'startDate');
  return true;
}
