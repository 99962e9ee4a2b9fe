import { describe, expect, it } from 'vitest';
import { UnannouncedStations } from '../src/features/ingest/unannouncedStations.js';

type Step = { begin: string } | { done: string; stations: string[]; rollups: boolean; announces: string[] };

/** Runs commits as steps: `begin` names a commit, `done` finishes it and checks what it announces. */
function run(steps: Step[]): void {
  const u = new UnannouncedStations();
  const began = new Map<string, number>();
  for (const step of steps) {
    if ('begin' in step) began.set(step.begin, u.begin());
    else expect(u.done(began.get(step.done) as number, step.stations, step.rollups)).toEqual(step.announces);
  }
}

describe('which stations a commit announces (newData)', () => {
  it.each<{ why: string; steps: Step[] }>([
    {
      why: 'one commit at a time writing its roll-ups announces its stations at once',
      steps: [
        { begin: 'a' },
        { done: 'a', stations: ['F2', 'F1'], rollups: true, announces: ['F1', 'F2'] },
        { begin: 'b' },
        { done: 'b', stations: [], rollups: true, announces: [] },
      ],
    },
    {
      why: 'deferred roll-ups: the stations wait for the commit that writes them',
      steps: [
        { begin: 'a' },
        { done: 'a', stations: ['F1'], rollups: false, announces: [] },
        { begin: 'b' },
        { done: 'b', stations: ['F2'], rollups: false, announces: [] },
        { begin: 'merge' },
        { done: 'merge', stations: [], rollups: true, announces: ['F1', 'F2'] },
      ],
    },
    {
      why: 'a merge does not announce a commit another flush finished while it ran',
      steps: [
        { begin: 'a' },
        { done: 'a', stations: ['F1'], rollups: false, announces: [] },
        { begin: 'merge' },
        { begin: 'b' },
        { done: 'b', stations: ['F2'], rollups: false, announces: [] },
        { done: 'merge', stations: ['F3'], rollups: true, announces: ['F1', 'F3'] },
        { begin: 'next' },
        { done: 'next', stations: [], rollups: true, announces: ['F2'] },
      ],
    },
    {
      why: 'a station stored again by a later commit waits for that one',
      steps: [
        { begin: 'a' },
        { done: 'a', stations: ['F1'], rollups: false, announces: [] },
        { begin: 'merge' },
        { begin: 'b' },
        { done: 'b', stations: ['F1'], rollups: false, announces: [] },
        { done: 'merge', stations: [], rollups: true, announces: [] },
        { begin: 'next' },
        { done: 'next', stations: [], rollups: true, announces: ['F1'] },
      ],
    },
  ])('$why', ({ steps }) => run(steps));
});
