import type { FastifyBaseLogger } from 'fastify';

export interface Job {
  name: string;
  everyMs: number;
  /** Run once this long after the start too, instead of first waiting a whole period (catch-up jobs). */
  firstAfterMs?: number;
  run(): Promise<void>;
}

/**
 * In-process periodic jobs. A job never overlaps itself, a failure is logged and retried at its next
 * turn, and timers do not keep the process alive.
 */
export class Scheduler {
  private readonly timers: NodeJS.Timeout[] = [];

  constructor(private readonly log: FastifyBaseLogger) {}

  start(jobs: Job[]): void {
    for (const job of jobs) {
      let running = false;
      const tick = () => {
        if (running) return;
        running = true;
        job
          .run()
          .catch((err: unknown) => this.log.error({ err, job: job.name }, 'job failed'))
          .finally(() => {
            running = false;
          });
      };
      const timer = setInterval(tick, job.everyMs);
      timer.unref();
      this.timers.push(timer);
      if (job.firstAfterMs !== undefined) {
        const first = setTimeout(tick, job.firstAfterMs);
        first.unref();
        this.timers.push(first);
      }
    }
  }

  stop(): void {
    for (const t of this.timers) clearTimeout(t);
    this.timers.length = 0;
  }
}
