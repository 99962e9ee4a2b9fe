import { expect, test } from './support/test.js';
import { demoPassword, demoUsers, keepAutoOpenClosed } from './support/app.js';

// Issue 32 item 2 (decision 0105): the demo's advisor opens the site index from the menu, sees the
// hay and grain farms that authorised it (not the compost works, which only got a request), and a
// site opens that farm's probes.
test('a master opens the site index from the menu and a site opens its probes', async ({ page, request }) => {
  await keepAutoOpenClosed(page, request, demoUsers.master);
  await page.goto('/');
  await expect(page).toHaveURL(/\/login/);
  await page.getByLabel('Username', { exact: true }).fill(demoUsers.master);
  await page.getByLabel('Password', { exact: true }).fill(demoPassword);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByTestId('menu-button').click();
  await page.getByTestId('menu-siteindex').click();
  await expect(page).toHaveURL(/\/siteindex$/);
  await expect(page.getByTestId('site-index-page')).toBeVisible({ timeout: 30_000 });
  for (const bsId of ['F1000001', 'F1000002', 'F1000003', 'F2000001', 'F2000002', 'F2000003'])
    await expect(page.getByTestId(`site-row-${bsId}`)).toBeVisible();
  await expect(page.getByTestId('site-row-F3000001')).toHaveCount(0);
  // Other specs in this worker may give the two farms another station (an activation, a merge): the
  // summary counts what the list shows, whatever that is.
  const summary = page.getByTestId('site-index-summary');
  await expect(summary).toContainText('Farms: 2 · Sites: ');
  const sites = Number(/Sites: (\d+)/.exec((await summary.textContent()) ?? '')?.[1]);
  expect(sites).toBeGreaterThanOrEqual(6);
  await expect(page.getByTestId(/^site-row-/)).toHaveCount(sites);

  await page.getByLabel('Filter by farm, site or station').fill('F2000002');
  await expect(page.getByTestId(/^site-row-/)).toHaveCount(1);
  await page.getByTestId('site-row-F2000002').getByTestId('site-name').click();
  await expect(page).toHaveURL(/\/probes$/);
});
