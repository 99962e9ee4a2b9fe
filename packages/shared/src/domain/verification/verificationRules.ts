import type { Service } from '../../contracts/users.js';

/**
 * The rules of the Verification tab (spec doc 2 §2.4, §4; docs/decisions/0113-verification-entitlement-and-rights.md).
 * Pure and shared: the server enforces them, the web shows them.
 */

/**
 * Spec doc 2 §2.4 "Verification: shown while the user's verification entitlement has not expired".
 * The verification calls belong to the Insight service (spec doc 1 §7 "Insight"), so the entitlement
 * is the account's Insight service: its trial not refused (−1) and its expiry date, if any, not passed.
 * Staff always (they support every account).
 */
export function hasVerificationEntitlement(ctx: {
  admin: boolean;
  service: Pick<Service, 'trial' | 'expDate'> | null;
  nowS: number;
}): boolean {
  if (ctx.admin) return true;
  const s = ctx.service;
  if (s === null) return false;
  return s.trial !== -1 && (s.expDate === null || s.expDate > ctx.nowS);
}

/** Spec doc 2 §3: ongoing until it has an endDate. */
export type VerificationState = 'ongoing' | 'ended';

export function verificationState(v: { endDate: number | null }): VerificationState {
  return v.endDate === null ? 'ongoing' : 'ended';
}

/**
 * Spec doc 2 §4 "Ongoing without data: the button cancels and deletes it; with data: ends it."
 * "With data" is at least one paired reading: without one there is no result to keep.
 */
export function stopOutcome(pairs: number): 'cancel' | 'end' {
  return pairs > 0 ? 'end' : 'cancel';
}

/** Spec doc 2 §4 "Only one ongoing verification at a time (new-verification disabled)", per probe. */
export function mayStartAnother(verifications: readonly { endDate: number | null }[]): boolean {
  return verifications.every((v) => v.endDate !== null);
}

/** Spec doc 2 §4 "Delete is allowed only for ended ones." */
export function mayDeleteVerificationIn(state: VerificationState): boolean {
  return state === 'ended';
}

/** Spec doc 2 §9 "Verification report name: probeID_verification_report_date" (date as yyyy-MM-dd). */
export function verificationReportName(probeId: string, dateS: number): string {
  const d = new Date(dateS * 1000).toISOString().slice(0, 10);
  return `${probeId}_verification_report_${d}.pdf`;
}

/** How far back a verification may start: readings already stored side by side still count. */
export const START_BACK_LIMIT_S = 30 * 86_400;
