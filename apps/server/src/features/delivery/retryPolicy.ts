/** Delivery attempts before a message is given up as failed (≈ 11 h of back-off in all). */
export const MAX_ATTEMPTS = 12;
export const BACKOFF_BASE_S = 15;
export const BACKOFF_MAX_S = 2 * 3600;

/**
 * When a message that failed for a passing reason is tried again (issue 12 item 1): exponential
 * back-off from 15 s (DELIVERY_RETRY_BASE_S), capped at 2 h, with "full jitter" over the upper half of each step, so that
 * messages failed together by one provider outage do not all return at the same second.
 * `attempts` counts the tries made so far (≥ 1); `random` is in [0, 1).
 */
export function nextAttemptDelayS(attempts: number, random: number, baseS = BACKOFF_BASE_S): number {
  const ceiling = Math.min(BACKOFF_MAX_S, baseS * 2 ** Math.max(0, attempts - 1));
  return Math.max(1, Math.round(ceiling / 2 + (ceiling / 2) * random));
}

export type AttemptVerdict =
  | { status: 'sent'; providerId: string | null }
  | { status: 'pending'; retryInS: number; error: string }
  | { status: 'failed'; error: string };

/** What becomes of a message after one try. */
export function verdictOf(
  outcome: { ok: true; providerId?: string } | { ok: false; permanent: boolean; error: string },
  attempts: number,
  random: number,
  baseS = BACKOFF_BASE_S,
): AttemptVerdict {
  if (outcome.ok) return { status: 'sent', providerId: outcome.providerId ?? null };
  if (outcome.permanent) return { status: 'failed', error: outcome.error };
  if (attempts >= MAX_ATTEMPTS)
    return { status: 'failed', error: `Gave up after ${attempts} attempts: ${outcome.error}` };
  return { status: 'pending', retryInS: nextAttemptDelayS(attempts, random, baseS), error: outcome.error };
}
