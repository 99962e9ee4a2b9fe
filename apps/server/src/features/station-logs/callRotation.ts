/**
 * How the call log rotates (decision 0090): it must stay bounded whoever calls, including ids nobody
 * registered (anyone can send those). Three rules, applied in this order by the prune job:
 *
 * 1. a call older than `maxAgeS` goes;
 * 2. of the rest, a station keeps its newest `perStation` calls (a station in a boot loop cannot push
 *    out the others' history);
 * 3. of the rest, the newest `total` calls are kept (a flood of invented ids stays bounded).
 *
 * "Newest" is the latest time, then the latest id (arrival order). The repository's prune does the
 * same in SQL; `survivingCalls` is the rule itself, held to it by the tests.
 */
export interface RotationLimits {
  maxAgeS: number;
  perStation: number;
  total: number;
}

/** A week: the traffic chart's furthest offset and the /bslog page's spans fit inside it. */
export const CALL_LOG_LIMITS: RotationLimits = {
  maxAgeS: 7 * 86_400,
  // A station calls every few minutes: a week of one calling every two minutes.
  perStation: 5_000,
  total: 1_000_000,
};

export interface RotatedCall {
  id: number;
  bsId: string;
  ts: number;
}

/** Newest first: later time, then later id. */
export function newestFirst(a: RotatedCall, b: RotatedCall): number {
  return b.ts - a.ts || b.id - a.id;
}

/** The calls the rotation keeps at `nowS`, newest first. */
export function survivingCalls(
  calls: readonly RotatedCall[],
  nowS: number,
  limits: RotationLimits,
): RotatedCall[] {
  const oldest = nowS - limits.maxAgeS;
  const perStation = new Map<string, number>();
  const kept: RotatedCall[] = [];
  for (const c of [...calls].sort(newestFirst)) {
    if (c.ts < oldest) continue;
    const n = perStation.get(c.bsId) ?? 0;
    if (n >= limits.perStation) continue;
    perStation.set(c.bsId, n + 1);
    kept.push(c);
  }
  return kept.slice(0, limits.total);
}
