/**
 * What Lighthouse would score a server-drawn first screen (issue 35 item 5, decision 0174): the ceiling
 * of the architecture, measured before building it. The demo hay farmer's probe list and storage are
 * opened in Chromium on a phone's screen, as the app draws them today, and taken as they stand once the
 * notifications dialog has opened by itself (the page's HTML with every style rule the page holds
 * inlined: what a server render would send). A small static server then serves each snapshot at its
 * path and Lighthouse audits it with its defaults (mobile, simulated slow 4G and 4x CPU).
 *
 *   npx tsx bench/web/serverDrawnCeiling.ts [--runs 3] [--scripts none|head|late] [--results FILE]
 *
 * --scripts says what the snapshot keeps of the app's scripts (served from apps/web/dist):
 *   none  no script: the page alone (HTML and CSS), the ceiling of any server-drawn start;
 *   head  the scripts as the app places them today (the entry in the head, its chunks preloaded);
 *   late  the entry script alone, at the end of the body, `async` and fetched at low priority.
 * With scripts the snapshot's root element is renamed, so the entry runs every module it imports and
 * stops where it would render (it finds no `#root`): the figure is the scripts' download and evaluation,
 * not a render. A hydration's render comes on top; decision 0174 budgets it.
 *
 * Needs `npm run build` (the demo app and the web build). Results to stdout and the --results file.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { loadavg } from 'node:os';
import { dirname, extname, join, normalize, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/lib/chromium.mjs';
import { median } from '../support/procStats.js';
import { positive } from '../support/positiveArg.js';
import {
  assertBuilt,
  firstShown,
  loggedInPhonePage,
  root,
  startDemoApp,
  storagePath,
  webDist,
} from './demoApp.js';
import { loadMetricsOf, performanceOf, type LoadMetrics } from './lighthouseMetrics.js';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    scripts: { type: 'string', default: 'none' },
    results: { type: 'string', default: 'bench/results/server-drawn-ceiling.json' },
  },
});
const RUNS = Math.round(positive('runs', args.runs, 50));
const SCRIPTS = args.scripts as 'none' | 'head' | 'late';
if (!['none', 'head', 'late'].includes(SCRIPTS)) throw new Error('--scripts takes none, head or late');

/** The page as it stands, its style rules inlined, its scripts kept as `mode` says (run in the page). */
function snapshotOf(mode: 'none' | 'head' | 'late'): string {
  // The page's document, as far as this reads it (the bench is typed without the DOM's lib).
  interface El {
    id: string;
    textContent: string | null;
    outerHTML: string;
    remove(): void;
    setAttribute(name: string, value: string): void;
    appendChild(child: El): void;
    cloneNode(deep: boolean): El;
    querySelector(selector: string): El | null;
    querySelectorAll(selector: string): Iterable<El>;
  }
  const page = (
    globalThis as unknown as {
      document: {
        documentElement: El;
        styleSheets: Iterable<{ cssRules: Iterable<{ cssText: string }> }>;
        createElement(tag: string): El;
      };
    }
  ).document;
  const rules: string[] = [];
  for (const sheet of page.styleSheets) for (const rule of sheet.cssRules) rules.push(rule.cssText);
  const doc = page.documentElement.cloneNode(true);
  // Emotion writes its rules into the style sheet's object model, not into its <style> elements.
  for (const e of [...doc.querySelectorAll('style, link[rel="stylesheet"]')]) e.remove();
  const style = page.createElement('style');
  style.textContent = rules.join('\n');
  doc.querySelector('head')!.appendChild(style);
  // (No helper function here: the bench's TypeScript runner names functions with a helper the page lacks.)
  if (mode === 'none')
    for (const e of [...doc.querySelectorAll('script, link[rel="modulepreload"]')]) e.remove();
  else doc.querySelector('#root')!.id = 'root-drawn';
  if (mode === 'late') {
    for (const e of [...doc.querySelectorAll('link[rel="modulepreload"]')]) e.remove();
    const body = doc.querySelector('body')!;
    for (const script of [...doc.querySelectorAll('script[src]')]) {
      script.setAttribute('async', '');
      script.setAttribute('fetchpriority', 'low');
      body.appendChild(script);
    }
  }
  return `<!doctype html>\n${doc.outerHTML}`;
}

async function snapshots(): Promise<Record<string, Buffer>> {
  const app = await startDemoApp();
  const pages: Record<string, Buffer> = {};
  try {
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    try {
      for (const path of ['/probes', await storagePath(app.baseUrl)]) {
        const { context, page } = await loggedInPhonePage(browser, app.baseUrl);
        await page.goto(`${app.baseUrl}${path}`);
        await firstShown(page, path).waitFor({ timeout: 60_000 });
        // The demo farm has a bounced mailbox: its notifications open by themselves 2 s after the data.
        await page.getByRole('dialog').first().waitFor({ timeout: 15_000 });
        const html = await page.evaluate(snapshotOf, SCRIPTS);
        pages[path] = gzipSync(Buffer.from(html));
        console.log(`${path}: ${html.length} bytes of HTML and CSS, ${pages[path].length} gzipped`);
        await context.close();
      }
    } finally {
      await browser.close();
    }
  } finally {
    await app.stop();
  }
  return pages;
}

const TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webmanifest': 'application/manifest+json',
};

/** Serves the snapshots at their paths and the web build's files beside them, gzipped. */
async function serve(pages: Record<string, Buffer>): Promise<{ url: string; close: () => void }> {
  const gzipped = new Map<string, Buffer>();
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    const page = pages[path];
    if (page) {
      res.writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'content-encoding': 'gzip',
        'cache-control': 'no-store',
      });
      res.end(page);
      return;
    }
    const file = normalize(join(webDist, path));
    if (!file.startsWith(webDist) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, {
      'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      'content-encoding': 'gzip',
      'cache-control': 'public, max-age=31536000, immutable',
    });
    // Compressed once: the server shares the machine with the audited browser.
    let body = gzipped.get(file);
    if (!body) gzipped.set(file, (body = gzipSync(readFileSync(file))));
    res.end(body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, close: () => server.close() };
}

interface Run extends LoadMetrics {
  performance: number;
}

async function audit(url: string): Promise<Run> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless', ...CHROMIUM_ARGS],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
    });
    const lhr = result?.lhr;
    if (!lhr || lhr.runtimeError) throw new Error(`Lighthouse: ${lhr?.runtimeError?.message ?? 'no result'}`);
    return { performance: performanceOf(lhr), ...loadMetricsOf(lhr) };
  } finally {
    chrome.kill();
  }
}

async function main() {
  assertBuilt();
  const loadAtStart = loadavg().map((l) => Math.round(l * 100) / 100);
  const pages = await snapshots();
  const server = await serve(pages);
  const results: { path: string; htmlGzipBytes: number; runs: Run[]; median: Run }[] = [];
  try {
    for (const path of Object.keys(pages)) {
      const runs: Run[] = [];
      for (let i = 0; i < RUNS; i++) {
        const r = await audit(`${server.url}${path}`);
        runs.push(r);
        console.log(
          `  ${path} run ${i + 1}: performance ${r.performance}; FCP ${r.fcpMs}, LCP ${r.lcpMs}, TBT ${r.tbtMs}, SI ${r.speedIndexMs} ms, CLS ${r.cls}`,
        );
      }
      const med = Object.fromEntries(
        (Object.keys(runs[0]!) as (keyof Run)[]).map((k) => [k, median(runs.map((r) => r[k]))]),
      ) as unknown as Run;
      console.log(`${path} (scripts: ${SCRIPTS}), median of ${RUNS}: performance ${med.performance}`);
      results.push({ path, htmlGzipBytes: pages[path]!.length, runs, median: med });
    }
  } finally {
    server.close();
  }
  const lighthouseVersion = (
    JSON.parse(readFileSync(join(root, 'node_modules/lighthouse/package.json'), 'utf8')) as {
      version: string;
    }
  ).version;
  const file = resolve(root, args.results);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(
    file,
    `${JSON.stringify(
      {
        date: new Date().toISOString(),
        scripts: SCRIPTS,
        lighthouse: lighthouseVersion,
        chromium: execFileSync(CHROMIUM_PATH, ['--version'], { encoding: 'utf8' }).trim(),
        loadAverageAtStart: loadAtStart,
        loadAverage: loadavg().map((l) => Math.round(l * 100) / 100),
        pages: results,
      },
      null,
      2,
    )}\n`,
  );
}

await main();
