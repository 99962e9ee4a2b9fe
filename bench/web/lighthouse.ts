/**
 * Lighthouse on a phone (issue 35 item 5, decision 0144): performance, accessibility, best practices
 * (and SEO, for information) of the demo hay farmer's probe list and one of his storages.
 *
 *   npx tsx bench/web/lighthouse.ts [--runs 5] [--skip-build]
 *   npm run build && npm run bench -- web      (bench/web/run.ts runs this too, after its own figures)
 *
 * Builds the app once (unless --skip-build), starts the built server on a fresh store with the demo
 * seeded and two days of readings, and for each run launches Debian's Chromium afresh, logs in through
 * the login page in that same browser (so the app restores its session from its own refresh cookie, as
 * on a phone that was used yesterday), and runs Lighthouse with its default settings: the mobile form
 * factor (Moto G Power screen) and simulated throttling (slow 4G, 4x CPU slowdown). Scores per category
 * are the median of the runs, each category on its own. Results to stdout and bench/results/lighthouse.json.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/lib/chromium.mjs';
import { apiLogin, assertBuilt, DEMO_HAY_USER, DEMO_PASSWORD, root, startDemoApp } from './demoApp.js';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];
/** The issue's bar, for the categories it names (SEO is reported, not held to it). */
const TARGET = 95;

export interface LighthouseRun {
  scores: Record<Category, number>;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  /** The audits that cost points (score below 1), by category: what to fix next. */
  failing: Partial<Record<Category, string[]>>;
}

export interface PageResult {
  path: string;
  median: Record<Category, number>;
  runs: LighthouseRun[];
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : Math.round((sorted[mid - 1]! + sorted[mid]!) / 2);
}

/** Logs in through the login page of the Chromium listening on `port`, leaving its refresh cookie there. */
async function logInInBrowser(port: number, baseUrl: string): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0]!;
    const page = await context.newPage();
    await page.goto(`${baseUrl}/login`);
    await page.locator('#login-username').fill(DEMO_HAY_USER);
    await page.locator('#login-password').fill(DEMO_PASSWORD);
    await page.locator('button[type="submit"]').click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 30_000 });
    await page.close();
  } finally {
    // Leaves the browser running: Lighthouse drives it next.
    await browser.close().catch(() => {});
  }
}

async function runOnce(baseUrl: string, path: string, reportFile?: string): Promise<LighthouseRun> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless', ...CHROMIUM_ARGS],
  });
  try {
    await logInInBrowser(chrome.port, baseUrl);
    const result = await lighthouse(`${baseUrl}${path}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
    });
    if (!result) throw new Error('Lighthouse returned nothing');
    const lhr = result.lhr;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
    if (reportFile) writeFileSync(reportFile, JSON.stringify(lhr));
    const landed = new URL(lhr.finalDisplayedUrl).pathname;
    if (landed !== path)
      throw new Error(`Lighthouse ended on ${landed}, not ${path}: the login did not hold`);
    const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    const scores = {} as Record<Category, number>;
    const failing: LighthouseRun['failing'] = {};
    for (const id of CATEGORIES) {
      const category = lhr.categories[id];
      scores[id] = Math.round((category?.score ?? 0) * 100);
      const lost = (category?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0)
        .map((ref) => lhr.audits[ref.id]!)
        .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode !== 'informative')
        .map((a) => a.id);
      if (lost.length > 0) failing[id] = lost;
    }
    return {
      scores,
      fcpMs: Math.round(audit('first-contentful-paint')),
      lcpMs: Math.round(audit('largest-contentful-paint')),
      tbtMs: Math.round(audit('total-blocking-time')),
      cls: Math.round(audit('cumulative-layout-shift') * 1000) / 1000,
      speedIndexMs: Math.round(audit('speed-index')),
      failing,
    };
  } finally {
    chrome.kill();
  }
}

/** The demo hay farmer's first storage with probes in it: the page a farmer opens from an alert. */
async function storagePath(baseUrl: string): Promise<string> {
  const { accessToken } = await apiLogin(baseUrl);
  const res = await fetch(`${baseUrl}/client/getStorages`, {
    headers: { Authorization: `Bearer ${accessToken}` },
  });
  if (!res.ok) throw new Error(`getStorages: ${res.status}`);
  const { results } = (await res.json()) as {
    results: { itemID: number; stacks: { sensors: unknown[] }[] }[];
  };
  const storage = results.find((s) => s.stacks.some((stack) => stack.sensors.length > 0));
  if (!storage) throw new Error('the demo hay farm has no storage with probes');
  return `/storages/${storage.itemID}`;
}

/** Runs Lighthouse `runs` times on the probe list and on a storage of the running demo app. */
export async function lighthouseMobile(
  baseUrl: string,
  runs: number,
  reportsDir?: string,
): Promise<PageResult[]> {
  const pages = ['/probes', await storagePath(baseUrl)];
  const results: PageResult[] = [];
  for (const path of pages) {
    const done: LighthouseRun[] = [];
    for (let i = 0; i < runs; i++) {
      const reportFile =
        reportsDir && join(reportsDir, `${path.replaceAll('/', '_').slice(1)}-${i + 1}.json`);
      done.push(await runOnce(baseUrl, path, reportFile || undefined));
      const s = done.at(-1)!.scores;
      console.log(`  ${path} run ${i + 1}: ${CATEGORIES.map((c) => `${c} ${s[c]}`).join(', ')}`);
    }
    const med = Object.fromEntries(
      CATEGORIES.map((c) => [c, median(done.map((r) => r.scores[c]))]),
    ) as Record<Category, number>;
    console.log(
      `Lighthouse (mobile) ${path}, median of ${runs}: ` +
        CATEGORIES.map((c) => `${c} ${med[c]}${c !== 'seo' && med[c] < TARGET ? ' (below 95)' : ''}`).join(
          ', ',
        ),
    );
    const lost = new Set(done.flatMap((r) => Object.values(r.failing).flat()));
    if (lost.size > 0) console.log(`  audits that cost points: ${[...lost].join(', ')}`);
    results.push({ path, median: med, runs: done });
  }
  return results;
}

/** What the published figures need beside them: versions and the machine's load. */
export function lighthouseContext() {
  const lighthouseVersion = (
    JSON.parse(readFileSync(join(root, 'node_modules/lighthouse/package.json'), 'utf8')) as {
      version: string;
    }
  ).version;
  const chromiumVersion = execFileSync(CHROMIUM_PATH, ['--version'], { encoding: 'utf8' }).trim();
  return {
    lighthouse: lighthouseVersion,
    chromium: chromiumVersion,
    formFactor: 'mobile (Lighthouse default)',
    throttling: 'simulated (Lighthouse default: slow 4G, 4x CPU)',
    loadAverage: loadavg().map((l) => Math.round(l * 100) / 100),
  };
}

export function writeLighthouseResults(pages: PageResult[], started: ReturnType<typeof lighthouseContext>) {
  const result = {
    date: new Date().toISOString(),
    target: TARGET,
    ...lighthouseContext(),
    loadAverageAtStart: started.loadAverage,
    pages,
  };
  mkdirSync(join(root, 'bench/results'), { recursive: true });
  writeFileSync(join(root, 'bench/results/lighthouse.json'), `${JSON.stringify(result, null, 2)}\n`);
  console.log('wrote bench/results/lighthouse.json');
}

async function main(): Promise<void> {
  const { values: args } = parseArgs({
    options: {
      runs: { type: 'string', default: '5' },
      'skip-build': { type: 'boolean', default: false },
      /** A folder for each run's whole Lighthouse report (JSON), to see where the points go. */
      reports: { type: 'string' },
    },
  });
  const runs = Number(args.runs);
  if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs takes a whole number of at least 1');
  if (!args['skip-build']) execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  assertBuilt();
  const started = lighthouseContext();
  console.log(`${started.lighthouse} / ${started.chromium}; load average ${started.loadAverage.join(', ')}`);
  const app = await startDemoApp();
  try {
    if (args.reports) mkdirSync(args.reports, { recursive: true });
    writeLighthouseResults(await lighthouseMobile(app.baseUrl, runs, args.reports), started);
  } finally {
    await app.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`)
  main().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
