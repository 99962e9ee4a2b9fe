/**
 * Where each bench server's own CPU went, per 1,000 readings: the two profiles perfServers.sh recorded of
 * one run of the side-by-side bench (SQLite's server first, then PostgreSQL's), each put per reading with
 * that run's rate from its results file; PostgreSQL's backends beside them, from the same file. The
 * measure that survives a busy machine is PostgreSQL's JavaScript ÷ SQLite's, in the same run.
 *
 *   npx tsx bench/ingest-vs-influx/perfSummary.ts <perfServers' prefix> <the run's --results file>
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const [prefix, resultsFile] = process.argv.slice(2);
if (!prefix || !resultsFile) throw new Error('usage: perfSummary.ts <prefix> <results.json>');

interface Run {
  target: string;
  readingsPerSecond: number;
  cpuMsPer1000Readings: number;
  cpuMsPer1000ReadingsWithDatabase?: number;
}
const runs = (JSON.parse(readFileSync(resultsFile, 'utf8')) as { runs: Run[] }).runs;
/** perfServers.sh records 10 s of each server. */
const RECORDED_S = 10;

const kindOf = (dso: string) =>
  dso === 'node' || dso.startsWith('[JIT]')
    ? 'javaScript'
    : dso.includes('sqlite')
      ? 'sqliteEngine'
      : dso.includes('kernel')
        ? 'kernel'
        : dso.startsWith('libc')
          ? 'libc'
          : 'other';

const summary: Record<string, Record<string, number>> = {};
for (const [i, target] of [
  [1, 'emberwatch-sqlite'],
  [2, 'emberwatch-postgres'],
] as const) {
  const run = runs.find((r) => r.target === target);
  if (!run) throw new Error(`${resultsFile} has no run of ${target}`);
  const report = execFileSync(
    'perf',
    ['report', '-i', `${prefix}-${i}.data`, '--no-children', '--sort', 'dso', '--stdio', '-g', 'none'],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
  );
  const events = Number(/Event count \(approx\.\): (\d+)/.exec(report)?.[1] ?? NaN);
  // cpu-clock events count nanoseconds of CPU.
  const msPer1000 = (events / 1e6 / (run.readingsPerSecond * RECORDED_S)) * 1000;
  const row: Record<string, number> = { server: msPer1000 };
  for (const line of report.split('\n')) {
    const m = /^\s+([\d.]+)%\s+(\S.*?)\s*$/.exec(line);
    if (!m) continue;
    const kind = kindOf(m[2]!);
    row[kind] = (row[kind] ?? 0) + (Number(m[1]) / 100) * msPer1000;
  }
  if (run.cpuMsPer1000ReadingsWithDatabase !== undefined)
    row.backends = run.cpuMsPer1000ReadingsWithDatabase - run.cpuMsPer1000Readings;
  summary[target] = row;
}
const round = (x: number) => Math.round(x * 100) / 100;
for (const [target, row] of Object.entries(summary))
  console.log(target, Object.fromEntries(Object.entries(row).map(([k, v]) => [k, round(v)])));
const js = (t: string) => summary[t]?.javaScript ?? NaN;
console.log(
  `PostgreSQL's JavaScript ÷ SQLite's: ${round(js('emberwatch-postgres') / js('emberwatch-sqlite'))}`,
);
