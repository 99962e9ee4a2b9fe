import { expect, test } from './support/test.js';
import type { Page } from '@playwright/test';
import { backfillAged, demoPassword, demoUsers, runSimulator, stationIds } from './support/app.js';

async function logIn(page: Page, username: string): Promise<void> {
  await page.getByLabel('Username', { exact: true }).fill(username);
  await page.getByLabel('Password', { exact: true }).fill(demoPassword);
  await page.getByRole('button', { name: 'Log in' }).click();
}

test('an unauthenticated visitor of /probes is sent to log in and comes back to the probes afterwards', async ({
  page,
}) => {
  await page.goto('/probes');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fprobes$/);

  await logIn(page, demoUsers.grain);

  await expect(page).toHaveURL(/\/probes$/);
  await expect(page.getByTestId('probe-row').first()).toBeVisible();
});

test('a hay farmer logs in, sees the probes, watches a new simulated reading arrive without reloading, and logs out', async ({
  page,
}) => {
  await backfillAged();
  await page.goto('/probes');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fprobes$/);
  await logIn(page, demoUsers.hay);
  await expect(page).toHaveURL(/\/probes$/);

  const rows = page.getByTestId('probe-row');
  await expect(rows.first()).toBeVisible();
  // Every probe shows a temperature (°C by default).
  for (const temperature of await rows.getByTestId('probe-temp').all()) {
    await expect(temperature).toHaveText(/\d/);
  }

  // The global setup backfilled readings every 20 minutes up to more than a minute ago (backfillAged),
  // so the ages are not "0 min" yet; pick a probe and remember what it shows.
  const ages = await rows.getByTestId('probe-age').allTextContents();
  const index = ages.findIndex((age) => age.trim() !== '' && age.trim() !== '0 min');
  expect(
    index,
    `a probe whose last reading is older than a minute, among ages ${JSON.stringify(ages)}`,
  ).toBeGreaterThanOrEqual(0);
  const row = rows.nth(index);
  const sensorId = await row.getAttribute('data-sensor-id');
  expect(sensorId).toBeTruthy();
  const watched = page.locator(`[data-testid="probe-row"][data-sensor-id="${sensorId}"]`);
  const ageBefore = (await watched.getByTestId('probe-age').textContent())?.trim();
  expect(ageBefore).not.toBe('0 min');

  // A base station of the hay farm sends one round of readings stamped now.
  const hayStations = await stationIds('hay');
  expect(hayStations.length).toBeGreaterThan(0);
  // A marker on the window survives only if the page is not reloaded.
  await page.evaluate(() => {
    (globalThis as unknown as { emberwatchNoReload?: boolean }).emberwatchNoReload = true;
  });
  await runSimulator(['--once', '--only', hayStations.join(','), '--quiet']);

  // The page learns of it by push (no reload): the probe's age drops to "0 min".
  await expect(watched.getByTestId('probe-age')).toHaveText('0 min', { timeout: 20_000 });
  expect(
    await page.evaluate(() => (globalThis as unknown as { emberwatchNoReload?: boolean }).emberwatchNoReload),
  ).toBe(true);

  await page.getByTestId('menu-button').click();
  await page.getByTestId('menu-logout').click();
  await expect(page).toHaveURL(/\/login(\?.*)?$/);
});
