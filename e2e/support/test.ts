// The browser tests' `test`: each test gets the worker's one tab, cleared, instead of a new browser
// context with a new tab (decision 0166). A new tab costs the machine about three times what a new
// document in a tab it already has costs (its renderer, Playwright's set-up of the page; docs/PERFORMANCE.md,
// "The test run"), and the tests open one for nearly every test. Between tests the tab leaves the app for a
// plain file of the same origin and everything the app kept is cleared — cookies, local and session
// storage, IndexedDB, caches, permissions, routes, listeners, locator handlers — so a test starts as a user who has never
// visited, only with the browser's HTTP cache warm, as a returning visitor's is.
//
// A test that needs a context of another kind (a phone's touch screen, another time zone, service workers)
// or that changes its page for good (init scripts, exposed functions, a fake clock) imports `test` from
// '@playwright/test' as before and gets a context of its own; this one refuses those options.
import { test as base, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { baseUrl } from './app.js';

/** The options every shared tab is made with (playwright.config.ts's `use`, which a test may not change here). */
const SHARED = { locale: 'en-GB', timezoneId: 'UTC', serviceWorkers: 'block' } as const;
const DEFAULT_VIEWPORT = { width: 1280, height: 720 };
/** The page events a test may listen to; taken off after it, so that one test's handlers never see the next. */
const TEST_EVENTS = [
  'console',
  'pageerror',
  'request',
  'requestfinished',
  'requestfailed',
  'response',
  'dialog',
  'download',
  'popup',
  'websocket',
  'framenavigated',
  'load',
  'domcontentloaded',
  'filechooser',
] as const;
/** The page's methods that change it for every later document; a tab they were called on is not reused. */
const LASTING = ['addInitScript', 'exposeFunction', 'exposeBinding'] as const;

interface Tab {
  context: BrowserContext;
  page?: Page;
  /** The page was changed for good by the last test (LASTING, or its clock faked). */
  spoilt: boolean;
  /** The locators the test gave handlers (`addLocatorHandler`), taken off after it. */
  handled: Locator[];
}

/** The worker's context, made as playwright.config.ts's `use` would make a test's. */
function newSharedContext(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({ ...SHARED, baseURL: baseUrl(), viewport: DEFAULT_VIEWPORT });
}

/** A page of the worker's context, with the calls that would outlive a test marking the tab spoilt. */
async function openPage(tab: Tab): Promise<Page> {
  const page = await tab.context.newPage();
  for (const name of LASTING) {
    const original = page[name].bind(page) as (...args: unknown[]) => Promise<unknown>;
    (page as unknown as Record<string, unknown>)[name] = (...args: unknown[]) => {
      tab.spoilt = true;
      return original(...args);
    };
  }
  const clock = page.clock as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;
  for (const name of ['install', 'setFixedTime', 'setSystemTime', 'pauseAt'] as const) {
    const original = clock[name]!.bind(page.clock);
    clock[name] = (...args: unknown[]) => {
      tab.spoilt = true;
      return original(...args);
    };
  }
  const addLocatorHandler = page.addLocatorHandler.bind(page);
  page.addLocatorHandler = (locator, ...rest) => {
    tab.handled.push(locator);
    return addLocatorHandler(locator, ...rest);
  };
  tab.spoilt = false;
  tab.handled = [];
  tab.page = page;
  return page;
}

/** Leaves the app and clears what it kept, so that the next test starts as a first visit. */
async function clearTab(tab: Tab, origin: string): Promise<void> {
  const { context, page } = tab;
  if (!page || page.isClosed()) return;
  for (const event of TEST_EVENTS) page.removeAllListeners(event);
  for (const locator of tab.handled.splice(0)) await page.removeLocatorHandler(locator);
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await context.unrouteAll({ behavior: 'ignoreErrors' });
  await context.setOffline(false);
  // A plain file of the app's origin: the app stops (its timers, its live connection) and the origin's
  // storage is reachable from the page.
  await page.goto(`${origin}/robots.txt`);
  const cdp = await context.newCDPSession(page);
  try {
    await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' });
  } finally {
    await cdp.detach();
  }
  await page.evaluate(() => {
    const web = globalThis as unknown as {
      sessionStorage: { clear(): void };
      localStorage: { clear(): void };
    };
    web.sessionStorage.clear();
    web.localStorage.clear();
  });
  await context.clearCookies();
  await context.clearPermissions();
  await context.setExtraHTTPHeaders({});
  await page.emulateMedia({ media: null, colorScheme: null, reducedMotion: null, forcedColors: null });
}

export const test = base.extend<{ sharedTab: Tab }, { workerTab: Tab }>({
  workerTab: [
    async ({ browser }, use) => {
      const tab: Tab = { context: await newSharedContext(browser), spoilt: false, handled: [] };
      await use(tab);
      await tab.context.close();
    },
    { scope: 'worker' },
  ],
  sharedTab: async (
    {
      workerTab,
      isMobile,
      hasTouch,
      locale,
      timezoneId,
      serviceWorkers,
      storageState,
      offline,
      contextOptions,
    },
    use,
  ) => {
    // What a shared context cannot be for one test: such a test takes '@playwright/test''s own `test`.
    const foreign =
      isMobile ||
      hasTouch ||
      offline ||
      storageState !== undefined ||
      locale !== SHARED.locale ||
      timezoneId !== SHARED.timezoneId ||
      serviceWorkers !== SHARED.serviceWorkers ||
      Object.keys(contextOptions ?? {}).length > 0;
    if (foreign)
      throw new Error('this test needs a browser context of its own: import `test` from @playwright/test');
    await use(workerTab);
  },
  context: async ({ sharedTab }, use) => {
    await use(sharedTab.context);
  },
  page: async ({ sharedTab, viewport, baseURL }, use) => {
    const tab = sharedTab;
    if (!tab.page || tab.page.isClosed() || tab.spoilt) {
      if (tab.page && !tab.page.isClosed()) await tab.page.close();
      await openPage(tab);
    }
    const page = tab.page!;
    await page.setViewportSize(viewport ?? DEFAULT_VIEWPORT);
    await use(page);
    // Other pages the test opened in the context (a popup, a second tab) close with it.
    for (const other of tab.context.pages()) if (other !== page) await other.close();
    if (tab.spoilt || page.isClosed()) {
      if (!page.isClosed()) await page.close();
      // A new page still needs the clearing: cookies and storage belong to the context, not to the page.
      await openPage(tab);
    }
    try {
      await clearTab(tab, new URL(baseURL!).origin);
    } catch (error) {
      // What could not be cleared is not handed on: the next test gets a new context.
      await tab.context.close().catch(() => {});
      tab.context = await newSharedContext(tab.context.browser()!);
      tab.page = undefined;
      throw error;
    }
  },
});

export { expect } from '@playwright/test';
