#!/usr/bin/env node
// `npm run bench`: runs every benchmark in bench/ — each folder with a run.ts — one after the other with tsx.
//
//   npm run bench                 all of them
//   npm run bench -- ingest       only bench/ingest (several names allowed)
//   npm run bench -- --list       list them
//   npm run bench -- ingest -- --seconds 5    arguments after a second -- go to the benchmark
//
// Each benchmark prints and writes its own results (see docs/PERFORMANCE.md). They run one at a time:
// two cores are too few to measure two things at once.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { banner, bin, formatDuration, green, red, repoRoot, run, runningChildren } from './lib/proc.mjs';

const benchDir = path.join(repoRoot, 'bench');
// Arguments after a `--` go to every selected benchmark: npm run bench -- ingest -- --seconds 5
const argv = process.argv.slice(2);
const split = argv.indexOf('--');
const args = split === -1 ? argv : argv.slice(0, split);
const passThrough = split === -1 ? [] : argv.slice(split + 1);
const names = args.filter((arg) => !arg.startsWith('--'));

const all = existsSync(benchDir)
  ? readdirSync(benchDir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && existsSync(path.join(benchDir, entry.name, 'run.ts')))
      .map((entry) => entry.name)
      .sort()
  : [];

if (args.includes('--list')) {
  console.log(all.length > 0 ? all.join('\n') : '(no benchmarks: bench/*/run.ts)');
  process.exit(0);
}

const unknown = names.filter((name) => !all.includes(name));
if (unknown.length > 0) {
  console.error(red(`No benchmark named ${unknown.join(', ')}; there are: ${all.join(', ') || 'none'}`));
  process.exit(2);
}
const selected = names.length > 0 ? names : all;
if (selected.length === 0) {
  console.log('No benchmarks found (bench/*/run.ts).');
  process.exit(0);
}

let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    interrupted = true;
    for (const child of runningChildren()) child.kill(signal);
  });
}

// The benchmarks drive the built server in its own process.
if (!existsSync(path.join(repoRoot, 'apps/server/dist/main.js'))) {
  banner('building the server first (apps/server/dist is missing)');
  if ((await run('npm', ['run', 'build', '-w', '@emberwatch/server'])) !== 0) process.exit(1);
}

const outcomes = [];
for (const name of selected) {
  if (interrupted) break;
  banner(`bench/${name}`);
  const started = Date.now();
  const code = await run(bin('tsx'), [path.join('bench', name, 'run.ts'), ...passThrough], {
    env: { ...process.env, NODE_ENV: 'production' },
  });
  outcomes.push({ name, code, ms: Date.now() - started });
}

banner('benchmarks');
for (const { name, code, ms } of outcomes) {
  const line = `  ${name.padEnd(20)} ${code === 0 ? 'ok' : `failed (exit ${code})`}  ${formatDuration(ms)}`;
  console.log(code === 0 ? green(line) : red(line));
}
process.exit(interrupted ? 130 : outcomes.some((outcome) => outcome.code !== 0) ? 1 : 0);
