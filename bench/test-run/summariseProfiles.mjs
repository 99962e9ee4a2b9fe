#!/usr/bin/env node
// Summarises the .cpuprofile files of a directory (apps/web/test/support/cpuProfile.ts writes one per web
// test file): self time by package, by function and by test file, largest first.
// Usage: node bench/test-run/summariseProfiles.mjs DIR [TOP]
// `dispatch` (no script) is the profiler's own start in each file and `(idle)` is waiting: leave both out
// of any share you quote.
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';

const [dir, topArg] = process.argv.slice(2);
if (!dir) {
  console.error('usage: summariseProfiles.mjs DIR [TOP]');
  process.exit(2);
}
const top = Number(topArg) || 30;

function packageOf(url, functionName) {
  const m = url.match(/node_modules\/((@[^/]+\/)?[^/]+)/);
  if (m) return m[1];
  const own = url.match(/\/(apps\/[^/]+\/(src|test)|packages\/[^/]+)\//);
  if (own) return own[1];
  if (url.startsWith('node:')) return 'node:';
  return url ? url.slice(0, 60) : `(${functionName})`;
}

const byPackage = new Map();
const byFunction = new Map();
const byFile = new Map();
const add = (m, k, v) => m.set(k, (m.get(k) ?? 0) + v);
let total = 0;
for (const name of readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'))) {
  const profile = JSON.parse(readFileSync(join(dir, name), 'utf8'));
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  profile.samples.forEach((id, i) => add(self, id, profile.timeDeltas[i] ?? 0));
  const file = name.replace(/-\d+\.cpuprofile$/, '');
  for (const [id, us] of self) {
    const { url, functionName, lineNumber } = nodes.get(id).callFrame;
    const pkg = packageOf(url, functionName);
    add(byPackage, pkg, us);
    add(byFunction, `${pkg} ${functionName || '(anonymous)'} ${basename(url)}:${lineNumber + 1}`, us);
    add(byFile, file, us);
    total += us;
  }
}
const show = (title, m, n) => {
  console.log(`--- ${title}`);
  for (const [k, us] of [...m].sort((a, b) => b[1] - a[1]).slice(0, n))
    console.log(
      `${(us / 1e6).toFixed(2).padStart(8)} s ${((100 * us) / total).toFixed(1).padStart(5)} %  ${k}`,
    );
};
console.log(`total ${(total / 1e6).toFixed(1)} s of samples`);
show('by package', byPackage, 25);
show('by function', byFunction, top);
show('by test file', byFile, 25);
