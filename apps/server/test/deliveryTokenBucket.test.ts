import { describe, expect, it } from 'vitest';
import {
  fullBucket,
  returnTokens,
  takeTokens,
  type BucketState,
  type RateLimit,
} from '../src/features/delivery/tokenBucket.js';

const TEN_A_SECOND: RateLimit = { perSecond: 10, burst: 10 };
const ONE_A_SECOND: RateLimit = { perSecond: 1, burst: 1 };

describe('the token bucket that paces a provider', () => {
  it.each<{
    what: string;
    limit: RateLimit;
    state: BucketState;
    nowMs: number;
    wanted: number;
    granted: number;
    waitMs: number;
    tokensLeft: number;
  }>([
    {
      what: 'a full bucket grants a burst at once',
      limit: TEN_A_SECOND,
      state: { tokens: 10, atMs: 0 },
      nowMs: 0,
      wanted: 4,
      granted: 4,
      waitMs: 0,
      tokensLeft: 6,
    },
    {
      what: 'never more than it holds',
      limit: TEN_A_SECOND,
      state: { tokens: 3, atMs: 0 },
      nowMs: 0,
      wanted: 8,
      granted: 3,
      waitMs: 0,
      tokensLeft: 0,
    },
    {
      what: 'an empty bucket grants nothing and says when the next token comes',
      limit: TEN_A_SECOND,
      state: { tokens: 0, atMs: 0 },
      nowMs: 0,
      wanted: 1,
      granted: 0,
      waitMs: 100,
      tokensLeft: 0,
    },
    {
      what: 'part of a token counts towards the wait',
      limit: TEN_A_SECOND,
      state: { tokens: 0, atMs: 0 },
      nowMs: 60,
      wanted: 2,
      granted: 0,
      waitMs: 40,
      tokensLeft: 0.6,
    },
    {
      what: 'time refills it at the rate',
      limit: TEN_A_SECOND,
      state: { tokens: 0, atMs: 1000 },
      nowMs: 1350,
      wanted: 5,
      granted: 3,
      waitMs: 0,
      tokensLeft: 0.5,
    },
    {
      what: 'a long pause fills it to its burst, no more',
      limit: TEN_A_SECOND,
      state: { tokens: 2, atMs: 0 },
      nowMs: 60_000,
      wanted: 50,
      granted: 10,
      waitMs: 0,
      tokensLeft: 0,
    },
    {
      what: 'one call a second: the second waits a second',
      limit: ONE_A_SECOND,
      state: { tokens: 0, atMs: 5000 },
      nowMs: 5000,
      wanted: 1,
      granted: 0,
      waitMs: 1000,
      tokensLeft: 0,
    },
    {
      what: 'a clock that goes back refills nothing',
      limit: TEN_A_SECOND,
      state: { tokens: 1, atMs: 2000 },
      nowMs: 1000,
      wanted: 3,
      granted: 1,
      waitMs: 0,
      tokensLeft: 0,
    },
    {
      what: 'wanting nothing takes nothing and waits for nothing',
      limit: TEN_A_SECOND,
      state: { tokens: 0, atMs: 0 },
      nowMs: 0,
      wanted: 0,
      granted: 0,
      waitMs: 0,
      tokensLeft: 0,
    },
  ])('$what', ({ limit, state, nowMs, wanted, granted, waitMs, tokensLeft }) => {
    const r = takeTokens(state, limit, nowMs, wanted);
    expect(r.granted).toBe(granted);
    expect(r.waitMs).toBe(waitMs);
    expect(r.state.tokens).toBeCloseTo(tokensLeft, 9);
  });

  it('paces a backlog at the rate after the first burst', () => {
    // 25 sends wanted at once, 10 a second with bursts of 10: 10 now, then one every 100 ms.
    let state = fullBucket(TEN_A_SECOND, 0);
    let now = 0;
    const startedAt: number[] = [];
    while (startedAt.length < 25) {
      const r = takeTokens(state, TEN_A_SECOND, now, 25 - startedAt.length);
      state = r.state;
      for (let i = 0; i < r.granted; i++) startedAt.push(now);
      now += r.granted > 0 ? 0 : r.waitMs;
    }
    expect(startedAt.slice(0, 10)).toEqual(Array(10).fill(0));
    expect(startedAt.slice(10)).toEqual(Array.from({ length: 15 }, (_, i) => (i + 1) * 100));
  });

  it('takes back tokens not used, up to its burst', () => {
    expect(returnTokens({ tokens: 2, atMs: 7 }, TEN_A_SECOND, 3)).toEqual({ tokens: 5, atMs: 7 });
    expect(returnTokens({ tokens: 9, atMs: 7 }, TEN_A_SECOND, 3)).toEqual({ tokens: 10, atMs: 7 });
    expect(returnTokens({ tokens: 4, atMs: 7 }, TEN_A_SECOND, -2)).toEqual({ tokens: 4, atMs: 7 });
  });
});
