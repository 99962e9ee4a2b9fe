import { describe, expect, it } from 'vitest';
import { takeToken, type Bucket } from '../src/features/public-api/rateLimiter.js';
import { decodeCursor, encodeCursor, toUnit } from '../src/features/public-api/measurementPage.js';

/** Decision 0111: each key's token bucket, as a table of calls in time. */
describe('the per-key rate limiter', () => {
  const LIMIT = { burst: 3, perMinute: 60 };
  /** Calls at these times (ms): allowed, or the Retry-After seconds. */
  it.each([
    ['a burst is allowed', [0, 0, 0], [0, 0, 0]],
    ['one more waits a second', [0, 0, 0, 0], [0, 0, 0, 1]],
    ['a second later one more goes', [0, 0, 0, 1000], [0, 0, 0, 0]],
    ['half a second is not enough', [0, 0, 0, 500], [0, 0, 0, 1]],
    ['refused calls do not earn tokens', [0, 0, 0, 0, 0, 999], [0, 0, 0, 1, 1, 1]],
    [
      'a long pause refills to the burst only',
      [0, 0, 0, 600_000, 600_000, 600_000, 600_000],
      [0, 0, 0, 0, 0, 0, 1],
    ],
    ['a clock going back earns nothing', [1000, 1000, 1000, 0], [0, 0, 0, 1]],
  ])('%s', (_name, times, expected) => {
    let bucket: Bucket | undefined;
    const got = times.map((t) => {
      const r = takeToken(bucket, t, LIMIT);
      bucket = r.bucket;
      return r.allowed ? 0 : r.retryAfterS;
    });
    expect(got).toEqual(expected);
  });

  it('says how long a slow limit waits', () => {
    const slow = { burst: 1, perMinute: 2 };
    const first = takeToken(undefined, 0, slow);
    const second = takeToken(first.bucket, 0, slow);
    expect(second.allowed ? 0 : second.retryAfterS).toBe(30);
  });
});

describe('the measurements cursor and units', () => {
  it.each([0, 1, 1_700_000_000])('round-trips %s', (ts) => {
    expect(decodeCursor(encodeCursor(ts))).toBe(ts);
  });
  it.each([
    '',
    'bm9wZQ',
    Buffer.from('m1.-5').toString('base64url'),
    Buffer.from('m1.x').toString('base64url'),
  ])('refuses %j', (text) => expect(decodeCursor(text)).toBeNull());
  it.each([
    [0, 'C', 0],
    [215, 'C', 21.5],
    [0, 'F', 32],
    [1000, 'F', 212],
    [-400, 'F', -40],
    [215, 'F', 70.7],
  ] as const)('%s tenths in °%s is %s', (tenths, unit, value) => {
    expect(toUnit(tenths, unit)).toBe(value);
  });
});
