// The accessibility checks' shared pieces (decision 0138): the axe scan and what it counts as a failure,
// waiting for a page to settle without fixed sleeps.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';

/** The desktop and phone widths every route is scanned at (the phone is the spec's 360 px). */
export const DESKTOP = { width: 1280, height: 800 } as const;
export const PHONE = { width: 360, height: 740 } as const;

/** WCAG 2.0–2.2 A and AA: the rules a scan runs. Best-practice rules are not a conformance level. */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

export interface Finding {
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

/** axe-core's script, read once per worker: AxeBuilder's own (the version it pins). */
const AXE_SOURCE = readFileSync(
  createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright')).resolve(
    'axe-core/axe.min.js',
  ),
  'utf8',
);

/** What a scan returns of axe's results: the violations (their impact, help and elements). */
interface AxeViolation {
  id: string;
  impact?: string | null;
  help: string;
  nodes: { target: string[]; html: string }[];
}

/** One axe scan of the page as it is: the serious and critical violations, each with its elements. */
export async function seriousViolations(page: Page): Promise<Finding[]> {
  // Only the violations are gathered: the passing nodes' details are most of axe's time on a big page.
  // `axe.run` in the page itself, as AxeBuilder's legacy mode does; its default opens a blank page for
  // every scan to merge the frames' partial results, which made a scan 2–3 times slower (3.3–5.0 s
  // against 1.2–1.6 s on the probe list at a load of 8.5). What it gives up, cross-origin frames, the
  // app does not have. Unlike AxeBuilder, which evaluates axe's 550 kB script twice on every scan, the
  // script is put into a document once: the sweep scans every page of a walk in the same document.
  const injected = await page.evaluate(() => 'axe' in globalThis);
  if (!injected) {
    await page.evaluate(AXE_SOURCE);
    await page.evaluate(() => {
      const axe = (globalThis as unknown as { axe: { configure(c: object): void } }).axe;
      axe.configure({ allowedOrigins: ['<same_origin>'] });
    });
  }
  const results = await page.evaluate(
    (tags) =>
      (
        globalThis as unknown as {
          axe: { run(context: unknown, options: object): Promise<{ violations: AxeViolation[] }> };
        }
      ).axe.run((globalThis as unknown as { document: unknown }).document, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
      }),
    AXE_TAGS,
  );
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      rule: v.id,
      impact: v.impact ?? '',
      help: v.help,
      targets: v.nodes.slice(0, 5).map((n) => `${n.target.join(' ')} ${n.html.slice(0, 100)}`),
    }));
}

/**
 * Counts the page's API calls in flight, so a scan waits for the data a page asked for rather than
 * for a fixed time. Only fetch/XHR to the API count: the WebSocket and the static files do not.
 */
export function trackApiCalls(page: Page): () => number {
  const inFlight = new Set<unknown>();
  const isApi = (url: string, type: string) =>
    (type === 'fetch' || type === 'xhr') && /\/(client|admin|api)\//.test(new URL(url).pathname);
  page.on('request', (r) => {
    if (isApi(r.url(), r.resourceType())) inFlight.add(r);
  });
  const done = (r: unknown) => inFlight.delete(r);
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return () => inFlight.size;
}

/**
 * Waits until the page has drawn: no API call in flight, no spinner or progress bar, no transition
 * running (a dialog fading in has its colours half mixed with the page's, which axe reads as too little
 * contrast), and the same count twice in a row (a page that loads in two steps asks again after the
 * first answer).
 */
export async function settle(page: Page, inFlight: () => number, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let quietTurns = 0;
  while (quietTurns < 2) {
    if (Date.now() > deadline) throw new Error(`${page.url()} did not settle in ${timeoutMs} ms`);
    const busy =
      inFlight() > 0 ||
      (await page.evaluate(() => {
        const doc = (
          globalThis as unknown as {
            document: {
              querySelectorAll(s: string): { length: number };
              getAnimations(): {
                playState: string;
                effect: { getComputedTiming(): { endTime?: number | string } } | null;
              }[];
            };
          }
        ).document;
        // A transition (MUI's fades and slides) ends; a spinner's endless animation is the check above.
        const transitioning = doc
          .getAnimations()
          .some(
            (a) =>
              a.playState === 'running' && Number.isFinite(Number(a.effect?.getComputedTiming().endTime)),
          );
        return (
          transitioning ||
          doc.querySelectorAll('[role="progressbar"]:not([aria-valuenow]), .MuiSkeleton-root').length > 0
        );
      }));
    quietTurns = busy ? 0 : quietTurns + 1;
    // One animation frame between looks: React commits what the last answer brought.
    await page.evaluate(
      () =>
        new Promise((resolve) =>
          (globalThis as unknown as { requestAnimationFrame(cb: () => void): void }).requestAnimationFrame(
            () => resolve(null),
          ),
        ),
    );
  }
}

/** Moves the app to `target` the way its own links do (history and popstate), without a reload. */
export async function navigateInApp(page: Page, target: string): Promise<void> {
  await page.evaluate((to) => {
    const w = globalThis as unknown as {
      history: { pushState(s: unknown, t: string, u: string): void };
      dispatchEvent(e: unknown): void;
      PopStateEvent: new (type: string) => unknown;
    };
    w.history.pushState({}, '', to);
    w.dispatchEvent(new w.PopStateEvent('popstate'));
  }, target);
}
