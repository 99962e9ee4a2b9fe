import type { QualityPeriod } from '@emberwatch/shared/contracts/storages';

/**
 * The quality period as the picker holds it (spec doc 3 §4 "The period is unset, set or ongoing (to =
 * today)"): unset is the last 30 days; ongoing runs from a day to now; set is a closed range of days.
 * Times are epoch seconds at UTC midnight; a set period ends at the end of its last day.
 */
export type QualityPeriodChoice =
  { state: 'unset' } | { state: 'ongoing'; from: number } | { state: 'set'; from: number; to: number };

const DAY_S = 86_400;

/** The storage's saved period as a choice: none is unset, no end is ongoing. */
export function choiceOfStoredPeriod(period: QualityPeriod | null): QualityPeriodChoice {
  if (period === null) return { state: 'unset' };
  if (period.to === null) return { state: 'ongoing', from: period.from };
  return { state: 'set', from: period.from, to: period.to };
}

/** 'YYYY-MM-DD' of the UTC day holding `ts` (the date inputs' value). */
export function dayInputOf(ts: number): string {
  return new Date(ts * 1000).toISOString().slice(0, 10);
}

/** The UTC midnight of a 'YYYY-MM-DD' date input; null when empty or not a date. */
export function dayStartOf(value: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const ms = Date.parse(`${value}T00:00:00Z`);
  return Number.isNaN(ms) ? null : ms / 1000;
}

/** The end of a set period whose last day is `value`: the next midnight. */
export function dayEndOf(value: string): number | null {
  const start = dayStartOf(value);
  return start === null ? null : start + DAY_S;
}

/** The choice for a new state, keeping what the old one had (a start for ongoing, both for set). */
export function switchState(
  choice: QualityPeriodChoice,
  state: QualityPeriodChoice['state'],
  nowS: number,
): QualityPeriodChoice {
  const today = Math.floor(nowS / DAY_S) * DAY_S;
  const from = choice.state === 'unset' ? today - 30 * DAY_S : choice.from;
  if (state === 'unset') return { state };
  if (state === 'ongoing') return { state, from };
  return { state, from, to: choice.state === 'set' ? choice.to : today + DAY_S };
}

/** The choice as a storage saves it (Storage.qualityPeriod): unset is none, ongoing has no end. */
export function storedPeriodOf(choice: QualityPeriodChoice): QualityPeriod | null {
  if (choice.state === 'unset') return null;
  return { from: choice.from, to: choice.state === 'ongoing' ? null : choice.to };
}
