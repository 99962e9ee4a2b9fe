import { describe, expect, it } from 'vitest';
import type { BatchPhaseInput, ProbeReplacement } from '@emberwatch/shared/contracts/batches';
import { membershipOf, windowIn } from '../src/features/batches/batchProgress.js';
import { checkBatchPhases } from '../src/features/batches/checkBatchPhases.js';
import { spotChains } from '../src/features/batches/sanitisationReport.service.js';

const NOW = 1_000_000;
const phase = (start: number | null, done: number | null, name = 'P'): BatchPhaseInput => ({
  phase_name: name,
  targetTemp: 550,
  targetHours: 72,
  phase_start_date: start,
  phase_completed_date: done,
});

describe('a batch’s phases run one after another', () => {
  it.each([
    ['none started', [phase(null, null), phase(null, null)], null],
    ['the first running', [phase(NOW - 10, null), phase(null, null)], null],
    ['the second started when the first completed', [phase(NOW - 10, NOW - 5), phase(NOW - 5, null)], null],
    ['all completed', [phase(NOW - 10, NOW - 5), phase(NOW - 4, NOW)], null],
    ['a clock a minute ahead is not the future', [phase(NOW + 60, null)], null],
    ['starting in the future', [phase(NOW + 61, null)], 'cannot start in the future'],
    ['completing in the future', [phase(NOW - 10, NOW + 3600)], 'cannot complete in the future'],
    ['completing without a start', [phase(null, NOW)], 'cannot complete before it starts'],
    ['completing before its start', [phase(NOW, NOW - 1)], 'cannot complete before it starts'],
    [
      'the second started while the first runs',
      [phase(NOW - 10, null), phase(NOW - 5, null, 'Q')],
      'only after “P” has completed',
    ],
    [
      'the second started before the first completed',
      [phase(NOW - 10, NOW - 2), phase(NOW - 5, null, 'Q')],
      'cannot start before “P” completed',
    ],
  ] as const)('%s', (_name, phases, refusal) => {
    const run = () => checkBatchPhases(phases, NOW);
    if (refusal === null) expect(run).not.toThrow();
    else expect(run).toThrow(refusal);
  });
});

describe('probes and their replacements', () => {
  const r = (from: string, to: string, ts: number): ProbeReplacement => ({ from, to, ts });

  it.each([
    ['no replacement', ['A', 'B'], [], [['A'], ['B']]],
    ['one swap', ['A', 'C'], [r('B', 'C', 10)], [['A'], ['B', 'C']]],
    ['a chain of swaps', ['D'], [r('B', 'C', 10), r('C', 'D', 20)], [['B', 'C', 'D']]],
    ['a probe swapped back does not loop', ['B'], [r('B', 'C', 10), r('C', 'B', 20)], [['C', 'B']]],
  ] as const)('spots: %s', (_name, probes, replacements, chains) => {
    expect(spotChains(probes, replacements)).toEqual(chains);
  });

  it('gives each probe its time in the pile and its window in a phase', () => {
    const m = membershipOf(['A', 'C'], [r('B', 'C', 100)]);
    expect([...m]).toEqual([
      ['A', { from: -Infinity, to: Infinity }],
      ['C', { from: 100, to: Infinity }],
      ['B', { from: -Infinity, to: 100 }],
    ]);
    const running = { start_ts: 50, completed_ts: null };
    expect(windowIn(running, m.get('B')!, 200)).toEqual({ from: 50, to: 100 });
    expect(windowIn(running, m.get('C')!, 200)).toEqual({ from: 100, to: 200 });
    expect(windowIn({ start_ts: 150, completed_ts: 180 }, m.get('B')!, 200)).toBeNull();
    expect(windowIn({ start_ts: null, completed_ts: null }, m.get('A')!, 200)).toBeNull();
  });
});
