import { expect, test } from './support/test.js';
import type { Page } from '@playwright/test';
import { demoPassword, demoUsers, keepAutoOpenClosed } from './support/app.js';

// Issue 31 items 1 and 2 (decision 0099): the staff page adds a member and changes its level; the
// admin bar opens a customer's session, which shows the customer's views under a banner until End
// returns the staff member to its own console.
async function logInAsAdmin(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page).toHaveURL(/\/login/);
  await page.getByLabel('Username', { exact: true }).fill(demoUsers.admin);
  await page.getByLabel('Password', { exact: true }).fill(demoPassword);
  await page.getByRole('button', { name: 'Log in' }).click();
}

test('Root adds a staff member and changes its level on /admin/staff', async ({ page, request }) => {
  await keepAutoOpenClosed(page, request, demoUsers.admin);
  await logInAsAdmin(page, '/admin/staff');
  await expect(page.getByTestId('staff-page')).toBeVisible({ timeout: 30_000 });
  // The one Root of the demo: the page says why it cannot be removed.
  const root = page.getByTestId(`staff-row-${demoUsers.admin}`);
  await expect(root.getByTestId('staff-reason')).toHaveText('The last Root cannot be removed or lowered.');

  const username = `e2e-staff-${Date.now()}`;
  const form = page.getByRole('form', { name: 'Add staff' });
  await form.getByLabel('A new staff account').check();
  await form.getByLabel('Username').fill(username);
  await form.getByLabel('E-mail').fill(`${username}@example.com`);
  await form.getByRole('combobox', { name: 'Level' }).click();
  await page.getByRole('option', { name: 'Tech' }).click();
  await form.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByTestId('staff-notice')).toContainText(`The staff account ${username} was made`);

  const row = page.getByTestId(`staff-row-${username}`);
  await expect(row.getByRole('combobox', { name: `Level of ${username}` })).toHaveText('Tech');
  await row.getByRole('combobox', { name: `Level of ${username}` }).click();
  await page.getByRole('option', { name: 'Sales' }).click();
  await expect(page.getByTestId('staff-notice')).toHaveText(`${username} is now Sales.`);
  await expect(row.getByRole('combobox', { name: `Level of ${username}` })).toHaveText('Sales');
});

test('a staff member opens a customer’s session from the admin bar, sees the banner, and ends it', async ({
  page,
  request,
}) => {
  // The customer's windows that open by themselves stay closed in its session.
  await keepAutoOpenClosed(page, request, demoUsers.hay);
  await logInAsAdmin(page, '/admin');
  await expect(page).toHaveURL(/\/admin$/);
  const bar = page.getByTestId('admin-bar');
  await bar.getByLabel('Find a base station').fill('North barn');
  await page.getByTestId('picker-match').filter({ hasText: 'F1000001' }).click();
  await bar.getByTestId('open-customer-session').click();

  const banner = page.getByTestId('customer-session-banner');
  await expect(banner).toContainText(`You are in ${demoUsers.hay}'s session as ${demoUsers.admin}`);
  // The customer's view: no admin bar.
  await expect(page.getByTestId('admin-bar')).toHaveCount(0);
  await page.goto('/settings');
  await expect(banner).toBeVisible();

  await banner.getByRole('button', { name: 'End' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByTestId('customer-session-banner')).toHaveCount(0);
  await expect(page.getByTestId('admin-bar')).toBeVisible();
});
