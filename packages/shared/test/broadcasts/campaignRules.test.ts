import { describe, expect, it } from 'vitest';
import { campaignLive, campaignPhase, scheduleProblem } from '../../src/domain/broadcasts/campaignRules.js';

const NOW = 1_800_000_000;

describe('a campaign’s schedule', () => {
  it.each([
    [null, null, true, 'live'],
    [NOW, null, true, 'live'],
    [NOW + 1, null, false, 'scheduled'],
    [null, NOW + 1, true, 'live'],
    [null, NOW, false, 'ended'],
    [NOW - 10, NOW + 10, true, 'live'],
    [NOW - 10, NOW - 5, false, 'ended'],
  ] as const)('from %s until %s: showing %s, %s', (start_ts, end_ts, live, phase) => {
    expect(campaignLive({ start_ts, end_ts }, NOW)).toBe(live);
    expect(campaignPhase({ start_ts, end_ts }, NOW)).toBe(phase);
  });

  it.each([
    [null, null, null],
    [NOW, NOW + 1, null],
    [NOW, NOW, 'The end of a campaign must come after its start.'],
    [NOW, NOW - 1, 'The end of a campaign must come after its start.'],
  ])('from %s until %s: %s', (start_ts, end_ts, problem) => {
    expect(scheduleProblem({ start_ts, end_ts })).toBe(problem);
  });
});
