import { mayOfferMerge } from '../stationAdmin/stationButtons.js';

/**
 * Merging one customer account into another (spec doc 2 §4 "Account merge and BS replacement are
 * one-way operations with confirmation", §6 "Merge account shown only for non-Gari/Haytech users whose
 * base station id starts with F", "Merge enabled only with a destination account that has a username",
 * §8 "Merge: 1 'Cannot merge account. User not found.'; 2 server error text shown; other shows status
 * and error text"; issue 31 item 4; decision 0101). Pure: the server refuses with it, the web app words
 * the answer with it.
 */

/** Status 1: the target (or the source) is no customer account the operator can name. */
export const MERGE_USER_NOT_FOUND = 'Cannot merge account. User not found.';

/** Status 2's texts: the server's reason, shown as it is (spec doc 2 §8). */
export const MERGE_REFUSALS = {
  noUsername: 'The target account is incomplete (no username)',
  same: 'Cannot merge an account into itself.',
  notOffered: 'Merge account is only for accounts (not Gari or Haytech) whose base station id starts with F.',
  targetPartner: 'Cannot merge into a Gari or Haytech account.',
  notCustomer: 'Only customer accounts (not staff, not sub-users) can be merged.',
  changed: 'The accounts changed since the check. Check again.',
} as const;
export type MergeRefusal = keyof typeof MERGE_REFUSALS;

/** The account as the rules see it. */
export interface MergeParty {
  uid: number;
  username: string;
  partnerApp: string | null;
  /** Staff (admin) or a sub-user: not an account of its own to merge. */
  staffOrSubUser: boolean;
}

export interface MergeFacts {
  /** The station the operator opened the merge from (the source account's). */
  bsId: string;
  source: MergeParty;
  /** null: nobody has that station id or username. */
  target: MergeParty | null;
}

export type MergeVerdict = { status: 0 } | { status: 1 } | { status: 2; refusal: MergeRefusal };

/**
 * Checked in this order: the source may be merged at all (the button's rule), the target exists, is
 * another customer account, not a partner app's, and has a username.
 */
export function mergeVerdict(f: MergeFacts): MergeVerdict {
  if (f.source.staffOrSubUser) return { status: 2, refusal: 'notCustomer' };
  if (!mayOfferMerge({ partnerApp: f.source.partnerApp, bsId: f.bsId }))
    return { status: 2, refusal: 'notOffered' };
  if (!f.target) return { status: 1 };
  if (f.target.uid === f.source.uid) return { status: 2, refusal: 'same' };
  if (f.target.staffOrSubUser) return { status: 2, refusal: 'notCustomer' };
  if (f.target.partnerApp !== null) return { status: 2, refusal: 'targetPartner' };
  if (f.target.username.trim() === '') return { status: 2, refusal: 'noUsername' };
  return { status: 0 };
}

/** The text of a refusal by status: 1 the spec's, 2 the server's reason, other "status N: text". */
export function mergeErrorText(status: number, error: string): string {
  if (status === 1) return MERGE_USER_NOT_FOUND;
  if (status === 2) return error;
  return `Error in account merge with status ${status}: ${error}`;
}

/** The HTTP status of each merge status: not found, or a conflict with the accounts as they are. */
export const MERGE_HTTP = { 1: 404, 2: 409 } as const;

/**
 * The numbers a moved monitor takes in the target account, whose monitors are keyed by (account,
 * itemID): a source monitor keeps its number when the target has none such, otherwise it takes the
 * next free number above every number of both accounts, the clashing ones in ascending order. The
 * same accounts always give the same numbers (deterministic), and no two monitors share one.
 */
export function renumberMonitors(
  targetIds: readonly number[],
  sourceIds: readonly number[],
): Map<number, number> {
  const taken = new Set(targetIds);
  let next = Math.max(0, ...targetIds, ...sourceIds);
  const map = new Map<number, number>();
  for (const id of [...sourceIds].sort((a, b) => a - b)) {
    if (!taken.has(id)) map.set(id, id);
    else map.set(id, ++next);
  }
  return map;
}

/** What a merge moves, as the check counts it and the merge reports it (decision 0101). */
export const MERGE_COUNTS = [
  'stations',
  'probes',
  'storages',
  'monitors',
  'alerts',
  'batches',
  'readings',
  'history',
  'sites',
  'controllers',
  'notifications',
  'subUsers',
] as const;
export type MergeCount = (typeof MERGE_COUNTS)[number];
export type MergeCounts = Record<MergeCount, number>;
