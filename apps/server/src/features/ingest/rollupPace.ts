export interface RollupPaceOptions {
  /** Under load, the roll-ups are written at most this often (decision 0062). */
  rollupIntervalMs?: number;
  /**
   * While fewer new readings than this were committed within the last interval (this commit's
   * included), a commit writes the roll-ups at once: a quiet farm's, or one station's backlog, are
   * never late. Under load, many more arrive within a second.
   */
  immediateBelow?: number;
  nowMs?: () => number;
}

/**
 * When a writer that defers its roll-ups writes them (decisions 0062 and 0064): at once while the
 * farm is quiet, at most once an interval under load. The same rule for SQLite and PostgreSQL.
 */
export class RollupPace {
  readonly intervalMs: number;
  private readonly immediateBelow: number;
  readonly nowMs: () => number;
  /** New readings of the commits within the last interval: [end ms, readings] per commit. */
  private recent: [number, number][] = [];
  private lastWrittenMs = Number.NEGATIVE_INFINITY;

  constructor(options: RollupPaceOptions = {}) {
    this.intervalMs = options.rollupIntervalMs ?? 1_000;
    this.immediateBelow = options.immediateBelow ?? 5_000;
    this.nowMs = options.nowMs ?? Date.now;
  }

  /** Milliseconds until owed roll-ups are due (0: now). */
  dueInMs(): number {
    return Math.max(0, this.lastWrittenMs + this.intervalMs - this.nowMs());
  }

  /**
   * Whether a transaction that committed `fresh` new readings at `now` writes the roll-ups: when
   * forced, while few readings arrived within the interval, or once the interval has passed.
   */
  writesNow(now: number, fresh: number, force: boolean): boolean {
    return (
      force ||
      this.recentReadings(now, fresh) < this.immediateBelow ||
      now - this.lastWrittenMs >= this.intervalMs
    );
  }

  /** The roll-ups were written (or tried) at `now`: the next time under load is an interval later. */
  wrote(now: number): void {
    this.lastWrittenMs = now;
  }

  /** New readings committed within the last interval, counting `fresh` now. */
  private recentReadings(now: number, fresh: number): number {
    const recent = this.recent;
    let drop = 0;
    while (drop < recent.length && (recent[drop] as [number, number])[0] <= now - this.intervalMs) drop++;
    if (drop > 0) recent.splice(0, drop);
    if (fresh > 0) recent.push([now, fresh]);
    let sum = 0;
    for (const [, n] of recent) sum += n;
    return sum;
  }
}
