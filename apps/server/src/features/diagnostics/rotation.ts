/**
 * How the diagnostics stores rotate (decision 0095, the rule of the stations' call log, decision
 * 0090): bounded whatever happens — a chatty instance, a flood of calls from one address. Applied in
 * this order by the rotation job:
 *
 * 1. a row older than `maxAgeS` goes;
 * 2. of the rest, each key (the server log: the instance; the access log: the caller's address) keeps
 *    its newest `perKey` rows, so one cannot push out the others;
 * 3. of the rest, the newest `total` are kept.
 *
 * "Newest" is the later time, then the later id. The repository's prune does the same in SQL;
 * `survivingRows` is the rule itself, held to it by the tests.
 */
export interface RotationLimits {
  maxAgeS: number;
  perKey: number;
  total: number;
}

/** A week of the servers' lines; 100,000 an instance (an info line a few seconds apart). */
export const SERVER_LOG_LIMITS: RotationLimits = { maxAgeS: 7 * 86_400, perKey: 100_000, total: 300_000 };
/** Two weeks of calls (a customer's complaint comes days later); 50,000 from one address. */
export const ACCESS_LOG_LIMITS: RotationLimits = { maxAgeS: 14 * 86_400, perKey: 50_000, total: 500_000 };
/** A station's factory test is read within weeks; a test reading older than 30 days goes. */
export const TEST_READING_MAX_AGE_S = 30 * 86_400;

export interface RotatedRow {
  id: number;
  key: string;
  ts: number;
}

export function newestFirst(a: RotatedRow, b: RotatedRow): number {
  return b.ts - a.ts || b.id - a.id;
}

/** The rows the rotation keeps at `nowS`, newest first. */
export function survivingRows(
  rows: readonly RotatedRow[],
  nowS: number,
  limits: RotationLimits,
): RotatedRow[] {
  const oldest = nowS - limits.maxAgeS;
  const perKey = new Map<string, number>();
  const kept: RotatedRow[] = [];
  for (const r of [...rows].sort(newestFirst)) {
    if (r.ts < oldest) continue;
    const n = perKey.get(r.key) ?? 0;
    if (n >= limits.perKey) continue;
    perKey.set(r.key, n + 1);
    kept.push(r);
  }
  return kept.slice(0, limits.total);
}
