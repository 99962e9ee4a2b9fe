import { expect, test } from './support/test.js';
import type { Page } from '@playwright/test';
import { demoPassword, demoUsers } from './support/app.js';

// Issue 28 item 9 (spec doc 1 §2 "/admin: admins only; others redirected to /"): /admin was "Page
// not found". An admin gets the admin console's home with the admin pages there are; anyone else
// is sent to "/"; a logged-out visitor logs in first.
async function logIn(page: Page, username: string): Promise<void> {
  await page.getByLabel('Username', { exact: true }).fill(username);
  await page.getByLabel('Password', { exact: true }).fill(demoPassword);
  await page.getByRole('button', { name: 'Log in' }).click();
}

test('an admin opens /admin, the admin pages there are, and goes on to the outbox', async ({ page }) => {
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fadmin$/);
  await logIn(page, demoUsers.admin);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Admin' })).toBeVisible();
  const pages = page.getByRole('list', { name: 'Admin pages' }).getByRole('link');
  // The console's tools in the order the pages register them (the web unit test counts them all).
  await expect(pages.nth(0)).toHaveAttribute('href', '/admin/customers');
  await expect(pages.nth(1)).toHaveAttribute('href', '/admin/outbox');
  await expect(pages.nth(2)).toHaveAttribute('href', '/admin/kits');
  for (const href of ['/bslog', '/admin/sims', '/admin/staff', '/admin/broadcasts', '/admin/audit'])
    await expect(page.getByRole('list', { name: 'Admin pages' }).locator(`a[href="${href}"]`)).toHaveCount(1);
  await pages.nth(1).click();
  await expect(page).toHaveURL(/\/admin\/outbox$/);
  await expect(page.getByTestId('outbox')).toBeVisible();
});

test('the demo visitor and a farmer who open /admin are sent to their home page', async ({ page }) => {
  for (const username of ['visitor@demo.emberwatch', demoUsers.hay]) {
    await page.goto('/admin');
    await logIn(page, username);
    await expect(page).not.toHaveURL(/\/(admin|login)/);
    await expect(page.getByTestId('menu-button')).toBeVisible();
    await expect(page.getByText('Page not found')).toHaveCount(0);
    await expect(page.getByTestId('admin-home')).toHaveCount(0);
    await page.getByTestId('menu-button').click();
    await page.getByTestId('menu-logout').click();
    await expect(page).toHaveURL(/\/login$/);
  }
});
