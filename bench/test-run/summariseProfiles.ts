/**
 * Where the web tests' CPU goes: summarises the profiles that `TEST_CPU_PROFILE_DIR=DIR npx vitest run
 * --project web` writes, one per test file (apps/web/test/support/cpuProfile.ts) — busy time (idle and
 * the gaps between files left out, bench/support/cpuProfiles.ts) by package, by function and by file.
 *
 *   npx tsx bench/test-run/summariseProfiles.ts DIR [--top N]
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { addTo, eachBusySample, frameName, topLines, type Profile } from '../support/cpuProfiles.js';

/** The package a script belongs to: its npm package, or the repository's app or package. */
function packageOf(url: string, functionName: string): string {
  const dependency = url.match(/node_modules\/((@[^/]+\/)?[^/]+)/);
  if (dependency) return dependency[1]!;
  const own = url.match(/\/(apps\/[^/]+\/(src|test)|packages\/[^/]+)\//);
  if (own) return own[1]!;
  if (url.startsWith('node:')) return 'node:';
  return url ? url.slice(0, 60) : `(${functionName})`;
}

const { values: args, positionals } = parseArgs({
  options: { top: { type: 'string', default: '30' } },
  allowPositionals: true,
});
const dir = positionals[0];
if (!dir) {
  console.error('usage: npx tsx bench/test-run/summariseProfiles.ts DIR [--top N]');
  process.exit(2);
}

const byPackage = new Map<string, number>();
const byFunction = new Map<string, number>();
const byFile = new Map<string, number>();
let busy = 0;
let gc = 0;
for (const name of readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'))) {
  const profile = JSON.parse(readFileSync(join(dir, name), 'utf8')) as Profile;
  const file = name.replace(/-\d+\.cpuprofile$/, '');
  const times = eachBusySample(profile, (node, ms) => {
    const pkg = packageOf(node.callFrame.url, node.callFrame.functionName);
    addTo(byPackage, pkg, ms);
    addTo(byFunction, `${pkg} ${frameName(node.callFrame)}`, ms);
    addTo(byFile, file, ms);
  });
  busy += times.busy;
  gc += times.gc;
}
console.log(`busy ${(busy / 1000).toFixed(1)} s (garbage collection ${(gc / 1000).toFixed(1)} s)`);
for (const [title, m, n] of [
  ['by package', byPackage, 25],
  ['by function', byFunction, Number(args.top)],
  ['by test file', byFile, 25],
] as const) {
  console.log(`--- ${title}`);
  for (const line of topLines(m, n)) console.log(line);
}
