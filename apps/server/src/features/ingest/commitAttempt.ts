import { RepeatedReadings } from './ingestWriter.js';

/** How the ingest service runs a commit (decision 0065). */
export interface CommitAttempt {
  /** The writer takes the insert that skips repeats instead of its fast one. */
  repeats: boolean;
  /** The probes' locks are taken even when the directory says the commit needs none. */
  lockProbes: boolean;
}

export const FIRST_ATTEMPT: CommitAttempt = { repeats: false, lockProbes: false };

/** PostgreSQL's deadlock_detected. */
const DEADLOCK = '40P01';

/**
 * The attempt to run after `failed` threw `err`, or undefined when the error is the commit's answer:
 * - the writer's fast insert met a repeat: again, skipping repeats;
 * - a commit without the probes' locks deadlocked with another on readings they both carry (two
 *   instances given the same resent readings in another order): again, under the locks, which order
 *   every commit's probes the same way.
 * Each only once, so a commit runs at most three times.
 */
export function nextAttempt(failed: CommitAttempt, err: unknown): CommitAttempt | undefined {
  if (err instanceof RepeatedReadings && !failed.repeats) return { ...failed, repeats: true };
  if ((err as { code?: unknown } | null)?.code === DEADLOCK && !failed.lockProbes)
    return { ...failed, lockProbes: true };
  return undefined;
}
