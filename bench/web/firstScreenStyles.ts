/**
 * How much MUI a phone's first screen draws (decisions 0159, 0165): the demo hay farmer opens a page on a
 * phone's screen; once its first probe row (or storage heading) shows and the notifications have had
 * time to open by themselves, the page's MUI components (elements with a `Mui…-root` class, by kind)
 * and the style rules Emotion inserted for them are counted. A count, not a time: the same build gives
 * the same figures on a quiet or a loaded machine, so a change to the first screen is seen at once,
 * where the main thread's time (startTaskTime.ts) needs pairs and medians.
 *
 *   npx tsx bench/web/firstScreenStyles.ts [--path /probes] [--web-dist DIR]
 *
 * The app must be built (`npm run build`); --web-dist counts another build of the web app instead.
 */
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/lib/chromium.mjs';
import { assertBuilt, firstShown, loggedInPhonePage, startDemoApp } from './demoApp.js';

const { values: args } = parseArgs({
  options: {
    path: { type: 'string', default: '/probes' },
    'web-dist': { type: 'string' },
  },
});

/** The notifications open 2 s after the page; a little more, for a loaded machine. */
const AFTER_SHOWN_MS = 4_000;

assertBuilt();
const app = await startDemoApp(args['web-dist'] ? { web: args['web-dist'] } : {});
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  const { page } = await loggedInPhonePage(browser, app.baseUrl);
  await page.goto(`${app.baseUrl}${args.path}`);
  const shown = firstShown(page, args.path);
  await shown.waitFor({ timeout: 120_000 });
  await page.waitForTimeout(AFTER_SHOWN_MS);
  const counts = await page.evaluate(() => {
    // The page's document, as far as this count reads it (the bench is typed without the DOM's lib).
    interface Node {
      classList: Iterable<string>;
      getAttribute(name: string): string | null;
    }
    const doc = (
      globalThis as unknown as {
        document: {
          querySelectorAll(selector: string): ArrayLike<Node> & Iterable<Node>;
          querySelector(selector: string): Node | null;
          styleSheets: Iterable<{ ownerNode: Node | null; cssRules: { length: number } }>;
        };
      }
    ).document;
    const kinds = new Map<string, number>();
    for (const el of doc.querySelectorAll('[class*="Mui"]'))
      for (const c of el.classList) if (/^Mui[A-Za-z]+-root$/.test(c)) kinds.set(c, (kinds.get(c) ?? 0) + 1);
    let emotionRules = 0;
    for (const sheet of doc.styleSheets)
      if (sheet.ownerNode?.getAttribute('data-emotion')) emotionRules += sheet.cssRules.length;
    return {
      emotionRules,
      elements: doc.querySelectorAll('*').length,
      notificationsOpen: doc.querySelector('[aria-labelledby="notifications-title"]') !== null,
      kinds: [...kinds].sort((a, b) => b[1] - a[1]),
    };
  });
  const components = counts.kinds.reduce((n, [, k]) => n + k, 0);
  console.log(
    `${args.path}${args['web-dist'] ? ` (${args['web-dist']})` : ''}: ${components} MUI components, ` +
      `${counts.emotionRules} Emotion style rules, ${counts.elements} elements; ` +
      `notifications ${counts.notificationsOpen ? 'open' : 'not open'}`,
  );
  console.log(counts.kinds.map(([k, n]) => `  ${n} × ${k.replace(/-root$/, '')}`).join('\n'));
} finally {
  await browser.close();
  await app.stop();
}
