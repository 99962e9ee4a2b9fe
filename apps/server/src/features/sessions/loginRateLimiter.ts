/**
 * Failed-login throttling per account and per client address, in memory (one server instance; a
 * restart forgets, which only ever helps a legitimate user). Successful logins clear the account count.
 */
export interface RateLimitRule {
  max: number;
  windowS: number;
}

export const ACCOUNT_RULE: RateLimitRule = { max: 5, windowS: 15 * 60 };
export const ADDRESS_RULE: RateLimitRule = { max: 20, windowS: 15 * 60 };
const SWEEP_AT = 50_000;

export class LoginRateLimiter {
  private readonly failures = new Map<string, number[]>();
  private sweepAt = SWEEP_AT;

  constructor(
    private readonly nowS: () => number,
    private readonly accountRule = ACCOUNT_RULE,
    private readonly addressRule = ADDRESS_RULE,
  ) {}

  /** Seconds until the caller may try again, or 0 when allowed. */
  retryAfter(username: string, address: string): number {
    return Math.max(
      this.wait(`u:${username.toLowerCase()}`, this.accountRule),
      this.wait(`a:${address}`, this.addressRule),
    );
  }

  recordFailure(username: string, address: string): void {
    this.push(`u:${username.toLowerCase()}`, this.accountRule);
    this.push(`a:${address}`, this.addressRule);
  }

  /** A login that succeeded: the account starts afresh and the address gets its attempt back. */
  recordSuccess(username: string, address: string): void {
    this.failures.delete(`u:${username.toLowerCase()}`);
    const list = this.failures.get(`a:${address}`);
    list?.pop();
    if (list?.length === 0) this.failures.delete(`a:${address}`);
  }

  private recent(key: string, rule: RateLimitRule): number[] {
    const since = this.nowS() - rule.windowS;
    const list = (this.failures.get(key) ?? []).filter((t) => t > since);
    if (list.length === 0) this.failures.delete(key);
    else this.failures.set(key, list);
    return list;
  }

  private wait(key: string, rule: RateLimitRule): number {
    const list = this.recent(key, rule);
    if (list.length < rule.max) return 0;
    const oldest = list[list.length - rule.max] ?? this.nowS();
    return Math.max(1, oldest + rule.windowS - this.nowS());
  }

  /** Forgets every key whose failures are all older than the longer window (called as the map grows). */
  private sweep(): void {
    const since = this.nowS() - Math.max(this.accountRule.windowS, this.addressRule.windowS);
    for (const [key, list] of this.failures) if (!list.some((t) => t > since)) this.failures.delete(key);
  }

  private push(key: string, rule: RateLimitRule): void {
    // Usernames that are tried once and never again would otherwise stay in memory for good.
    // The next sweep waits until the map has doubled, so a flood costs amortised constant time.
    if (this.failures.size >= this.sweepAt) {
      this.sweep();
      this.sweepAt = Math.max(SWEEP_AT, this.failures.size * 2);
    }
    const list = this.recent(key, rule);
    list.push(this.nowS());
    this.failures.set(key, list);
  }
}
