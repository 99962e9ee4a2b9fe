import { describe, expect, it } from 'vitest';
import {
  applyRcTest,
  rcTestChannelFits,
  rcTestState,
  type RcTestResponseRule,
} from '../../src/domain/rcTestResponse.js';

const NOW = 1_800_000_000;
const test = (over: Partial<RcTestResponseRule> = {}): RcTestResponseRule => ({
  channel: null,
  command: 1,
  once: false,
  enabled: true,
  expiresTs: NOW + 600,
  answeredTs: null,
  ...over,
});

describe('an RC test response', () => {
  it.each([
    ['switched off', test({ enabled: false }), 'off'],
    ['off even when it was answered', test({ enabled: false, answeredTs: NOW - 5 }), 'off'],
    ['on and in time', test(), 'armed'],
    ['timed, answered already, still in time', test({ answeredTs: NOW - 30 }), 'armed'],
    ['one-shot, not answered yet', test({ once: true }), 'armed'],
    ['one-shot, answered', test({ once: true, answeredTs: NOW - 1 }), 'used'],
    ['its minutes ran out', test({ expiresTs: NOW }), 'expired'],
    ['one-shot whose minutes ran out before its poll', test({ once: true, expiresTs: NOW - 1 }), 'expired'],
    ['on without an expiry', test({ expiresTs: null }), 'expired'],
  ] as const)('%s: %s', (_what, t, state) => {
    expect(rcTestState(t, NOW)).toBe(state);
  });

  const answers = [
    { channel: 1, command: 0 as const, manual: false, rev: 4 },
    { channel: 2, command: 1 as const, manual: true, rev: 9 },
  ];

  it.each([
    ['no test', null, [0, 1], [undefined, undefined]],
    ['armed, every channel on', test(), [1, 1], [true, true]],
    ['armed, every channel off', test({ command: 0 }), [0, 0], [true, true]],
    ['armed, channel 1 on', test({ channel: 1 }), [1, 1], [true, undefined]],
    ['armed, channel 2 off', test({ channel: 2, command: 0 }), [0, 0], [undefined, true]],
    ['switched off', test({ enabled: false }), [0, 1], [undefined, undefined]],
    ['expired', test({ expiresTs: NOW - 1 }), [0, 1], [undefined, undefined]],
    ['used', test({ once: true, answeredTs: NOW - 1 }), [0, 1], [undefined, undefined]],
  ] as const)('answers the poll (%s)', (_what, t, commands, marks) => {
    const out = applyRcTest(answers, t, NOW);
    expect(out.map((a) => a.command)).toEqual(commands);
    expect(out.map((a) => a.test)).toEqual(marks);
    // The revision is the scheduler's: the web's "applied" still compares with it.
    expect(out.map((a) => a.rev)).toEqual([4, 9]);
    for (const a of out) if (a.test) expect(a.manual).toBe(true);
  });

  it.each([
    [null, 1, true],
    [1, 1, true],
    [4, 4, true],
    [5, 4, false],
    [0, 8, false],
  ] as const)('channel %s on a controller of %s channels fits: %s', (channel, channels, fits) => {
    expect(rcTestChannelFits(channel, channels)).toBe(fits);
  });
});
