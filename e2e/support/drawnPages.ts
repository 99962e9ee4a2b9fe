// A page drawn by the server and taken over by the browser (decision 0174): the checks the drawn pages'
// specs share — the login that tells the server the reader's clock and screen, and a page opened drawn
// and taken over without an error.
import { expect, test, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { demoPassword, demoUsers } from './app.js';

/** Logs `username` (the hay farmer) in through the login page of a new page of the context, then closes that page. */
export async function logInThroughLoginPage(
  context: BrowserContext,
  by: 'click' | 'tap',
  username: string = demoUsers.hay,
): Promise<void> {
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('Username', { exact: true }).fill(username);
  await page.getByLabel('Password', { exact: true }).fill(demoPassword);
  await page.getByRole('button', { name: 'Log in' })[by]();
  await expect(page.getByTestId('menu-button')).toBeVisible();
  // The login told the server who, and on which clock and screen, its pages are drawn for.
  const names = (await context.cookies()).map((c) => c.name);
  expect(names).toEqual(expect.arrayContaining(['ew_view', 'tz', 'ew_screen']));
  await page.close();
}

/**
 * What went wrong in a page: its uncaught errors (React reports a failed hydration so, as "Minified
 * React error #418" and its kin) and its console's errors.
 */
export function errorsOf(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  return errors;
}

/**
 * Records the first element the server drew inside #root, as the HTML parser inserts it and before any
 * script of the app runs: if the browser took the page over, it is still in the document afterwards;
 * a render that threw the drawn page away (a mismatch React could not recover in place) replaced it.
 */
export const RECORD_DRAWN_ROOT = () => {
  const web = globalThis as unknown as {
    document: { getElementById(id: string): { firstElementChild: unknown } | null };
    MutationObserver: new (cb: () => void) => { observe(n: unknown, o: unknown): void; disconnect(): void };
    ewDrawnRoot?: unknown;
  };
  const observer = new web.MutationObserver(() => {
    const first = web.document.getElementById('root')?.firstElementChild;
    if (first && !web.ewDrawnRoot) {
      web.ewDrawnRoot = first;
      observer.disconnect();
    }
  });
  observer.observe(web.document, { childList: true, subtree: true });
};

/** Whether React owns the element (a hydrated or rendered node carries its fiber). */
export const reactOwns = (element: unknown) =>
  Object.keys(element as object).some((k) => k.startsWith('__reactFiber'));

export interface Route {
  path: string;
  /** The page's own content, drawn by the server and taken over by the browser. */
  main: (page: Page) => Locator;
}

/**
 * Opens `route` in a new page of the logged-in context and checks that the server drew it and the
 * browser took it over without an error. Returns the page, open.
 */
export async function openDrawn(
  context: BrowserContext,
  route: Route,
): Promise<{ page: Page; errors: string[] }> {
  const page = await context.newPage();
  const errors = errorsOf(page);
  await page.addInitScript(RECORD_DRAWN_ROOT);
  const response = await page.goto(route.path);
  expect(response?.status(), route.path).toBe(200);
  const html = (await response?.text()) ?? '';
  expect(html, `${route.path} drawn by the server`).toContain('id="ew-state"');
  expect(response?.headers()['cache-control'], route.path).toBe('private, no-store');

  const main = route.main(page);
  await expect(main, route.path).toBeVisible();
  // Taken over: React owns the page's own content, and the drawn root element is still the document's.
  await expect.poll(() => main.evaluate(reactOwns), { message: `${route.path} hydrated` }).toBe(true);
  expect(
    await page.evaluate(() => {
      const drawn = (globalThis as unknown as { ewDrawnRoot?: { isConnected: boolean } }).ewDrawnRoot;
      return drawn?.isConnected ?? 'not recorded';
    }),
    `${route.path}: the drawn root element was kept`,
  ).toBe(true);
  // A hydration error is reported once React has compared the page's last part: give it the moment.
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
  expect(errors, `${route.path}: errors while the drawn page was taken over`).toEqual([]);
  return { page, errors };
}

/**
 * Opens each route as openDrawn does, and lists what failed: every route is tried. `atOnce` pages are
 * open side by side (each waits about a second for the network to be quiet, time the others can use).
 */
export async function failuresOf(context: BrowserContext, routes: Route[], atOnce = 1): Promise<string[]> {
  const failures: string[] = [];
  const open = async (route: Route) => {
    try {
      const { page } = await openDrawn(context, route);
      await page.close();
    } catch (error) {
      failures.push((error as Error).message);
    }
  };
  for (let i = 0; i < routes.length; i += atOnce) {
    const group = routes.slice(i, i + atOnce);
    await test.step(group.map((r) => r.path).join(', '), () =>
      Promise.all(group.map(open)).then(() => undefined),
    );
  }
  return failures;
}

/**
 * An admin's console pages the drawn pages' spec opens drawn in a browser: the log pages read up to the
 * moment drawn, and each was once drawn otherwise than the browser took it over (React's #418).
 */
export const ADMIN_CONSOLE_DRAWN = [
  '/admin',
  '/admin/server-logs',
  '/g-log',
  '/admin/audit',
  '/admin/staff',
  '/admin/sims',
  '/bslog',
  '/firmware',
  '/translations',
];
