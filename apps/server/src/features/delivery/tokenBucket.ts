/** A provider's rate limit: `perSecond` sends a second on average, at most `burst` at once. */
export interface RateLimit {
  perSecond: number;
  burst: number;
}

/** A bucket's state: the tokens it held at `atMs` (fractions count: they refill continuously). */
export interface BucketState {
  tokens: number;
  atMs: number;
}

/** A full bucket at `nowMs`: a provider that has not been called for a while takes a burst at once. */
export const fullBucket = (limit: RateLimit, nowMs: number): BucketState => ({
  tokens: limit.burst,
  atMs: nowMs,
});

/** The bucket at `nowMs`: refilled by the time passed, never above its burst. */
function refilled(state: BucketState, limit: RateLimit, nowMs: number): BucketState {
  const elapsedMs = Math.max(0, nowMs - state.atMs);
  return {
    tokens: Math.min(limit.burst, state.tokens + (elapsedMs * limit.perSecond) / 1000),
    atMs: Math.max(state.atMs, nowMs),
  };
}

/**
 * Takes up to `wanted` whole tokens (decision 0069): `granted` sends may start now; when none could be
 * granted, `waitMs` says when the next token is there. Pure: the caller keeps the state.
 */
export function takeTokens(
  state: BucketState,
  limit: RateLimit,
  nowMs: number,
  wanted: number,
): { granted: number; waitMs: number; state: BucketState } {
  const now = refilled(state, limit, nowMs);
  const granted = Math.max(0, Math.min(Math.floor(wanted), Math.floor(now.tokens)));
  const left = now.tokens - granted;
  const waitMs = granted > 0 || wanted <= 0 ? 0 : Math.ceil(((1 - left) * 1000) / limit.perSecond);
  return { granted, waitMs, state: { tokens: left, atMs: now.atMs } };
}

/** Gives back tokens taken but not used (fewer messages were due than were granted). */
export function returnTokens(state: BucketState, limit: RateLimit, unused: number): BucketState {
  return { tokens: Math.min(limit.burst, state.tokens + Math.max(0, unused)), atMs: state.atMs };
}
