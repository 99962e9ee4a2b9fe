/**
 * Counts failures per key in memory (one server instance; a restart forgets, which only ever helps the
 * legitimate user): after `max` failures within `windowS` the key waits until the window has passed.
 */
export class AttemptLimiter {
  private readonly entries = new Map<string, { failures: number; firstTs: number }>();

  constructor(
    private readonly nowS: () => number,
    private readonly max: number,
    private readonly windowS: number,
  ) {}

  /** Seconds until the key may try again; 0 when it may now. */
  wait(key: string): number {
    const e = this.entries.get(key);
    if (!e) return 0;
    const left = e.firstTs + this.windowS - this.nowS();
    if (left <= 0) {
      this.entries.delete(key);
      return 0;
    }
    return e.failures >= this.max ? left : 0;
  }

  fail(key: string): void {
    if (this.entries.size > 10_000) this.sweep();
    const now = this.nowS();
    const e = this.entries.get(key);
    if (!e || now - e.firstTs >= this.windowS) this.entries.set(key, { failures: 1, firstTs: now });
    else e.failures += 1;
  }

  forget(key: string): void {
    this.entries.delete(key);
  }

  private sweep(): void {
    const now = this.nowS();
    for (const [k, e] of this.entries) if (now - e.firstTs >= this.windowS) this.entries.delete(k);
  }
}
