import { describe, expect, it } from 'vitest';
import { NewDataAnnouncements } from '../src/features/ingest/newDataAnnouncements.js';

type Step = { begin: string } | { done: string; stations: string[]; rollups: boolean; announces: string[] };

/** Runs commits as steps: `begin` names a commit, `done` finishes it and checks what it announces. */
function run(steps: Step[]): void {
  const u = new NewDataAnnouncements();
  const began = new Map<string, number>();
  for (const step of steps) {
    if ('begin' in step) began.set(step.begin, u.begin());
    else expect(u.done(began.get(step.done) as number, step.stations, step.rollups)).toEqual(step.announces);
  }
}

describe('which stations a commit announces (newData)', () => {
  it.each<{ why: string; steps: Step[] }>([
    {
      why: 'one commit at a time writing its roll-ups announces its stations once, at once',
      steps: [
        { begin: 'a' },
        { done: 'a', stations: ['F2', 'F1'], rollups: true, announces: ['F1', 'F2'] },
        { begin: 'b' },
        { done: 'b', stations: [], rollups: true, announces: [] },
      ],
    },
    {
      why: 'deferred roll-ups: each commit announces its stations at once, and the commit that writes the roll-ups again',
      steps: [
        { begin: 'a' },
        { done: 'a', stations: ['F1'], rollups: false, announces: ['F1'] },
        { begin: 'b' },
        { done: 'b', stations: ['F2'], rollups: false, announces: ['F2'] },
        { begin: 'merge' },
        { done: 'merge', stations: [], rollups: true, announces: ['F1', 'F2'] },
        { begin: 'next' },
        { done: 'next', stations: [], rollups: true, announces: [] },
      ],
    },
    {
      why: 'a station announced with its roll-ups is not announced again by the next commit',
      steps: [
        { begin: 'a' },
        { done: 'a', stations: ['F1'], rollups: false, announces: ['F1'] },
        { begin: 'b' },
        { done: 'b', stations: ['F1', 'F2'], rollups: true, announces: ['F1', 'F2'] },
        { begin: 'next' },
        { done: 'next', stations: ['F3'], rollups: true, announces: ['F3'] },
      ],
    },
    {
      why: 'a merge does not cover a commit another flush finished while it ran',
      steps: [
        { begin: 'a' },
        { done: 'a', stations: ['F1'], rollups: false, announces: ['F1'] },
        { begin: 'merge' },
        { begin: 'b' },
        { done: 'b', stations: ['F2'], rollups: false, announces: ['F2'] },
        { done: 'merge', stations: ['F3'], rollups: true, announces: ['F1', 'F3'] },
        { begin: 'next' },
        { done: 'next', stations: [], rollups: true, announces: ['F2'] },
      ],
    },
    {
      why: 'a station stored again by a commit the merge does not cover waits for the next one',
      steps: [
        { begin: 'a' },
        { done: 'a', stations: ['F1'], rollups: false, announces: ['F1'] },
        { begin: 'merge' },
        { begin: 'b' },
        { done: 'b', stations: ['F1'], rollups: false, announces: ['F1'] },
        { done: 'merge', stations: [], rollups: true, announces: [] },
        { begin: 'next' },
        { done: 'next', stations: [], rollups: true, announces: ['F1'] },
      ],
    },
    {
      why: "a merge storing the station itself still leaves another flush's readings of it owed",
      steps: [
        { begin: 'merge' },
        { begin: 'b' },
        { done: 'b', stations: ['F1'], rollups: false, announces: ['F1'] },
        { done: 'merge', stations: ['F1'], rollups: true, announces: ['F1'] },
        { begin: 'next' },
        { done: 'next', stations: [], rollups: true, announces: ['F1'] },
      ],
    },
  ])('$why', ({ steps }) => run(steps));
});
