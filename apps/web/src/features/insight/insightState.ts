import type { Plan, Service } from '@emberwatch/shared/contracts/users';

/**
 * What the shell passes to /insight (spec doc 1 §2 "state is passed via navigation; without it the
 * user goes to /"): the plan, the service and what the screens show of the user.
 */
export interface InsightNavState {
  plans: Plan[];
  service: Service | null;
  /** The account's id (an admin's calls name it). */
  uid: number;
  country: string | null;
  /** The first base station's id (the subscription-expired screen shows it). */
  bsId: string | null;
  /** Sub-users and masters see the answers and change nothing (decisions 0014, 0036). */
  readOnly?: boolean;
}

/** The state "/" gets after the survey (spec doc 1 §4 "returns to / marked survey completed"). */
export interface SurveyCompletedState {
  surveyCompleted: true;
}

export function isInsightNavState(s: unknown): s is InsightNavState {
  return typeof s === 'object' && s !== null && 'plans' in s && 'service' in s && 'uid' in s;
}

export function surveyCompletedIn(state: unknown): boolean {
  return (
    typeof state === 'object' &&
    state !== null &&
    (state as { surveyCompleted?: unknown }).surveyCompleted === true
  );
}

/** Where support is reached from the subscription-expired screen (a mailto link, spec doc 1 §2). */
export const INSIGHT_SUPPORT_EMAIL = 'support@emberwatch.app';
