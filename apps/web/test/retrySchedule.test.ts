import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../src/lib/ApiRequestError';
import {
  backoffMs,
  failureOf,
  isTransient,
  nextRetryMs,
  READ_MAX_TRIES,
  type Failure,
} from '../src/lib/retrySchedule';

// Issue 35 item 4, decision 0140: when a failed call is tried again.
describe('the back-off schedule', () => {
  it.each([
    // failures, random, wait: half fixed, half jitter, doubling from 1 s, capped at 15 s
    [1, 0, 500],
    [1, 0.5, 750],
    [1, 1, 1_000],
    [2, 0, 1_000],
    [2, 1, 2_000],
    [3, 0.5, 3_000],
    [4, 1, 8_000],
    [5, 0, 7_500],
    [5, 1, 15_000],
    [9, 1, 15_000],
    [40, 0, 7_500],
    // a random number outside [0, 1] is held to it
    [1, -3, 500],
    [1, 7, 1_000],
  ])('after %i failures with random %f waits %i ms', (failures, random, wait) => {
    expect(backoffMs(failures, random)).toBe(wait);
  });

  const network: Failure = { kind: 'network' };
  const http = (status: number, retryAfterS: number | null = null): Failure => ({
    kind: 'http',
    status,
    retryAfterS,
  });

  it.each([
    ['no answer', network, true],
    ['500', http(500), true],
    ['502', http(502), true],
    ['503', http(503), true],
    ['429', http(429), true],
    ['400', http(400), false],
    ['401', http(401), false],
    ['403', http(403), false],
    ['404', http(404), false],
    ['409', http(409), false],
    ['a program error', { kind: 'other' as const }, false],
  ])('%s is transient: %s', (_what, failure, transient) => {
    expect(isTransient(failure)).toBe(transient);
  });

  it.each([
    ['the first network failure', 1, network, 500],
    ['the fourth network failure', 4, network, 4_000],
    ['the last try spent', READ_MAX_TRIES, network, null],
    ['a 404', 1, http(404), null],
    ['a 503 asking for 3 s', 1, http(503, 3), 3_000],
    ['a 429 asking for 0 s', 2, http(429, 0), 0],
    ['a 429 asking for 30 s', 1, http(429, 30), 30_000],
    ['a 429 asking for 31 s (longer than a screen waits)', 1, http(429, 31), null],
    ['a 429 asking for 3 s when the tries are spent', READ_MAX_TRIES, http(429, 3), null],
    ['a 400 with Retry-After', 1, http(400, 1), null],
  ])('after %s the next try waits %s ms', (_what, failures, failure, wait) => {
    expect(nextRetryMs(failures, failure, 0)).toBe(wait);
  });

  it('tries a queued save for as long as asked', () => {
    expect(nextRetryMs(1_000, network, 1, Number.POSITIVE_INFINITY)).toBe(15_000);
  });

  it('reads the failure off the API client’s error', () => {
    expect(failureOf(new ApiRequestError('network', 0, 0, null))).toEqual(network);
    expect(failureOf(new ApiRequestError('http', 429, 429, 'slow down', 7))).toEqual(http(429, 7));
    expect(failureOf(new TypeError('x'))).toEqual({ kind: 'other' });
  });
});
