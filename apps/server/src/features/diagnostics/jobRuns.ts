import type { SysOp } from '@emberwatch/shared/contracts/diagnostics';
import type { Job } from '../../jobs/Scheduler.js';
import type { JobRunFacts } from '../../kernel/DiagnosticsSink.js';

const ERROR_MAX_CHARS = 300;

interface JobState {
  everyMs: number;
  firstAfterMs: number | undefined;
  runs: number;
  failures: number;
  running: boolean;
  lastStartMs: number | null;
  lastDurationMs: number | null;
  lastOk: boolean | null;
  lastError: string | null;
}

/**
 * The "system operations" of spec doc 1 §7 `getSysOpList`, read as Emberwatch's periodic jobs
 * (decision 0095): every job of every feature, with its runs since this instance started, its last
 * run (start, duration, result, error) and when the next is due. Kept in memory: each instance runs
 * its own jobs, and the list answers for the instance asked; the failures are in the server log too.
 */
export class JobRuns {
  private readonly jobs = new Map<string, JobState>();
  private readonly startedMs = Date.now();

  known(jobs: readonly Job[]): void {
    for (const job of jobs)
      this.jobs.set(job.name, {
        everyMs: job.everyMs,
        firstAfterMs: job.firstAfterMs,
        runs: 0,
        failures: 0,
        running: false,
        lastStartMs: null,
        lastDurationMs: null,
        lastOk: null,
        lastError: null,
      });
  }

  started(name: string, startMs: number): void {
    const s = this.jobs.get(name);
    if (!s) return;
    s.running = true;
    s.lastStartMs = startMs;
  }

  ended(f: JobRunFacts): void {
    const s = this.jobs.get(f.name);
    if (!s) return;
    s.running = false;
    s.runs++;
    s.lastStartMs = f.startMs;
    s.lastDurationMs = f.durationMs;
    s.lastOk = f.ok;
    if (!f.ok) {
      s.failures++;
      const text = f.error instanceof Error ? f.error.message : String(f.error);
      s.lastError = text.slice(0, ERROR_MAX_CHARS);
    } else s.lastError = null;
  }

  get since(): number {
    return this.startedMs;
  }

  /** The list, by name. `scheduled`: whether this instance's scheduler runs them (main.ts does; tests do not). */
  list(scheduledSinceMs: number | null): SysOp[] {
    return [...this.jobs.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([name, s]) => ({
        name,
        every_ms: s.everyMs,
        runs: s.runs,
        failures: s.failures,
        running: s.running,
        last_start_ms: s.lastStartMs,
        last_duration_ms: s.lastDurationMs,
        last_result: s.lastOk === null ? null : s.lastOk ? 'ok' : 'failed',
        last_error: s.lastError,
        next_ms: nextRunMs(s, scheduledSinceMs),
      }));
  }
}

/**
 * The scheduler ticks every `everyMs` from its start (and once `firstAfterMs` after it, for catch-up
 * jobs), skipping a tick while the job still runs: the next tick after now.
 */
export function nextRunMs(
  s: { everyMs: number; firstAfterMs: number | undefined },
  scheduledSinceMs: number | null,
  nowMs = Date.now(),
): number | null {
  if (scheduledSinceMs === null) return null;
  if (s.firstAfterMs !== undefined && scheduledSinceMs + s.firstAfterMs > nowMs)
    return Math.min(scheduledSinceMs + s.firstAfterMs, scheduledSinceMs + s.everyMs);
  const ticks = Math.floor((nowMs - scheduledSinceMs) / s.everyMs) + 1;
  return scheduledSinceMs + ticks * s.everyMs;
}
