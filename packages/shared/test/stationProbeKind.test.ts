import { describe, expect, it } from 'vitest';
import { probeKindOf, stationProbeKind, type ProbeKind } from '../src/domain/stationProbeKind.js';

describe('stationProbeKind: what a station holds, by its probes', () => {
  it.each<[string, [ProbeKind, number][], ProbeKind | null]>([
    ['no probes', [], null],
    ['only hay', [['hay', 8]], 'hay'],
    [
      'mostly compost',
      [
        ['hay', 1],
        ['compost', 5],
      ],
      'compost',
    ],
    [
      'grain with an outdoor probe',
      [
        ['grain', 6],
        ['other', 1],
      ],
      'grain',
    ],
    [
      'a tie, hay first',
      [
        ['grain', 2],
        ['hay', 2],
      ],
      'hay',
    ],
    ['a count of none', [['compost', 0]], null],
  ])('%s: %s', (_what, counts, kind) => {
    expect(stationProbeKind(new Map(counts))).toBe(kind);
  });

  it('reads an unknown stored kind as other', () => {
    expect(probeKindOf('compost')).toBe('compost');
    expect(probeKindOf('silage')).toBe('other');
  });
});
