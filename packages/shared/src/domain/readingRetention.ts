/**
 * How long readings are kept, by data tier (issue 34 item 3, decision 0136), and the UTC month
 * arithmetic the monthly partitions of PostgreSQL's reading tables are cut by (decision 0135).
 *
 * The spec names "a free or limited data tier" that restricts the history (doc 2 §1, the account's
 * `limit_free_data`) but no horizon, so the product sets one:
 * - the full history (every account not on the limited tier): the current month and the 60 whole
 *   months before it — five years, enough to compare a storage's seasons and answer a claim;
 * - the limited tier: the current month and the 6 before it — one storage season, so an account that
 *   upgrades mid-season finds the whole season's history.
 * A horizon is counted in whole UTC months so that the longest one falls on a partition boundary:
 * a month past it is dropped as a table, never deleted row by row.
 */

const DAY_S = 86_400;

/** Months of full history kept before the current one (READINGS_KEEP_MONTHS). */
export const FULL_HISTORY_MONTHS = 60;
/** Months the limited data tier keeps before the current one (READINGS_LIMITED_KEEP_MONTHS). */
export const LIMITED_HISTORY_MONTHS = 6;
/**
 * The full history is never shorter than this: the year chart asks for up to 400 days back, which
 * the current month and 14 whole months before it always cover.
 */
export const MIN_FULL_HISTORY_MONTHS = 14;
/** Months past the current one whose partitions exist already (made by the partitions job). */
export const PARTITION_MONTHS_AHEAD = 3;

export type DataTier = 'full' | 'limited';

export interface RetentionHorizons {
  /** Whole months kept before the current one on the full history. */
  fullMonths: number;
  /** Whole months kept before the current one on the limited tier. */
  limitedMonths: number;
}

export const DEFAULT_HORIZONS: RetentionHorizons = {
  fullMonths: FULL_HISTORY_MONTHS,
  limitedMonths: LIMITED_HISTORY_MONTHS,
};

/** The account's tier from its `limit_free_data` flag (1: the limited tier). */
export function dataTierOf(limitFreeData: number): DataTier {
  return limitFreeData === 1 ? 'limited' : 'full';
}

/** The first second (UTC) of the month holding `ts`. */
export function monthStart(ts: number): number {
  const d = new Date(Math.floor(ts / DAY_S) * DAY_S * 1000);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1) / 1000;
}

/** The first second of the month `n` months after (before, when negative) the month holding `ts`. */
export function addMonths(ts: number, n: number): number {
  const d = new Date(monthStart(ts) * 1000);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + n, 1) / 1000;
}

/** The month as a partition's name suffix: `y2026m11`. */
export function monthLabel(ts: number): string {
  const d = new Date(monthStart(ts) * 1000);
  return `y${String(d.getUTCFullYear()).padStart(4, '0')}m${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** The earliest time still kept for `months` whole months before the current one. */
export function keptFrom(nowS: number, months: number): number {
  return addMonths(nowS, -months);
}

/** The earliest time a tier keeps: readings measured before it are past its horizon. */
export function tierKeptFrom(tier: DataTier, nowS: number, horizons: RetentionHorizons): number {
  return keptFrom(nowS, tier === 'limited' ? horizons.limitedMonths : horizons.fullMonths);
}

/** The earliest time any account keeps: a month wholly before it holds nothing anyone may keep. */
export function longestKeptFrom(nowS: number, horizons: RetentionHorizons): number {
  return keptFrom(nowS, Math.max(horizons.fullMonths, horizons.limitedMonths));
}

/**
 * Whether the partition of the month holding `month` is past every tier's horizon: all of its rows
 * were measured before the earliest time any account keeps, so it is dropped as a whole.
 */
export function monthPastRetention(month: number, nowS: number, horizons: RetentionHorizons): boolean {
  return addMonths(month, 1) <= longestKeptFrom(nowS, horizons);
}

/** The months (first seconds) whose partitions should exist: the current one and those ahead. */
export function monthsToPrepare(nowS: number, ahead = PARTITION_MONTHS_AHEAD): number[] {
  return Array.from({ length: ahead + 1 }, (_, i) => addMonths(nowS, i));
}
