/**
 * Lighthouse on a phone (issue 35 item 5, decision 0144): performance, accessibility, best practices
 * (and SEO, for information) of the demo hay farmer's probe list and one of his storages.
 *
 *   npx tsx bench/web/lighthouse.ts [--runs 5] [--skip-build] [--reports DIR] [--peer-web-dist DIR]
 *   npm run build && npm run bench -- web      (bench/web/run.ts runs this too, after its own figures)
 *
 * Builds the app once (unless --skip-build), starts the built server on a fresh store with the demo
 * seeded and two days of readings, and for each run launches Debian's Chromium afresh, logs in through
 * the login page in that same browser (so the app restores its session from its own refresh cookie, as
 * on a phone that was used yesterday), and runs Lighthouse with its default settings: the mobile form
 * factor (Moto G Power screen) and simulated throttling (slow 4G, 4x CPU slowdown). Scores per category
 * are the median of the runs, each category on its own. Results to stdout and bench/results/lighthouse.json.
 *
 * With --peer-web-dist another build of the web app (e.g. the main branch's, built with
 * `npx vite build --outDir DIR` there) is served by a second demo app and audited run for run beside
 * this one, alternately first: on a loaded machine both suffer the same load, and the pair's ratio
 * says what the change did when the absolute scores cannot (decision 0146).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/lib/chromium.mjs';
import { median as medianOf } from '../support/procStats.js';
import { assertBuilt, logInThroughLoginPage, root, startDemoApp, storagePath } from './demoApp.js';
import { loadMetricsOf, type LoadMetrics } from './lighthouseMetrics.js';
import { mainThreadRan } from './mainThreadRan.js';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];
/** The issue's bar, for the categories it names (SEO is reported, not held to it). */
const TARGET = 95;

/** A run's timings, layout shift and the host's benchmark index (LoadMetrics), and its scores. */
export interface LighthouseRun extends LoadMetrics {
  scores: Record<Category, number>;
  /** What the largest paint was (its text): the notifications dialog, or the page itself. */
  lcpElement: string;
  /** The audits that cost points (score below 1), by category: what to fix next. */
  failing: Partial<Record<Category, string[]>>;
  /**
   * The share of its tasks' wall time the page's main thread ran (mainThreadRan): below 1, the host's
   * other work held the cores, and the simulated phone's times are longer by that much. Read beside
   * the benchmark index.
   */
  mainThreadRan: number;
}

export interface PageResult {
  path: string;
  median: Record<Category, number>;
  runs: LighthouseRun[];
  /** Runs that were incomplete (IncompleteRun) and run again. */
  incompleteRuns: number;
  /** The peer build's runs, alternated with these (--peer-web-dist). */
  peer?: { median: Record<Category, number>; runs: LighthouseRun[]; incompleteRuns: number };
}

/** Scores and times are whole numbers: the median of an even count is rounded to one. */
const median = (values: number[]): number =>
  values.length % 2 === 1 ? medianOf(values) : Math.round(medianOf(values));

/** Lighthouse's mobile screen (its default: a Moto G Power's, in CSS pixels). */
const LIGHTHOUSE_PHONE = { width: 412, height: 823 };

/** Logs in through the login page of the Chromium listening on `port`, leaving its refresh cookie there. */
async function logInInBrowser(port: number, baseUrl: string): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    // On the phone's screen Lighthouse then emulates: the server draws pages for the screen of the login.
    await logInThroughLoginPage(browser.contexts()[0]!, baseUrl, LIGHTHOUSE_PHONE);
  } finally {
    // Leaves the browser running: Lighthouse drives it next.
    await browser.close().catch(() => {});
  }
}

/**
 * A run whose trace ended before the page had asked for its data or painted anything Lighthouse
 * counts as its largest paint: Lighthouse ends the trace after a second without network or long
 * tasks, and on a loaded machine the app can give it such a second before the page is there (it did
 * while it drew in short slices, decision 0146). Its score (0 without a largest paint) measures no
 * page. So does a run Lighthouse itself could not record (its `runtimeError`: NO_NAVSTART, NO_FCP).
 */
export class IncompleteRun extends Error {}

/** A document larger than this carries a page the server drew (index.html alone is about 2 kB). */
const DRAWN_DOCUMENT_BYTES = 10_000;

/** The call each audited page reads its data with. */
const DATA_CALL = (path: string) => (path === '/probes' ? '/client/data?' : '/client/getStorages?');

/**
 * One audit of `path` in a fresh Chromium, logged in. `audited` is called once Lighthouse is done, while
 * the browser is still open (hostContention.ts reads its processes' CPU there).
 */
export async function runOnce(
  baseUrl: string,
  path: string,
  reportFile?: string,
  audited?: () => void,
): Promise<LighthouseRun> {
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
    audited?.();
    const lhr = result.lhr;
    if (lhr.runtimeError) throw new IncompleteRun(`Lighthouse: ${lhr.runtimeError.message}`);
    if (reportFile) writeFileSync(reportFile, JSON.stringify(lhr));
    const landed = new URL(lhr.finalDisplayedUrl).pathname;
    if (landed !== path)
      throw new Error(`Lighthouse ended on ${landed}, not ${path}: the login did not hold`);
    const metrics = loadMetricsOf(lhr);
    const details = (id: string) => lhr.audits[id]?.details as { items?: unknown[] } | undefined;
    const requests = (details('network-requests')?.items ?? []) as { url: string; resourceSize?: number }[];
    // A page the server drew arrives with its data (decision 0174): its document is the page, not the
    // two-kilobyte index.html.
    const drawn = (requests[0]?.resourceSize ?? 0) > DRAWN_DOCUMENT_BYTES;
    if (!(drawn || requests.some((r) => r.url.includes(DATA_CALL(path)))) || !Number.isFinite(metrics.lcpMs))
      throw new IncompleteRun(`the trace of ${path} ended before the page had its data and a largest paint`);
    const lcpTable = details('largest-contentful-paint-element')?.items?.[0] as
      { items?: { node?: { nodeLabel?: string } }[] } | undefined;
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
      ...metrics,
      lcpElement: lcpTable?.items?.[0]?.node?.nodeLabel ?? '',
      failing,
      mainThreadRan: mainThreadRan(result.artifacts.Trace),
    };
  } finally {
    chrome.kill();
  }
}

/** Runs Lighthouse `runs` times on the probe list and on a storage of the running demo app. */
export async function lighthouseMobile(
  baseUrl: string,
  runs: number,
  reportsDir?: string,
  peerUrl?: string,
): Promise<PageResult[]> {
  const pages = ['/probes', await storagePath(baseUrl)];
  const results: PageResult[] = [];
  const medians = (done: LighthouseRun[]) =>
    Object.fromEntries(CATEGORIES.map((c) => [c, median(done.map((r) => r.scores[c]))])) as Record<
      Category,
      number
    >;
  const line = (r: LighthouseRun) =>
    `${CATEGORIES.map((c) => `${c} ${r.scores[c]}`).join(', ')}; FCP ${r.fcpMs}, LCP ${r.lcpMs} (observed ${r.observedLcpMs}), TBT ${r.tbtMs} ms; host's benchmark index ${r.benchmarkIndex}, main thread ran ${Math.round(r.mainThreadRan * 100)} % of its tasks' time`;
  for (const path of pages) {
    const done: LighthouseRun[] = [];
    const peerDone: LighthouseRun[] = [];
    // An incomplete run is run again, up to twice; how many there were goes into the results.
    const complete = async (run: () => Promise<LighthouseRun>, who: string): Promise<LighthouseRun> => {
      for (let attempt = 1; ; attempt++) {
        try {
          return await run();
        } catch (err) {
          if (!(err instanceof IncompleteRun) || attempt === 3) throw err;
          incomplete[who] = (incomplete[who] ?? 0) + 1;
          console.log(`  ${path}${who ? ` (${who})` : ''}: ${err.message}; run again`);
        }
      }
    };
    const incomplete: Record<string, number> = {};
    for (let i = 0; i < runs; i++) {
      const reportFile = (who: string) =>
        reportsDir
          ? join(reportsDir, `${who}${path.replaceAll('/', '_').slice(1)}-${i + 1}.json`)
          : undefined;
      const own = async () => {
        done.push(await complete(() => runOnce(baseUrl, path, reportFile('')), ''));
        console.log(`  ${path} run ${i + 1}: ${line(done.at(-1)!)}`);
      };
      const peer = async () => {
        if (!peerUrl) return;
        peerDone.push(await complete(() => runOnce(peerUrl, path, reportFile('peer-')), 'peer build'));
        console.log(`  ${path} run ${i + 1}, peer build: ${line(peerDone.at(-1)!)}`);
      };
      // Alternately first, so that neither build always runs into the other's aftermath.
      if (i % 2 === 0) {
        await own();
        await peer();
      } else {
        await peer();
        await own();
      }
    }
    const med = medians(done);
    console.log(
      `Lighthouse (mobile) ${path}, median of ${runs}: ` +
        CATEGORIES.map((c) => `${c} ${med[c]}${c !== 'seo' && med[c] < TARGET ? ' (below 95)' : ''}`).join(
          ', ',
        ),
    );
    const lost = new Set(done.flatMap((r) => Object.values(r.failing).flat()));
    if (lost.size > 0) console.log(`  audits that cost points: ${[...lost].join(', ')}`);
    if (peerUrl) {
      const peerMed = medians(peerDone);
      console.log(
        `  peer build, median of ${runs}: ${CATEGORIES.map((c) => `${c} ${peerMed[c]}`).join(', ')}`,
      );
      results.push({
        path,
        median: med,
        runs: done,
        incompleteRuns: incomplete[''] ?? 0,
        peer: { median: peerMed, runs: peerDone, incompleteRuns: incomplete['peer build'] ?? 0 },
      });
    } else results.push({ path, median: med, runs: done, incompleteRuns: incomplete[''] ?? 0 });
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
      /** Another build of the web app, audited beside this one (see the head of this file). */
      'peer-web-dist': { type: 'string' },
    },
  });
  const runs = Number(args.runs);
  if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs takes a whole number of at least 1');
  if (!args['skip-build']) execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  assertBuilt();
  const started = lighthouseContext();
  console.log(`${started.lighthouse} / ${started.chromium}; load average ${started.loadAverage.join(', ')}`);
  const app = await startDemoApp();
  const peer = args['peer-web-dist']
    ? await startDemoApp({ web: resolve(args['peer-web-dist']) }).catch(async (err: unknown) => {
        await app.stop();
        throw err;
      })
    : null;
  try {
    if (args.reports) mkdirSync(args.reports, { recursive: true });
    writeLighthouseResults(await lighthouseMobile(app.baseUrl, runs, args.reports, peer?.baseUrl), started);
  } finally {
    await app.stop();
    await peer?.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`)
  main().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
