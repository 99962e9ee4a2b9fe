import type { Plan } from '@emberwatch/shared/contracts/users';
import {
  mayChangeBatches,
  mayUseBatches,
  type BatchChange,
} from '@emberwatch/shared/domain/batches/batchRights';
import { refuse, type Verdict, type Who } from '../../http/access/index.js';

/**
 * Who may see and change which batches (spec doc 3 §6 "Batches: for compost supervisors or admins,
 * not for Gari or hay-app users"; decision 0049). Pure; its table is
 * apps/server/test/policies/batches.policy.test.ts. A caller sees the batches on the stations it may
 * see whose account is a compost supervisor's (any station's for staff); a partner-app user sees none.
 */

const NOT_FOR_YOU = 'Batches are for compost supervisors.';
const NO_BATCH = 'You do not have access to this batch.';

/** Why a change is refused, per role. */
const REFUSALS: Record<BatchChange, string> = {
  editBatch: 'Only the account owner and its users can change batches.',
  recordTurning: 'Only the account owner and its users can record turnings.',
  archiveBatch: 'Only the account owner can archive batches.',
  editBatchDefaults: 'Only the account owner can change the batch defaults.',
};

/** The stations whose batches a call may touch, each with its owner (the account the batch belongs to). */
export interface BatchScope {
  stations: Map<string, { ownerId: number; name: string | null }>;
}

/** A partner-app user (Gari, the hay app) has no batches, whichever account it names. */
export function mayOpenBatches(who: Who, caller: { partnerApp: string | null }): Verdict {
  return who.staff === null && caller.partnerApp !== null ? refuse(NOT_FOR_YOU) : true;
}

/** Whether the batches of an account's stations are in the caller's scope: a compost supervisor's, or staff. */
export function batchesOfAccountVisible(
  who: Who,
  account: { partnerApp: 'gari' | 'haytech' | null; plans: Plan[] },
): boolean {
  const staff = who.staff !== null;
  return mayUseBatches({ admin: staff, partnerApp: staff ? null : account.partnerApp, plans: account.plans });
}

/**
 * The scope as found: `stations` in it, whether the call `named` an account, how many stations the
 * caller `saw` there, and (asked only when nothing was named or seen) the caller's own account. An
 * account of someone else's that is no compost supervisor's is refused, not an empty list; so is a
 * caller whose own account is none, even before it has a station.
 */
export function mayUseBatchScope(
  who: Who,
  s: { stations: number; named: boolean; seen: number; ownAccount?: { plans: Plan[] } | undefined },
): Verdict {
  if (who.staff !== null || s.stations > 0) return true;
  if (s.named || s.seen > 0) return refuse(NOT_FOR_YOU);
  return s.ownAccount && mayUseBatches({ admin: false, partnerApp: null, plans: s.ownAccount.plans })
    ? true
    : refuse(NOT_FOR_YOU);
}

/** A batch on a station of the scope; one that does not exist gets the same answer. */
export function mayTouchBatch(scope: BatchScope, batch: { bs_id: string } | undefined): Verdict {
  return batch && scope.stations.has(batch.bs_id) ? true : refuse(NO_BATCH);
}

/** A station of the scope, or refused (403, the station message) like any other call. */
export function mayUseStation(scope: BatchScope, bsId: string): Verdict {
  return scope.stations.has(bsId) ? true : refuse();
}

/** Masters who are not grand masters only look; a sub-user runs batches, the owner decides the rest. */
export function mayChangeBatch(who: Who, change: BatchChange): Verdict {
  const rights = {
    admin: who.staff !== null,
    master: who.master,
    grandMaster: who.grandMaster,
    subUser: who.subUser,
  };
  if (mayChangeBatches(rights, change)) return true;
  if (who.master) return refuse('A master account can view these batches but not change them.');
  return refuse(REFUSALS[change]);
}
