/**
 * Failed-login throttling, in memory (one server instance; a restart forgets, which only ever helps
 * a legitimate user). There is no lockout of an account: that would let anyone who knows a login
 * shut its owner out. Instead (OWASP, docs/decisions/0010-login-throttling.md):
 *
 * - Each (account, address) pair has a few free failures, then waits twice as long after every
 *   further one, up to a few minutes: a guesser is slowed to a crawl, the owner's own address only
 *   slowed, and the owner elsewhere not at all.
 * - Each address has a bucket of failures across all accounts (against spraying one password over
 *   many logins), refilled steadily; an empty bucket waits for the next refill, never longer.
 * - Each account has a generous bucket across all addresses (against a botnet). While it is empty,
 *   an address that has already failed on the account waits the longest delay between tries; an
 *   address that has not is still checked, so the owner's right password from a fresh place works.
 *
 * Every wait is the server's: until it has passed, login answers 429 with Retry-After and does not
 * check the password.
 */
export interface LoginThrottleRules {
  /** Failures of one (account, address) pair before it has to wait. */
  pairFree: number;
  /** The longest wait between tries of one pair, in seconds. */
  maxDelayS: number;
  /** A pair without a failure for this long starts afresh. */
  pairForgetS: number;
  /** Failures one address may make at once, across accounts… */
  addressBurst: number;
  /** …and the seconds after which one of them is forgiven. */
  addressRefillS: number;
  /** Failures one account may see at once, across addresses, before it counts as under attack… */
  accountBurst: number;
  /** …and the seconds after which one of them is forgiven. */
  accountRefillS: number;
}

export const LOGIN_THROTTLE: LoginThrottleRules = {
  pairFree: 3,
  maxDelayS: 5 * 60,
  pairForgetS: 3600,
  addressBurst: 20,
  addressRefillS: 60,
  accountBurst: 100,
  accountRefillS: 36,
};

/** Seconds a pair waits after its n-th failure: 0 while free, then 2, 4, 8 … up to the maximum. */
export function pairDelayS(failures: number, rules: LoginThrottleRules = LOGIN_THROTTLE): number {
  if (failures < rules.pairFree) return 0;
  return Math.min(rules.maxDelayS, 2 ** (failures - rules.pairFree + 1));
}

interface Pair {
  kind: 'pair';
  failures: number;
  lastTs: number;
}

/** Failures outstanding at `ts`; one is forgiven every refill period. */
interface Bucket {
  kind: 'bucket';
  level: number;
  ts: number;
}

const SWEEP_AT = 50_000;

export class LoginRateLimiter {
  private readonly entries = new Map<string, Pair | Bucket>();
  private sweepAt = SWEEP_AT;

  constructor(
    private readonly nowS: () => number,
    private readonly rules: LoginThrottleRules = LOGIN_THROTTLE,
  ) {}

  /** Whole seconds until this address may try this account again, or 0 when it may now. */
  retryAfter(username: string, address: string): number {
    const r = this.rules;
    const now = this.nowS();
    const pair = this.pair(username, address);
    let wait = 0;
    if (pair) {
      wait = pair.lastTs + pairDelayS(pair.failures, r) - now;
      // An account under attack: an address that has failed on it tries once per longest delay.
      if (this.level(accountKey(username), r.accountRefillS) + 1 > r.accountBurst)
        wait = Math.max(wait, pair.lastTs + r.maxDelayS - now);
    }
    const spray = this.level(addressKey(address), r.addressRefillS) + 1 - r.addressBurst;
    if (spray > 0) wait = Math.max(wait, spray * r.addressRefillS);
    return wait > 0 ? Math.ceil(wait) : 0;
  }

  recordFailure(username: string, address: string): void {
    // Usernames that are tried once and never again would otherwise stay in memory for good.
    // The next sweep waits until the map has doubled, so a flood costs amortised constant time.
    if (this.entries.size >= this.sweepAt) {
      this.sweep();
      this.sweepAt = Math.max(SWEEP_AT, this.entries.size * 2);
    }
    const now = this.nowS();
    const pair = this.pair(username, address);
    this.entries.set(pairKey(username, address), {
      kind: 'pair',
      failures: (pair?.failures ?? 0) + 1,
      lastTs: now,
    });
    this.add(accountKey(username), this.rules.accountRefillS, 1);
    this.add(addressKey(address), this.rules.addressRefillS, 1);
  }

  /**
   * A login that succeeded, after its attempt was counted as a failure: the pair starts afresh,
   * and the account and the address get that one attempt back.
   */
  recordSuccess(username: string, address: string): void {
    this.entries.delete(pairKey(username, address));
    this.add(accountKey(username), this.rules.accountRefillS, -1);
    this.add(addressKey(address), this.rules.addressRefillS, -1);
  }

  private pair(username: string, address: string): Pair | undefined {
    const key = pairKey(username, address);
    const e = this.entries.get(key);
    if (e?.kind !== 'pair') return undefined;
    if (this.nowS() - e.lastTs >= this.rules.pairForgetS) {
      this.entries.delete(key);
      return undefined;
    }
    return e;
  }

  private level(key: string, refillS: number): number {
    const e = this.entries.get(key);
    if (e?.kind !== 'bucket') return 0;
    return Math.max(0, e.level - (this.nowS() - e.ts) / refillS);
  }

  private add(key: string, refillS: number, delta: number): void {
    const level = Math.max(0, this.level(key, refillS) + delta);
    if (level === 0) this.entries.delete(key);
    else this.entries.set(key, { kind: 'bucket', level, ts: this.nowS() });
  }

  /** Forgets every pair past its forget time and every bucket that has drained. */
  private sweep(): void {
    const now = this.nowS();
    const r = this.rules;
    for (const [key, e] of this.entries) {
      const done =
        e.kind === 'pair'
          ? now - e.lastTs >= r.pairForgetS
          : e.level - (now - e.ts) / (key.startsWith('u:') ? r.accountRefillS : r.addressRefillS) <= 0;
      if (done) this.entries.delete(key);
    }
  }
}

// Case variants of one login share one count.
const accountKey = (username: string) => `u:${username.toLowerCase()}`;
const addressKey = (address: string) => `a:${address}`;
const pairKey = (username: string, address: string) => `p:${address} ${username.toLowerCase()}`;
