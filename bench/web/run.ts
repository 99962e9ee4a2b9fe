/**
 * Web benchmark: the initial JavaScript of /login and /probes and their Lighthouse performance score.
 *
 *   npm run build && npx tsx bench/web/run.ts [--runs 3] [--skip-lighthouse]
 *
 * Builds nothing itself. From apps/web/dist it computes the initial JavaScript the issue budgets
 * (index.html's module script and modulepreload links, plus every chunk they import statically,
 * each gzipped) and, in Debian's Chromium, the JavaScript the browser really loads to show each page
 * (the lazily loaded logged-in shell included). Then it starts the built server on a fresh store with
 * the demo seeded and two days of readings, logs in, and runs Lighthouse 12 (desktop preset,
 * performance only) against /login and /probes — the latter with the session's refresh cookie.
 * Results go to stdout and bench/results/web.json; docs/PERFORMANCE.md records them. Then, on the same
 * server, Lighthouse's mobile profile on the probe list and a storage (bench/web/lighthouse.ts, which
 * writes bench/results/lighthouse.json); --skip-lighthouse skips both.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import * as chromeLauncher from 'chrome-launcher';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/lib/chromium.mjs';
import { apiLogin, assertBuilt, root, startDemoApp, webDist } from './demoApp.js';
import { lighthouseContext, lighthouseMobile, writeLighthouseResults } from './lighthouse.js';
import { loadMetricsOf, performanceOf } from './lighthouseMetrics.js';

const CHROME = CHROMIUM_PATH;
const CHROME_FLAGS = ['--headless', ...CHROMIUM_ARGS];
const REFRESH_COOKIE = 'ew_refresh';
const BUDGET_KB = 150;

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    'skip-lighthouse': { type: 'boolean', default: false },
  },
});
const RUNS = Number(args.runs);

const kB = (bytes: number) => Math.round(bytes / 100) / 10;

interface FileSize {
  file: string;
  raw: number;
  gzip: number;
  brotli: number;
}

function sizeOf(file: string): FileSize {
  const data = readFileSync(join(webDist, file));
  return {
    file,
    raw: data.length,
    gzip: gzipSync(data, { level: 9 }).length,
    brotli: brotliCompressSync(data).length,
  };
}

function total(files: FileSize[]) {
  return {
    count: files.length,
    rawKB: kB(files.reduce((s, f) => s + f.raw, 0)),
    gzipKB: kB(files.reduce((s, f) => s + f.gzip, 0)),
    brotliKB: kB(files.reduce((s, f) => s + f.brotli, 0)),
  };
}

/** Chunks a built chunk imports statically (`import … from "./x.js"`, `import "./x.js"`, `export … from`), never `import("…")`. */
function staticImports(code: string): string[] {
  const found = new Set<string>();
  for (const m of code.matchAll(/\bimport\s*(?:[\w$*{}\s,]*?\bfrom\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g))
    found.add(m[1]!);
  for (const m of code.matchAll(/\bexport\s*(?:\*|\{[^}]*\})\s*from\s*["'](\.{1,2}\/[^"']+\.js)["']/g))
    found.add(m[1]!);
  return [...found];
}

/** index.html's module script and modulepreload links, and the closure of their static imports. */
function initialJavaScript(): FileSize[] {
  const html = readFileSync(join(webDist, 'index.html'), 'utf8');
  const start = [
    ...html.matchAll(/<script[^>]*type="module"[^>]*src="\/([^"]+)"/g),
    ...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="\/([^"]+)"/g),
  ].map((m) => m[1]!);
  const seen = new Set<string>();
  const queue = [...start];
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const dir = file.slice(0, file.lastIndexOf('/') + 1);
    for (const imp of staticImports(readFileSync(join(webDist, file), 'utf8')))
      queue.push(new URL(imp, `http://x/${dir}`).pathname.slice(1));
  }
  return [...seen].sort().map(sizeOf);
}

/** A fresh session: refresh tokens rotate, so every page load gets its own. */
async function refreshCookie(baseUrl: string): Promise<string> {
  return (await apiLogin(baseUrl)).refreshCookie;
}

/** The JavaScript Chromium really fetches until the page is settled. */
async function loadedJavaScript(baseUrl: string, path: string, loggedIn: boolean): Promise<FileSize[]> {
  const browser = await chromium.launch({ executablePath: CHROME, args: CHROME_FLAGS.slice(1) });
  try {
    const context = await browser.newContext();
    if (loggedIn)
      await context.addCookies([
        { name: REFRESH_COOKIE, value: await refreshCookie(baseUrl), url: `${baseUrl}/admin` },
      ]);
    const page = await context.newPage();
    const scripts = new Set<string>();
    page.on('response', (r) => {
      const url = new URL(r.url());
      if (url.pathname.endsWith('.js')) scripts.add(url.pathname.slice(1));
    });
    await page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle' });
    if (loggedIn) await page.getByRole('table').first().waitFor({ timeout: 15_000 });
    else await page.getByRole('button', { name: 'Log in' }).waitFor({ timeout: 15_000 });
    return [...scripts].sort().map(sizeOf);
  } finally {
    await browser.close();
  }
}

interface LighthouseRun {
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  /** Where the page ended: /probes must not have been sent to /login. */
  finalUrl: string;
}

async function runLighthouse(url: string, cookie: string | null): Promise<LighthouseRun> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROME, chromeFlags: CHROME_FLAGS });
  try {
    const result = await lighthouse(
      url,
      {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        ...(cookie ? { extraHeaders: { Cookie: `${REFRESH_COOKIE}=${cookie}` } } : {}),
      },
      desktopConfig,
    );
    if (!result) throw new Error('Lighthouse returned nothing');
    const lhr = result.lhr;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
    return {
      score: performanceOf(lhr),
      ...loadMetricsOf(lhr),
      finalUrl: new URL(lhr.finalDisplayedUrl).pathname,
    };
  } finally {
    chrome.kill();
  }
}

function median(runs: LighthouseRun[]): LighthouseRun {
  const sorted = [...runs].sort((a, b) => a.score - b.score);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function main(): Promise<void> {
  assertBuilt();

  const initial = initialJavaScript();
  const initialTotal = total(initial);
  console.log(
    `initial JavaScript of /login and /probes (entry + static imports), gzipped: ${initialTotal.gzipKB} kB`,
  );
  for (const f of initial) console.log(`  ${f.file.padEnd(44)} ${String(kB(f.gzip)).padStart(7)} kB`);

  const lighthouseStart = lighthouseContext();
  const app = await startDemoApp();
  const { baseUrl } = app;
  try {
    const loginLoaded = await loadedJavaScript(baseUrl, '/login', false);
    const probesLoaded = await loadedJavaScript(baseUrl, '/probes', true);
    console.log(`JavaScript loaded to show /login: ${total(loginLoaded).gzipKB} kB gzipped`);
    console.log(
      `JavaScript loaded to show /probes (lazy shell included): ${total(probesLoaded).gzipKB} kB gzipped`,
    );
    for (const f of probesLoaded) console.log(`  ${f.file.padEnd(44)} ${String(kB(f.gzip)).padStart(7)} kB`);

    const lighthouseResults: Record<string, { median: LighthouseRun; runs: LighthouseRun[] }> = {};
    if (!args['skip-lighthouse']) {
      for (const [path, loggedIn] of [
        ['/login', false],
        ['/probes', true],
      ] as const) {
        const runs: LighthouseRun[] = [];
        for (let i = 0; i < RUNS; i++)
          runs.push(await runLighthouse(`${baseUrl}${path}`, loggedIn ? await refreshCookie(baseUrl) : null));
        const wrong = runs.find((r) => r.finalUrl !== path);
        if (wrong) throw new Error(`Lighthouse ended on ${wrong.finalUrl}, not ${path}`);
        lighthouseResults[path] = { median: median(runs), runs };
        console.log(
          `Lighthouse (desktop) ${path}: performance ${runs.map((r) => r.score).join(', ')} (median ${median(runs).score}); ` +
            `FCP ${median(runs).fcpMs} ms, LCP ${median(runs).lcpMs} ms, TBT ${median(runs).tbtMs} ms, CLS ${median(runs).cls}`,
        );
      }
    }

    const result = {
      date: new Date().toISOString().slice(0, 10),
      budgetKB: BUDGET_KB,
      initialJavaScript: { ...initialTotal, withinBudget: initialTotal.gzipKB <= BUDGET_KB, files: initial },
      loadedToShow: {
        login: { ...total(loginLoaded), files: loginLoaded.map((f) => f.file) },
        probes: { ...total(probesLoaded), files: probesLoaded.map((f) => f.file) },
      },
      lighthouse: { preset: 'desktop', chrome: CHROME, ...lighthouseResults },
    };
    mkdirSync(join(root, 'bench/results'), { recursive: true });
    writeFileSync(join(root, 'bench/results/web.json'), `${JSON.stringify(result, null, 2)}\n`);
    console.log('wrote bench/results/web.json');
    if (!args['skip-lighthouse'])
      writeLighthouseResults(await lighthouseMobile(baseUrl, RUNS), lighthouseStart);
  } finally {
    await app.stop();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
