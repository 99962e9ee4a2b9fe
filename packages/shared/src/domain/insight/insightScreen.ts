import type { Plan, Service } from '../../contracts/users.js';

/**
 * Spec doc 1 §4 "Insight screen decision, checked in order: expired (not an old-hay user and no
 * service, or a non-Australian user whose next payment date has passed); old-hay user or new user
 * sees the welcome page; a service user without a completed survey sees the survey; otherwise
 * nothing." Who is "old-hay" and "new" the spec does not say (docs/decisions/0051):
 * - old-hay: no service, and a paid first plan of level 2 (hay) or 3 (old premium);
 * - new: no service, and no plan or the Free plan (nothing paid yet).
 * "Not an old-hay user and no service" is then read as "neither of them and no service".
 */
export type InsightScreen = 'expired' | 'welcome' | 'survey' | 'none';

export interface InsightScreenInput {
  plans: readonly Plan[];
  service: Service | null;
  /** ISO 3166 country of the account, null when unknown. */
  country: string | null;
  nowS: number;
}

export function isOldHayUser(i: Pick<InsightScreenInput, 'plans' | 'service'>): boolean {
  const p = i.plans[0];
  return (
    i.service === null && p !== undefined && p.planName !== 'Free' && (p.planLevel === 2 || p.planLevel === 3)
  );
}

export function isNewInsightUser(i: Pick<InsightScreenInput, 'plans' | 'service'>): boolean {
  const p = i.plans[0];
  return i.service === null && (p === undefined || p.planName === 'Free');
}

export function insightScreen(i: InsightScreenInput): InsightScreen {
  const oldHay = isOldHayUser(i);
  const fresh = isNewInsightUser(i);
  const next = i.service?.nextPayment?.date ?? null;
  const expired =
    (i.service === null && !oldHay && !fresh) ||
    (i.service !== null && i.country?.toUpperCase() !== 'AU' && next !== null && next < i.nowS);
  if (expired) return 'expired';
  if (oldHay || fresh) return 'welcome';
  if (i.service !== null && !i.service.surveyCompleted) return 'survey';
  return 'none';
}

/**
 * Spec doc 1 §2 "The shell redirects to /insight after 500 ms for non-admin users without a service
 * whose plan level is below 4, unless the navigation state says the survey was completed." Masters,
 * sub-users and partner-app users are left alone: the Insight terms are the account owner's to
 * accept (docs/decisions/0051); a user without any plan has no plan level.
 */
export const INSIGHT_REDIRECT_DELAY_MS = 500;

export function redirectsToInsight(i: {
  admin: boolean;
  master: boolean;
  subUser: boolean;
  partnerApp: string | null;
  plans: readonly Plan[];
  service: Service | null;
  surveyCompletedState: boolean;
}): boolean {
  const p = i.plans[0];
  return (
    !i.admin &&
    !i.master &&
    !i.subUser &&
    i.partnerApp === null &&
    i.service === null &&
    p !== undefined &&
    p.planLevel < 4 &&
    !i.surveyCompletedState
  );
}
