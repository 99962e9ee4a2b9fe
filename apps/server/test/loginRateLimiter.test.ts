import { describe, expect, it } from 'vitest';
import { LOGIN_THROTTLE, LoginRateLimiter, pairDelayS } from '../src/features/sessions/loginRateLimiter.js';

function clock(start = 1_000_000) {
  const c = { now: start, nowS: () => c.now };
  return c;
}

/** Fails `n` logins of one user from one address, each as soon as the limiter allows it. */
function failAsAllowed(
  limiter: LoginRateLimiter,
  c: { now: number },
  user: string,
  address: string,
  n: number,
) {
  for (let i = 0; i < n; i++) {
    c.now += limiter.retryAfter(user, address);
    limiter.recordFailure(user, address);
  }
}

describe('the login rate limiter', () => {
  it.each([
    [0, 0],
    [2, 0],
    [3, 2],
    [4, 4],
    [5, 8],
    [10, 256],
    [11, 300],
    [50, 300],
  ])('makes a pair wait after %i failures %i s', (failures, delay) => {
    expect(pairDelayS(failures)).toBe(delay);
  });

  it('slows one address guessing one account progressively, and never shuts it out', () => {
    const c = clock();
    const limiter = new LoginRateLimiter(c.nowS);
    for (let i = 0; i < 3; i++) {
      expect(limiter.retryAfter('Farmer', '10.0.0.1')).toBe(0);
      limiter.recordFailure('farmer', '10.0.0.1');
    }
    expect(limiter.retryAfter('FARMER', '10.0.0.1')).toBe(2);
    c.now += 2;
    expect(limiter.retryAfter('farmer', '10.0.0.1')).toBe(0);
    limiter.recordFailure('farmer', '10.0.0.1');
    expect(limiter.retryAfter('farmer', '10.0.0.1')).toBe(4);
    failAsAllowed(limiter, c, 'farmer', '10.0.0.1', 20);
    // The wait stops growing at five minutes: slowed, not locked.
    expect(limiter.retryAfter('farmer', '10.0.0.1')).toBe(LOGIN_THROTTLE.maxDelayS);
    c.now += LOGIN_THROTTLE.maxDelayS;
    expect(limiter.retryAfter('farmer', '10.0.0.1')).toBe(0);
  });

  it('never makes the owner wait at another address because of an attacker’s failures', () => {
    const c = clock();
    const limiter = new LoginRateLimiter(c.nowS);
    failAsAllowed(limiter, c, 'farmer', '203.0.113.9', 30);
    expect(limiter.retryAfter('farmer', '203.0.113.9')).toBeGreaterThan(0);
    expect(limiter.retryAfter('farmer', '10.0.0.1')).toBe(0);
  });

  it('gives a pair a fresh start after a success, and after an hour without failures', () => {
    const c = clock();
    const limiter = new LoginRateLimiter(c.nowS);
    failAsAllowed(limiter, c, 'farmer', '10.0.0.1', 6);
    limiter.recordSuccess('farmer', '10.0.0.1');
    expect(limiter.retryAfter('farmer', '10.0.0.1')).toBe(0);
    failAsAllowed(limiter, c, 'farmer', '10.0.0.2', 6);
    c.now += LOGIN_THROTTLE.pairForgetS;
    limiter.recordFailure('farmer', '10.0.0.2');
    expect(limiter.retryAfter('farmer', '10.0.0.2')).toBe(0);
  });

  it('slows one address spraying many accounts, by at most the refill time', () => {
    const c = clock();
    const limiter = new LoginRateLimiter(c.nowS);
    for (let i = 0; i < 20; i++) {
      expect(limiter.retryAfter(`user${i}`, '10.1.1.1')).toBe(0);
      limiter.recordFailure(`user${i}`, '10.1.1.1');
    }
    expect(limiter.retryAfter('owner', '10.1.1.1')).toBe(60);
    expect(limiter.retryAfter('owner', '10.1.1.2')).toBe(0);
    c.now += 60;
    expect(limiter.retryAfter('owner', '10.1.1.1')).toBe(0);
  });

  it('gives the address back the attempt a successful login counted', () => {
    const limiter = new LoginRateLimiter(() => 1_000_000);
    for (let i = 0; i < 19; i++) limiter.recordFailure(`user${i}`, '10.1.1.1');
    limiter.recordFailure('owner', '10.1.1.1');
    limiter.recordSuccess('owner', '10.1.1.1');
    expect(limiter.retryAfter('someone', '10.1.1.1')).toBe(0);
  });

  it('under a distributed attack: an address that failed waits the longest delay, a fresh one is checked', () => {
    const c = clock();
    const limiter = new LoginRateLimiter(c.nowS);
    for (let i = 0; i < LOGIN_THROTTLE.accountBurst; i++) limiter.recordFailure('farmer', `198.51.${i}.7`);
    // One failure per address would be free; with the account's ceiling reached it is not.
    expect(limiter.retryAfter('farmer', '198.51.0.7')).toBe(LOGIN_THROTTLE.maxDelayS);
    expect(limiter.retryAfter('farmer', '10.0.0.1')).toBe(0);
    // Other accounts are not affected.
    expect(limiter.retryAfter('neighbour', '198.51.0.7')).toBe(0);
    // The ceiling drains: once failures stop, the account is no longer under attack.
    c.now += LOGIN_THROTTLE.maxDelayS;
    expect(limiter.retryAfter('farmer', '198.51.0.7')).toBe(0);
  });

  it('forgets old failures once many usernames were tried, so memory stays bounded', () => {
    const c = clock();
    const limiter = new LoginRateLimiter(c.nowS);
    const entries = (limiter as unknown as { entries: Map<string, unknown> }).entries;
    const flood = (prefix: string, n: number) => {
      for (let i = 0; i < n; i++) limiter.recordFailure(`${prefix}${i}`, `${prefix}-${i}`);
    };
    flood('old', 10_000);
    c.now += LOGIN_THROTTLE.pairForgetS;
    flood('new', 10_000);
    // The old keys (all past their time) were swept when the map grew; the new ones stay.
    expect(entries.has('u:old0')).toBe(false);
    expect(entries.has('p:old-0 old0')).toBe(false);
    expect(entries.has('u:new9999')).toBe(true);
    expect(entries.size).toBeLessThanOrEqual(30_000);
  });
});
