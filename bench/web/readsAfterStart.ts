/**
 * What a start reads (decisions 0182, 0183): the demo hay farmer's page loaded `--runs` times on a phone's
 * screen, and the API requests the page made in the `--seconds` after its document, with the push
 * socket's `ready`. The demo's stations send nothing live here (`--no-live`), so every read is one the
 * start itself asked for: none on a page the server drew with its data, the page's own reads on a start
 * the app draws itself, and in either case any data read again once the socket is ready.
 * `--installed`: the app's service worker is installed first, and each start is the installed app's,
 * drawn by the app from the worker's copy of its shell (decision 0128).
 *
 *   npx tsx bench/web/readsAfterStart.ts [--path /probes] [--runs 5] [--seconds 5] [--installed] [--web-dist DIR]
 *
 * The app must be built (`npm run build`); `--web-dist` serves another web build (a peer build, made as
 * docs/PERFORMANCE.md shows) from this server.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { DRAWN_STATE_ID } from '@emberwatch/shared/contracts/drawnPage';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/lib/chromium.mjs';
import { assertBuilt, logInThroughLoginPage, root, startDemoApp, webDist } from './demoApp.js';

const { values: args } = parseArgs({
  options: {
    path: { type: 'string', default: '/probes' },
    runs: { type: 'string', default: '5' },
    seconds: { type: 'string', default: '5' },
    installed: { type: 'boolean', default: false },
    'web-dist': { type: 'string' },
  },
});

assertBuilt();
const dist = args['web-dist'] ? resolve(root, args['web-dist']) : webDist;
const app = await startDemoApp({ web: dist });
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  const phone = { width: 412, height: 823 };
  const context = await browser.newContext({
    viewport: phone,
    isMobile: true,
    serviceWorkers: args.installed ? 'allow' : 'block',
  });
  await logInThroughLoginPage(context, app.baseUrl, phone);
  if (args.installed) {
    // Installed: the worker has kept the app's files and controls the pages of the context from now on.
    const page = await context.newPage();
    await page.goto(`${app.baseUrl}${args.path}`);
    await page.waitForFunction(
      () =>
        (globalThis as unknown as { navigator: { serviceWorker: { controller: unknown } } }).navigator
          .serviceWorker.controller !== null,
      undefined,
      { timeout: 30_000 },
    );
    await page.close();
  }
  const counts: number[] = [];
  for (let run = 1; run <= Number(args.runs); run++) {
    const page = await context.newPage();
    const reads: string[] = [];
    const readies: string[] = [];
    const started = Date.now();
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname.startsWith('/client/') || url.pathname.startsWith('/admin/'))
        reads.push(`${Date.now() - started} ms ${r.method()} ${url.pathname}`);
    });
    page.on('websocket', (ws) =>
      ws.on('framereceived', (f) => {
        const text = String(f.payload);
        if (text.includes('"ready"')) readies.push(text);
      }),
    );
    const answer = await page.goto(`${app.baseUrl}${args.path}`);
    const drawn = (await answer?.text())?.includes(`id="${DRAWN_STATE_ID}"`) ?? false;
    await page.waitForTimeout(Number(args.seconds) * 1000);
    const gets = reads.filter((r) => r.includes(' GET ')).length;
    counts.push(gets);
    console.log(`run ${run}: drawn by the server ${drawn}; ${gets} reads (GET); ${readies.join(' ')}`);
    for (const r of reads) console.log(`  ${r}`);
    await page.close();
  }
  console.log(`reads (GET) after the start, by run: ${counts.join(', ')}`);
} finally {
  await browser.close();
  await app.stop();
}
