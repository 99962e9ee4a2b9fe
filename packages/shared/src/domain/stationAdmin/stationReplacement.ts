/**
 * Replacing a base station (spec doc 2 §4 "BS replacement is a one-way operation with confirmation",
 * §5 "Replace BS id", §8 "Replace BS"; issue 30 item 3; decision 0094). Pure: the server decides the
 * status with it, the web app validates the new id and words the answer with it.
 */

/** Spec doc 2 §5: one capital letter then seven digits. */
export const REPLACEMENT_BS_ID = /^[A-Z]\d{7}$/;

/** Spec doc 2 §5's text for a missing or malformed id. */
export const REPLACEMENT_BS_ID_REQUIRED = 'Basestation ID is required';

export function isReplacementBsId(id: string): boolean {
  return REPLACEMENT_BS_ID.test(id);
}

/**
 * The replacement's status (spec doc 2 §8): 0 done; 1 the current station is missing (or is not the
 * account's); 2 it is merged with more than one other station; 3 the new id is in use (a station
 * already, or its kit was claimed); 4 the new id was never registered (beyond the spec: no kit makes
 * it, so no secret exists for it; the app words it as the spec's "other" status).
 */
export type ReplacementStatus = 0 | 1 | 2 | 3 | 4;

export interface ReplacementFacts {
  /** The current station exists and belongs to the account named. */
  oldIsTheAccounts: boolean;
  /** Stations in the current station's group, itself included (1 when ungrouped). */
  groupSize: number;
  /** The new id is a station already. */
  newIsStation: boolean;
  /** The new id's kit: none, open (registered, unused) or claimed. */
  newKit: 'none' | 'open' | 'claimed';
  /** Old and new are the same id. */
  sameId: boolean;
}

/** Checked in the spec's order: the current station first, then the group, then the new id. */
export function replacementStatus(f: ReplacementFacts): ReplacementStatus {
  if (!f.oldIsTheAccounts) return 1;
  // "Merged with more than 1 other BS": a pair may be replaced (the new station joins the pair).
  if (f.groupSize > 2) return 2;
  if (f.sameId || f.newIsStation || f.newKit === 'claimed') return 3;
  if (f.newKit === 'none') return 4;
  return 0;
}

/** The spec's texts by status (doc 2 §8); any other status is "Error in BS replacement with status N". */
export const REPLACEMENT_TEXTS = {
  0: 'Just reload page',
  1: 'Cannot replace BS. Missing resources for current BS.',
  2: 'Cannot replace BS merged with more than 1 other BS.',
  3: 'Cannot replace BS. The new BS ID is already in use.',
} as const;

export function replacementText(status: number): string {
  return status in REPLACEMENT_TEXTS
    ? REPLACEMENT_TEXTS[status as keyof typeof REPLACEMENT_TEXTS]
    : `Error in BS replacement with status ${status}`;
}

/** The HTTP status a refusal answers with (the spec's status rides in the envelope). */
export const REPLACEMENT_HTTP: Record<Exclude<ReplacementStatus, 0>, number> = {
  1: 404,
  2: 409,
  3: 409,
  4: 404,
};
