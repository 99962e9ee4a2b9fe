import type { Page } from '@playwright/test';
import { expect, test } from './support/test.js';

// The browser tests' shared tab (decision 0166): a test gets the tab the last one used, with nothing the
// last one left — storage, cookies, routes, listeners, locator handlers — and a tab changed for good is not handed on.
// The tests of a file run in order in one worker, so each test here sees what the one before it did.

/** What the page can read of the origin's storage. */
function stored(page: Page) {
  return page.evaluate(async () => {
    const web = globalThis as unknown as {
      localStorage: { length: number };
      sessionStorage: { length: number };
      document: { cookie: string };
      indexedDB: { databases(): Promise<{ name?: string }[]> };
      marked?: boolean;
    };
    return {
      local: web.localStorage.length,
      session: web.sessionStorage.length,
      cookie: web.document.cookie,
      databases: (await web.indexedDB.databases()).map((d) => d.name),
      initScript: web.marked === true,
    };
  });
}

/** The page's answer to whether it may read the clipboard. */
function permission(page: Page) {
  return page.evaluate(async () => {
    const web = globalThis as unknown as {
      navigator: { permissions: { query(p: { name: string }): Promise<{ state: string }> } };
    };
    return (await web.navigator.permissions.query({ name: 'clipboard-read' })).state;
  });
}

let firstPage: Page | undefined;
let listenerCalls = 0;
let handlerCalls = 0;

test('a test leaves storage, a cookie, a permission, a route, a listener and a locator handler behind', async ({
  page,
}) => {
  firstPage = page;
  await page.goto('/robots.txt');
  await page.evaluate(async () => {
    const web = globalThis as unknown as {
      localStorage: { setItem(k: string, v: string): void };
      sessionStorage: { setItem(k: string, v: string): void };
      document: { cookie: string };
      indexedDB: { open(name: string): { onsuccess: unknown } };
    };
    web.localStorage.setItem('left', 'behind');
    web.sessionStorage.setItem('left', 'behind');
    web.document.cookie = 'left=behind; path=/';
    await new Promise((resolve) => {
      web.indexedDB.open('left-behind').onsuccess = resolve;
    });
  });
  await page.context().grantPermissions(['clipboard-read']);
  expect(await permission(page)).toBe('granted');
  page.on('console', () => (listenerCalls += 1));
  await page.route('**/robots.txt', (route) => route.fulfill({ body: 'routed' }));
  await page.addLocatorHandler(page.getByText('handled'), () => {
    handlerCalls += 1;
    return Promise.resolve();
  });
  expect(await stored(page)).toEqual({
    local: 1,
    session: 1,
    cookie: 'left=behind',
    databases: ['left-behind'],
    initScript: false,
  });
});

test('the next test gets the same tab with none of it', async ({ page }) => {
  expect(page).toBe(firstPage);
  await page.goto('/robots.txt');
  await expect(page.locator('body')).not.toHaveText('routed');
  expect(await stored(page)).toEqual({ local: 0, session: 0, cookie: '', databases: [], initScript: false });
  expect(await permission(page)).toBe('prompt');
  await page.evaluate(() => console.log('heard by nobody'));
  expect(listenerCalls).toBe(0);
  // A locator handler left behind would run before this click, whose target it matches.
  await page.setContent('<button>handled</button>');
  await page.getByRole('button').click({ timeout: 5_000 });
  expect(handlerCalls).toBe(0);
  // An init script runs in every later document of its page: this tab is not handed on.
  await page.addInitScript(() => {
    (globalThis as unknown as { marked: boolean }).marked = true;
  });
});

test('a tab changed for good is replaced by a new one', async ({ page }) => {
  expect(page).not.toBe(firstPage);
  await page.goto('/robots.txt');
  expect((await stored(page)).initScript).toBe(false);
});
