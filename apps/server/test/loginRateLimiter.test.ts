import { describe, expect, it } from 'vitest';
import { LoginRateLimiter } from '../src/features/sessions/loginRateLimiter.js';

describe('the login rate limiter', () => {
  it('blocks the sixth failure of an account within 15 minutes and lets it try again after', () => {
    let now = 1_000_000;
    const limiter = new LoginRateLimiter(() => now);
    for (let i = 0; i < 5; i++) {
      expect(limiter.retryAfter('Farmer', `10.0.0.${i}`)).toBe(0);
      limiter.recordFailure('farmer', `10.0.0.${i}`);
    }
    expect(limiter.retryAfter('FARMER', '10.9.9.9')).toBe(15 * 60);
    now += 15 * 60 + 1;
    expect(limiter.retryAfter('farmer', '10.9.9.9')).toBe(0);
  });

  it('gives a successful login its attempt back', () => {
    const limiter = new LoginRateLimiter(() => 1_000_000);
    for (let i = 0; i < 19; i++) limiter.recordFailure(`user${i}`, '10.1.1.1');
    limiter.recordFailure('owner', '10.1.1.1');
    limiter.recordSuccess('owner', '10.1.1.1');
    expect(limiter.retryAfter('someone', '10.1.1.1')).toBe(0);
  });

  it('forgets old failures once many usernames were tried, so memory stays bounded', () => {
    let now = 1_000_000;
    const limiter = new LoginRateLimiter(() => now);
    const failures = (limiter as unknown as { failures: Map<string, number[]> }).failures;
    const flood = (prefix: string, n: number) => {
      for (let i = 0; i < n; i++) limiter.recordFailure(`${prefix}${i}`, `${prefix}-${i}`);
    };
    flood('old', 30_000);
    now += 16 * 60;
    flood('new', 30_000);
    // The old keys (all outside every window) were swept when the map grew; the new ones stay.
    expect(failures.has('u:old0')).toBe(false);
    expect(failures.has('u:new29999')).toBe(true);
    expect(failures.size).toBeLessThanOrEqual(60_000);
  });
});
