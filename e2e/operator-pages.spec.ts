import { expect, test } from './support/test.js';
import { demoUsers } from './support/app.js';
import { logInThroughApi } from './support/logInThroughApi.js';

// Issue 30 items 4, 5 and 7: every console page of the station side opens from the console's home in
// the browser, on the server the demo runs — firmware, probe stop settings, the server's logs, the
// Gari calls, the factory tests, the registered ids, the live connections, the RC test responses and
// the field systems — each with its title and none "Page not found"; those with fleet data show it.
const PAGES: { href: string; title: string; shows?: string }[] = [
  { href: '/firmware', title: 'Firmware' },
  { href: '/admin/probe-stop', title: 'Probe stop settings' },
  { href: '/admin/server-logs', title: 'Server logs' },
  { href: '/g-log', title: 'Gari system calls' },
  { href: '/test_', title: 'Test data' },
  { href: '/ids_', title: 'Registered ids' },
  // The admin's own browser is one of the live connections.
  { href: '/admin/connections', title: 'Live connections', shows: demoUsers.admin },
  // The demo's aeration controller.
  { href: '/rctest_', title: 'RC test responses', shows: 'RC12-PRAIRIE-A' },
  { href: '/fs', title: 'Field systems', shows: 'RC12-PRAIRIE-A' },
];

test('an admin opens each of the station side’s console pages from the console’s home', async ({ page }) => {
  // Nine pages, each loaded lazily: more than a minute on a loaded machine.
  test.setTimeout(240_000);
  await logInThroughApi(page, demoUsers.admin, '/admin');
  await expect(page).toHaveURL(/\/admin$/);
  for (const p of PAGES) {
    await page.getByRole('list', { name: 'Admin pages' }).locator(`a[href="${p.href}"]`).click();
    await expect(page).toHaveURL(new RegExp(`${p.href}$`));
    await expect(page.getByRole('heading', { level: 1, name: p.title })).toBeVisible();
    await expect(page.getByText('Page not found')).toHaveCount(0);
    if (p.shows) await expect(page.getByRole('main').getByText(p.shows).first()).toBeVisible();
    // Back to the console's home in the app, without loading the page again.
    await page.goBack();
    await expect(page).toHaveURL(/\/admin$/);
  }
});
