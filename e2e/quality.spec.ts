import { expect, test, type Page } from '@playwright/test';
import { demoPassword, demoUsers } from './support/app.js';

async function logIn(page: Page, username: string): Promise<void> {
  await page.getByLabel('Username', { exact: true }).fill(username);
  await page.getByLabel('Password', { exact: true }).fill(demoPassword);
  await page.getByRole('button', { name: 'Log in' }).click();
}

test("a hay farmer reads the quality bars of the farm's stacks, then one storage's", async ({ page }) => {
  await page.goto('/quality');
  await logIn(page, demoUsers.hay);
  await expect(page).toHaveURL(/\/quality$/);

  // Every storage with hay probes, each probe with its five bars, its quality and its last temperature.
  const overview = page.getByTestId('quality-overview');
  await expect(overview).toBeVisible();
  const first = overview.getByTestId('quality-storage').first();
  const probes = first.getByTestId('probe-quality');
  await expect(probes.first()).toBeVisible();
  expect(await probes.count()).toBeGreaterThan(1);
  await expect(probes.first()).toHaveAttribute('aria-label', /Quality [0-5] of 5\./);
  await expect(probes.first().getByTestId('quality-bars')).toBeVisible();
  await expect(probes.first().getByTestId('last-temp')).toHaveText(/°C/);

  // The storage's name leads to its quality mode, drawn on the layout, with the same probes.
  const name = (await first.getByRole('link').first().textContent()) ?? '';
  await first.getByRole('link', { name }).click();
  await expect(page).toHaveURL(/\/storages\/\d+\/quality$/);
  await expect(page.getByTestId('storage-quality')).toBeVisible();
  await expect(page.getByTestId('storage-quality').getByTestId('quality-level').first()).toBeVisible();
});
