import { describe, expect, it } from 'vitest';
import { FIRST_ATTEMPT, nextAttempt, type CommitAttempt } from '../src/features/ingest/commitAttempt.js';
import { RepeatedReadings } from '../src/features/ingest/ingestWriter.js';

const deadlock = Object.assign(new Error('deadlock detected'), { code: '40P01' });
const uniqueViolation = Object.assign(new Error('duplicate key'), { code: '23505' });

describe('the next attempt at a commit', () => {
  it.each<[string, CommitAttempt, unknown, CommitAttempt | undefined]>([
    [
      'a repeat met by the fast insert',
      FIRST_ATTEMPT,
      new RepeatedReadings(),
      { repeats: true, lockProbes: false },
    ],
    [
      'a repeat again, already skipping repeats',
      { repeats: true, lockProbes: false },
      new RepeatedReadings(),
      undefined,
    ],
    ['a deadlock without the probes’ locks', FIRST_ATTEMPT, deadlock, { repeats: false, lockProbes: true }],
    [
      'a deadlock of a commit skipping repeats',
      { repeats: true, lockProbes: false },
      deadlock,
      { repeats: true, lockProbes: true },
    ],
    ['a deadlock under the locks', { repeats: false, lockProbes: true }, deadlock, undefined],
    [
      'a repeat under the locks',
      { repeats: false, lockProbes: true },
      new RepeatedReadings(),
      { repeats: true, lockProbes: true },
    ],
    ['any other store error', FIRST_ATTEMPT, uniqueViolation, undefined],
    ['a thrown non-error', FIRST_ATTEMPT, null, undefined],
  ])('%s', (_, failed, err, next) => {
    expect(nextAttempt(failed, err)).toEqual(next);
  });

  it('runs a commit at most three times', () => {
    let attempt: CommitAttempt | undefined = FIRST_ATTEMPT;
    let runs = 0;
    for (const err of [new RepeatedReadings(), deadlock, new RepeatedReadings(), deadlock]) {
      if (!attempt) break;
      runs++;
      attempt = nextAttempt(attempt, err);
    }
    expect(runs).toBe(3);
    expect(attempt).toBeUndefined();
  });
});
