/**
 * Where the main thread's time goes while a logged-in page of the demo app starts (decision 0146): a
 * CPU profile of one first load, summarised, to find what the Lighthouse audits (lighthouse.ts) charge
 * to the vendor chunk as "script evaluation".
 *
 *   npx tsx bench/web/startProfile.ts [--path /probes] [--runs 3] [--web-dist DIR] [--out DIR]
 *   npx tsx bench/web/startProfile.ts --read DIR/profile-1.cpuprofile
 *
 * The app must be built (`npm run build`). For readable names build the web app unminified into its own
 * folder and pass it: `(cd apps/web && npx vite build --minify false --outDir dist-profile)`, then
 * `--web-dist apps/web/dist-profile`. Each run: a fresh Chromium logs in through the login page, the
 * page's storage is cleared as Lighthouse clears it (the session stays in its refresh cookie), and the
 * page is loaded with the profiler on, at the machine's own speed (no throttling), for 8 s.
 * Printed: the profile's busy time, the functions with the most time of their own, and the app's and
 * the libraries' components and functions with the most time including what they call.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/lib/chromium.mjs';
import { assertBuilt, loggedInPhonePage, root, startDemoApp, webDist } from './demoApp.js';
import { addTo, eachBusySample, frameName, topLines, type Profile } from '../support/cpuProfiles.js';

/** The sampling interval asked of the profiler, µs. */
const SAMPLE_US = 200;

/** Self and inclusive time (ms) per function, summed over the profile's samples. */
function summarise(profile: Profile) {
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  const { busy, gc } = eachBusySample(
    profile,
    (node, ms, stack) => {
      addTo(self, frameName(node.callFrame), ms);
      // Each function once per sample, however deep its recursion.
      for (const k of new Set(stack().map((n) => frameName(n.callFrame)))) addTo(total, k, ms);
    },
    SAMPLE_US,
  );
  return { busy, gc, self: topLines(self, 25), total: topLines(total, 60, (k) => !k.startsWith('(')) };
}

async function profileOnce(baseUrl: string, path: string, out?: string) {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const { page, cdp } = await loggedInPhonePage(browser, baseUrl);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: SAMPLE_US });
    await cdp.send('Profiler.start');
    await page.goto(`${baseUrl}${path}`);
    await page.waitForTimeout(8_000);
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
    if (out) writeFileSync(out, JSON.stringify(profile));
    const landed = new URL(page.url()).pathname;
    if (landed !== path) throw new Error(`ended on ${landed}, not ${path}`);
    return summarise(profile);
  } finally {
    await browser.close();
  }
}

async function main() {
  const { values: args } = parseArgs({
    options: {
      path: { type: 'string', default: '/probes' },
      runs: { type: 'string', default: '3' },
      'web-dist': { type: 'string' },
      out: { type: 'string' },
      /** Summarises a profile this wrote before (--out) instead of measuring. */
      read: { type: 'string' },
    },
  });
  if (args.read) {
    const s = summarise(JSON.parse(readFileSync(args.read, 'utf8')) as Profile);
    console.log(`busy ${s.busy.toFixed(0)} ms (garbage collection ${s.gc.toFixed(0)} ms)`);
    for (const l of [...s.self, '', ...s.total]) console.log(l);
    return;
  }
  assertBuilt();
  const dist = args['web-dist'] ? resolve(root, args['web-dist']) : webDist;
  const app = await startDemoApp({ web: dist });
  try {
    for (let i = 0; i < Number(args.runs); i++) {
      const s = await profileOnce(
        app.baseUrl,
        args.path,
        args.out && join(args.out, `profile-${i + 1}.cpuprofile`),
      );
      console.log(`run ${i + 1}: busy ${s.busy.toFixed(0)} ms (garbage collection ${s.gc.toFixed(0)} ms)`);
      if (i === Number(args.runs) - 1) {
        console.log('self time:');
        for (const l of s.self) console.log(l);
        console.log('including callees:');
        for (const l of s.total) console.log(l);
      }
    }
  } finally {
    await app.stop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
