import { describe, expect, it } from 'vitest';
import { timeTableLines } from '../lib/timeTable.mjs';

describe('the time table at the end of npm test', () => {
  it('gives each step its time, share and result, then the rest, the total and the load', () => {
    const lines = timeTableLines(
      [
        { step: 'build', ms: 30_000, code: 0 },
        { step: 'vitest', ms: 60_000, code: 1 },
      ],
      100_000,
      [1.5, 2, 2.25],
    );
    expect(lines[0]).toMatch(/^ {2}step\s+time\s+share\s+result$/);
    expect(lines[2]).toMatch(/^ {2}build\s+30 s\s+30 %\s+ok$/);
    expect(lines[3]).toMatch(/^ {2}vitest\s+1 min 0 s\s+60 %\s+exit 1$/);
    expect(lines[4]).toMatch(/^ {2}other\s+10 s$/);
    expect(lines[5]).toMatch(/^ {2}total\s+1 min 40 s\s+100 %$/);
    expect(lines[6]).toBe('  load average now: 1.50, 2.00, 2.25 (1, 5, 15 min)');
  });

  it('never shows a negative rest when the steps add up to more than the measured total', () => {
    const lines = timeTableLines([{ step: 'e2e', ms: 5_000, code: 0 }], 4_000, [0, 0, 0]);
    expect(lines.find((l) => l.trim().startsWith('other'))).toMatch(/\b0 s$/);
  });

  it('marks the steps that ran beside another and counts the rest without them', () => {
    const lines = timeTableLines(
      [
        { step: 'vitest', ms: 40_000, code: 0 },
        { step: 'postgres', ms: 20_000, code: 0 },
        { step: 'cluster', ms: 24_000, code: 2, beside: 'postgres' },
        { step: 'wait', ms: 4_000, code: 0, note: 'for cluster beside postgres' },
        { step: 'e2e', ms: 30_000, code: 0 },
      ],
      100_000,
      [0, 0, 0],
    );
    expect(lines[4]).toMatch(/^ {2}cluster \(beside postgres\)\s+24 s\s+24 %\s+exit 2$/);
    expect(lines[5]).toMatch(/^ {2}wait\s+4 s\s+4 %\s+for cluster beside postgres$/);
    // 100 s in all: 40 + 20 + 4 + 30 of them the steps one after another; the 24 beside are not added.
    expect(lines[7]).toMatch(/^ {2}other\s+6 s$/);
  });
});
