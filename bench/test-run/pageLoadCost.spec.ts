import { expect, test, type Page } from '@playwright/test';

// What one load of the login page costs the machine in the browser tests, by how fresh the page is
// (docs/PERFORMANCE.md, "The test run"): the same tab, a new tab of the same context, a new context, a
// new test. Each case loads the page LOADS times; run one case at a time with bench/test-run/busy.sh.
const LOADS = Number(process.env.LOADS ?? 8);

async function loadLogin(page: Page, path = '/login'): Promise<void> {
  await page.goto(path);
  await expect(page.getByLabel('Password', { exact: true })).toBeVisible();
  await page.waitForLoadState('networkidle');
}

test('same tab: the page loaded again in one tab', async ({ page }) => {
  test.setTimeout(300_000);
  // Alternate addresses, so that each is a navigation, not a same-document no-op.
  for (let i = 0; i < LOADS; i++) await loadLogin(page, i % 2 ? '/login?again' : '/login');
});

test('new tab: a new tab of one context for each load', async ({ context }) => {
  test.setTimeout(300_000);
  for (let i = 0; i < LOADS; i++) {
    const page = await context.newPage();
    await loadLogin(page);
    await page.close();
  }
});

test('new context: a new browser context for each load, as each test gets', async ({ browser, baseURL }) => {
  test.setTimeout(300_000);
  for (let i = 0; i < LOADS; i++) {
    const context = await browser.newContext({ serviceWorkers: 'block', locale: 'en-GB', baseURL });
    await loadLogin(await context.newPage());
    await context.close();
  }
});

// Run with --repeat-each LOADS: Playwright gives each repetition a worker, and so a browser, of its own.
test('new test: one load in the test page', async ({ page }) => {
  await loadLogin(page);
});
