import { expect, test } from './support/test.js';
import type { Page } from '@playwright/test';
import { demoUsers } from './support/app.js';
import { logInThroughApi } from './support/logInThroughApi.js';

// Issue 30 (the operator console, part 1): the admin bar with its station picker and the way back
// from a customer's views (decision 0088), the stations' call log at /bslog with detailed logging
// (decision 0090), and the audit trail that records the switch (decision 0089), in the browser.
async function logInAsAdmin(page: Page, path: string): Promise<void> {
  await logInThroughApi(page, demoUsers.admin, path);
}

test('the admin bar finds a station, opens its customer’s views with whose they are, and goes back', async ({
  page,
}) => {
  await logInAsAdmin(page, '/admin');
  await expect(page).toHaveURL(/\/admin$/);
  const bar = page.getByTestId('admin-bar');
  await expect(bar).toBeVisible();
  await expect(bar.getByRole('radiogroup', { name: 'System family' })).toBeVisible();
  await bar.getByLabel('Find a base station').fill('North barn');
  const match = page.getByTestId('picker-match').filter({ hasText: 'F1000001' });
  await expect(match).toHaveCount(1);
  await match.click();
  await expect(page).not.toHaveURL(/\/admin/);
  const banner = page.getByTestId('customer-banner');
  await expect(banner).toContainText('Hillside Hay Farm');
  await expect(banner).toContainText('F1000001');
  await banner.getByRole('button', { name: 'Back to the console' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByTestId('customer-banner')).toHaveCount(0);
});

test('an admin reads a station’s calls at /bslog, switches its detailed logging, and the audit trail shows it', async ({
  page,
}) => {
  // Logged out, the call log sends the visitor to the login page first.
  await page.goto('/bslog');
  await expect(page).toHaveURL(/\/login/);
  await logInAsAdmin(page, '/bslog');
  await expect(page.getByTestId('bslog')).toBeVisible();
  await page.getByTestId('bslog-station').fill('F1000001');
  await page.getByRole('button', { name: 'Show' }).click();
  const calls = page.getByRole('region', { name: 'Calls of F1000001' });
  await expect(calls).toBeVisible();
  // The setup's backfill and the simulator delivered the demo stations' data through the station route.
  await expect(calls.getByText('Data').first()).toBeVisible();

  const detailed = calls.getByLabel('Detailed logging');
  await expect(detailed).not.toBeChecked();
  await detailed.click();
  await expect(detailed).toBeChecked();
  const logged = page.getByRole('region', { name: 'Base stations with detailed logging' });
  await expect(logged.getByText('F1000001')).toBeVisible();

  await page.goto('/admin/audit');
  const entry = page.getByRole('row').filter({ hasText: '/admin/postBsLoggingStatus' }).first();
  await expect(entry).toBeVisible();
  await expect(entry).toContainText('F1000001');

  // Off again, as it was.
  await page.goto('/bslog');
  await page.getByTestId('bslog-station').fill('F1000001');
  await page.getByRole('button', { name: 'Show' }).click();
  const again = page.getByRole('region', { name: 'Calls of F1000001' }).getByLabel('Detailed logging');
  await again.click();
  await expect(again).not.toBeChecked();
});
