import { describe, expect, it } from 'vitest';
import {
  joinsGroup,
  nextGroupStep,
  type GroupState,
  type MemberState,
} from '../src/features/delivery/groupSteps.js';

const NOW = 1_800_000_000;
const S = { repeatS: 1800, maxRepeats: 2 };
const m = (id: number, over: Partial<MemberState> = {}): MemberState => ({
  id,
  status: 'new',
  clearPending: false,
  told: false,
  ...over,
});
const g = (over: Partial<GroupState> = {}): GroupState => ({
  status: 'gathering',
  step: 0,
  nextStepTs: NOW,
  ...over,
});
const updates = (step: ReturnType<typeof nextGroupStep>) => Object.fromEntries(step?.members ?? []);

describe('nextGroupStep', () => {
  it.each<
    [
      string,
      GroupState,
      MemberState[],
      ReturnType<typeof nextGroupStep> extends infer R ? Partial<NonNullable<R>> | null : never,
    ]
  >([
    ['a gathering group before its time: nothing', g({ nextStepTs: NOW + 1 }), [m(1)], null],
    [
      'a gathering group at its time tells every alert on, together',
      g(),
      [m(1), m(2), m(3)],
      { kind: 'raise', listed: [1, 2, 3], group: { status: 'open', step: 0, nextStepTs: NOW + 1800 } },
    ],
    [
      'without repeats the first step schedules none',
      g(),
      [m(1)],
      { kind: 'raise', listed: [1], group: { status: 'open', step: 0, nextStepTs: NOW + 1800 } },
    ],
    [
      'an open group repeats the alerts still on, with those that joined since',
      g({ status: 'open', step: 0 }),
      [m(1, { status: 'open', told: true, now: 'current' }), m(2, { now: 'current' })],
      { kind: 'repeat', listed: [1, 2], group: { step: 1, nextStepTs: NOW + 1800 } },
    ],
    [
      'an alert acknowledged in the web is not repeated; the others are',
      g({ status: 'open', step: 0 }),
      [
        m(1, { status: 'open', told: true, now: 'acknowledged' }),
        m(2, { status: 'open', told: true, now: 'current' }),
      ],
      { kind: 'repeat', listed: [2] },
    ],
    [
      'every alert acknowledged: the group stops, acknowledged',
      g({ status: 'open', step: 0 }),
      [m(1, { status: 'open', told: true, now: 'acknowledged' })],
      { kind: null, listed: [], group: { status: 'acknowledged', nextStepTs: null } },
    ],
    [
      'every alert gone without an all-clear (its rule changed): the group ends quietly',
      g({ status: 'open', step: 0 }),
      [m(1, { status: 'open', told: true, now: 'gone' })],
      { kind: null, listed: [], group: { status: 'cleared', nextStepTs: null } },
    ],
    [
      'one alert of several ends: noted, no message, the group stays',
      g({ status: 'open', step: 0 }),
      [m(1, { status: 'open', told: true, clearPending: true }), m(2, { status: 'open', told: true })],
      { kind: null, listed: [], group: {} },
    ],
    [
      'the last alert ends: the all-clear lists every alert that was told',
      g({ status: 'open', step: 1, nextStepTs: NOW + 100 }),
      [m(1, { status: 'cleared', told: true }), m(2, { status: 'open', told: true, clearPending: true })],
      { kind: 'clear', listed: [1, 2], group: { status: 'cleared', nextStepTs: null } },
    ],
    [
      'an acknowledged group still gets its all-clear',
      g({ status: 'acknowledged', nextStepTs: null }),
      [m(1, { status: 'acknowledged', told: true, clearPending: true })],
      { kind: 'clear', listed: [1], group: { status: 'cleared' } },
    ],
    [
      'every alert ended while the group gathered: it ends quietly',
      g(),
      [m(1, { clearPending: true })],
      { kind: null, listed: [], group: { status: 'cleared', nextStepTs: null } },
    ],
  ])('%s', (_name, group, members, want) => {
    const step = nextGroupStep(group, members, NOW, S);
    if (want === null) expect(step).toBeNull();
    else expect(step).toMatchObject(want);
  });

  it('marks the alerts it tells as told, and the ended ones as cleared', () => {
    expect(updates(nextGroupStep(g(), [m(1), m(2)], NOW, S))).toEqual({
      1: { status: 'open', told: true },
      2: { status: 'open', told: true },
    });
    const ending = nextGroupStep(
      g({ status: 'open' }),
      [m(1, { status: 'open', told: true, clearPending: true }), m(2, { status: 'open', told: true })],
      NOW,
      S,
    );
    expect(updates(ending)).toEqual({ 1: { status: 'cleared', clearPending: false } });
  });

  it('stops repeating after the last repeat', () => {
    const step = nextGroupStep(
      g({ status: 'open', step: 1 }),
      [m(1, { status: 'open', told: true })],
      NOW,
      S,
    );
    expect(step).toMatchObject({ kind: 'repeat', group: { step: 2, nextStepTs: null } });
  });
});

describe('joinsGroup', () => {
  it.each<[string, Pick<GroupState, 'status' | 'nextStepTs'>, boolean]>([
    ['a gathering group', { status: 'gathering', nextStepTs: NOW }, true],
    ['an open group with a repeat to come (told in it)', { status: 'open', nextStepTs: NOW + 60 }, true],
    ['an open group whose repeats are over', { status: 'open', nextStepTs: null }, false],
    ['an acknowledged group', { status: 'acknowledged', nextStepTs: null }, false],
    ['a cleared group', { status: 'cleared', nextStepTs: null }, false],
  ])('%s', (_name, group, want) => {
    expect(joinsGroup(group)).toBe(want);
  });
});
