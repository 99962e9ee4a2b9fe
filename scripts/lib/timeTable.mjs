// The per-step time table printed at the end of `npm test`: where the wall-clock time of a run went,
// so a slower step shows at a glance (docs/PERFORMANCE.md compares runs step by step).
import { loadavg } from 'node:os';
import { formatDuration } from './proc.mjs';

/**
 * Lines of the table: one per step (time, share of the whole run, exit code), then the whole run and
 * the machine's load average, since the same step takes twice as long on a busy 2-core machine. A step
 * that ran beside another (`beside`: that step's name, decision 0164) says so, and its time is not part
 * of the sum the rest is counted from; a `note` stands in for the result.
 * @param {{ step: string, ms: number, code: number, beside?: string, note?: string }[]} timings
 * @param {number} totalMs
 * @param {number[]} [load] the 1, 5 and 15-minute load averages
 * @returns {string[]}
 */
export function timeTableLines(timings, totalMs, load = loadavg()) {
  const rows = timings.map(({ step, ms, code, beside, note }) => [
    beside ? `${step} (beside ${beside})` : step,
    formatDuration(ms),
    totalMs > 0 ? `${Math.round((100 * ms) / totalMs)} %` : '',
    note ?? (code === 0 ? 'ok' : `exit ${code}`),
  ]);
  const stepsMs = timings.reduce((sum, t) => sum + (t.beside ? 0 : t.ms), 0);
  rows.push(['other', formatDuration(Math.max(0, totalMs - stepsMs)), '', '']);
  rows.push(['total', formatDuration(totalMs), '100 %', '']);
  const header = ['step', 'time', 'share', 'result'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells) =>
    `  ${cells.map((c, i) => (i === 1 || i === 2 ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join('  ')}`.trimEnd();
  return [
    line(header),
    line(widths.map((w) => '─'.repeat(w))),
    ...rows.map(line),
    `  load average now: ${load.map((l) => l.toFixed(2)).join(', ')} (1, 5, 15 min)`,
  ];
}

/** Prints the table under a heading. */
export function printTimeTable(timings, totalMs) {
  console.log('\n  time per step');
  for (const text of timeTableLines(timings, totalMs)) console.log(text);
}
