import type { FastifyBaseLogger } from 'fastify';

export interface BatchWriterOptions {
  /** How often what is held in memory is written. */
  flushMs?: number;
  /** Items held in memory at most: beyond, while the store cannot take them, new ones are counted and dropped. */
  maxPending?: number;
}

/**
 * Holds items in memory and writes them in one go once a second (decision 0095, as the stations'
 * call log does, decision 0090): recording costs the caller an array push, never a store round trip.
 * A crash loses at most the last second; a stop writes what is left. Readers flush first, so a view
 * shows what happened a moment ago on this instance.
 */
export class BatchWriter<T> {
  private pending: T[] = [];
  private dropped = 0;
  private timer: NodeJS.Timeout | undefined;
  /** Flushes run one after another. */
  private queue: Promise<void> = Promise.resolve();
  private readonly flushMs: number;
  private readonly maxPending: number;

  constructor(
    private readonly what: string,
    private readonly write: (items: T[]) => Promise<void>,
    private readonly log: () => Pick<FastifyBaseLogger, 'warn' | 'error'>,
    opts: BatchWriterOptions = {},
  ) {
    this.flushMs = opts.flushMs ?? 1000;
    this.maxPending = opts.maxPending ?? 20_000;
  }

  push(item: T): void {
    if (this.pending.length >= this.maxPending) {
      this.dropped++;
      return;
    }
    this.pending.push(item);
  }

  flush(): Promise<void> {
    const done = this.queue.then(() => this.writePending());
    this.queue = done.catch(() => undefined);
    return done;
  }

  start(): void {
    this.timer = setInterval(() => {
      this.flush().catch((err: unknown) => this.log().error({ err }, `${this.what}: write failed`));
    }, this.flushMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.flush().catch((err: unknown) =>
      this.log().error({ err, lost: this.pending.length }, `${this.what}: last entries not written`),
    );
  }

  private async writePending(): Promise<void> {
    if (this.dropped > 0) {
      this.log().warn({ dropped: this.dropped }, `${this.what}: entries dropped while the store lagged`);
      this.dropped = 0;
    }
    const batch = this.pending;
    if (batch.length === 0) return;
    this.pending = [];
    try {
      await this.write(batch);
    } catch (err) {
      // Kept for the next turn, as many as memory holds: the newest.
      this.pending = batch.concat(this.pending).slice(-this.maxPending);
      throw err;
    }
  }
}
