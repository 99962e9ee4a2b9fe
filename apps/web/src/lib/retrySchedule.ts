import { isApiRequestError } from './ApiRequestError';

/**
 * When a failed call is tried again (issue 35 item 4, decision 0140). Pure: the caller passes the
 * random number, so the schedule is table-tested.
 *
 * Exponential back-off with "equal jitter": the n-th wait is BASE · 2^(n−1), capped at CAP, of which
 * the first half is fixed and the second half random. The fixed half keeps the waits growing; the
 * random half spreads the phones of a farm that lost the network together, so they do not all come
 * back in the same second. A server that says how long to wait (Retry-After on a 429 or 503) is
 * obeyed, up to RETRY_AFTER_MAX_MS; a longer wait is not waited for on a screen, the call fails.
 */
export const RETRY_BASE_MS = 1_000;
export const RETRY_CAP_MS = 15_000;
/** Tries of a read in all, the first included: about 1 + 2 + 4 + 8 s of waiting before an error shows. */
export const READ_MAX_TRIES = 5;
export const RETRY_AFTER_MAX_MS = 30_000;

/** What went wrong, as far as retrying is concerned. */
export type Failure =
  { kind: 'network' } | { kind: 'http'; status: number; retryAfterS: number | null } | { kind: 'other' };

export function failureOf(error: unknown): Failure {
  if (!isApiRequestError(error)) return { kind: 'other' };
  if (error.kind === 'network') return { kind: 'network' };
  return { kind: 'http', status: error.httpStatus, retryAfterS: error.retryAfterS };
}

/**
 * Whether trying again can help: no answer at all, a server error (5xx) or "too many requests" (429).
 * Any other 4xx is the server's considered answer and will not change; a program error (not an API
 * failure) will not either.
 */
export function isTransient(f: Failure): boolean {
  if (f.kind === 'network') return true;
  if (f.kind === 'http') return f.status >= 500 || f.status === 429;
  return false;
}

/** The wait before try `failures + 1`, after `failures` (≥ 1) failed tries, ignoring Retry-After. */
export function backoffMs(failures: number, random: number): number {
  const exponential = Math.min(RETRY_CAP_MS, RETRY_BASE_MS * 2 ** Math.max(0, failures - 1));
  const r = Math.min(1, Math.max(0, random));
  return Math.round(exponential / 2 + (exponential / 2) * r);
}

/**
 * The wait before the next try after `failures` failed tries, or null when there is to be no next
 * try: the failure is not transient, `maxTries` are spent, or the server asked for a longer wait
 * than a screen should hang on.
 */
export function nextRetryMs(
  failures: number,
  failure: Failure,
  random: number,
  maxTries: number = READ_MAX_TRIES,
): number | null {
  if (!isTransient(failure) || failures >= maxTries) return null;
  if (failure.kind === 'http' && failure.retryAfterS !== null) {
    const asked = failure.retryAfterS * 1000;
    return asked > RETRY_AFTER_MAX_MS ? null : asked;
  }
  return backoffMs(failures, random);
}
