import type { Plan } from '../../contracts/users.js';

/** Spec doc 1 §9 "Trial length from the server (trialDays, default 1)". */
export const INSIGHT_TRIAL_DAYS_DEFAULT = 1;
export const INSIGHT_TRIAL_DAYS_MAX = 365;
const DAY_S = 86400;

/** Spec doc 1 §9 and doc 3 §9 "Trial values: 0 accepted, -1 refused, other means in trial". */
export type TrialState = 'accepted' | 'refused' | 'inTrial';

export function trialState(trial: number): TrialState {
  if (trial === 0) return 'accepted';
  if (trial === -1) return 'refused';
  return 'inTrial';
}

/**
 * When a trial started at `nowS` ends: trialDays later, except that "old premium plan (level 3) keeps
 * its date if later than the trial end" (spec doc 1 §9).
 */
export function insightTrialEnd(nowS: number, trialDays: number, plans: readonly Plan[]): number {
  const end = nowS + trialDays * DAY_S;
  const p = plans[0];
  if (p && p.planLevel === 3 && p.dueDate !== null && p.dueDate > end) return p.dueDate;
  return end;
}

/** Spec doc 1 §9 "Dates d.MM.yyyy in the Insight area", in the browser's (or the given) time zone. */
export function formatInsightDate(epochS: number, timeZone?: string): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: '2-digit',
    year: 'numeric',
    ...(timeZone ? { timeZone } : {}),
  }).formatToParts(new Date(epochS * 1000));
  const part = (t: string) => parts.find((x) => x.type === t)?.value ?? '';
  return `${part('day')}.${part('month')}.${part('year')}`;
}
