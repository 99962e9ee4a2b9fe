/**
 * The public API's per-key rate limit (decision 0111): a token bucket, pure. A key holds up to
 * `burst` calls and earns `perMinute` a minute back; a call with no token left is refused with the
 * seconds until the next one (the 429's Retry-After). Time comes in, state goes out: no clock here.
 */
export interface RateLimit {
  burst: number;
  perMinute: number;
}

export interface Bucket {
  tokens: number;
  atMs: number;
}

export type Take =
  { allowed: true; bucket: Bucket } | { allowed: false; bucket: Bucket; retryAfterS: number };

export function takeToken(bucket: Bucket | undefined, nowMs: number, limit: RateLimit): Take {
  const perMs = limit.perMinute / 60_000;
  const elapsed = bucket ? Math.max(0, nowMs - bucket.atMs) : 0;
  const tokens = bucket ? Math.min(limit.burst, bucket.tokens + elapsed * perMs) : limit.burst;
  if (tokens >= 1) return { allowed: true, bucket: { tokens: tokens - 1, atMs: nowMs } };
  const retryAfterS = Math.max(1, Math.ceil((1 - tokens) / perMs / 1000));
  return { allowed: false, bucket: { tokens, atMs: nowMs }, retryAfterS };
}

/** The buckets of every key, in memory (one server: the limit is per instance, see decision 0111). */
export class KeyRateLimiter {
  private readonly buckets = new Map<string, Bucket>();
  constructor(
    private readonly limit: RateLimit,
    private readonly nowMs: () => number,
  ) {}

  /** 0 when the call may go; else the seconds to wait. */
  take(keyId: string): number {
    const result = takeToken(this.buckets.get(keyId), this.nowMs(), this.limit);
    this.buckets.set(keyId, result.bucket);
    // A full bucket is what a missing one means: forget it, so the map holds only recent callers.
    if (result.allowed && result.bucket.tokens >= this.limit.burst - 1 && this.buckets.size > 10_000)
      this.buckets.delete(keyId);
    return result.allowed ? 0 : result.retryAfterS;
  }
}
