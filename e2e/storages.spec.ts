import { expect, test } from './support/test.js';
import type { Page } from '@playwright/test';
import { demoPassword, demoUsers, keepAutoOpenClosed } from './support/app.js';

async function logIn(page: Page, username: string): Promise<void> {
  await page.getByLabel('Username', { exact: true }).fill(username);
  await page.getByLabel('Password', { exact: true }).fill(demoPassword);
  await page.getByRole('button', { name: 'Log in' }).click();
}

test('a hay farmer lands on the storages, creates a storage and finds it in the list without probes', async ({
  page,
  request,
}) => {
  // The notifications open by themselves 2 s after load, over the page on a slow machine.
  await keepAutoOpenClosed(page, request, demoUsers.hay);
  await page.goto('/');
  await logIn(page, demoUsers.hay);
  // The hay farm has the Insight service: "/" leads to the storages, its seeded barns listed by name.
  await expect(page).toHaveURL(/\/storages$/);
  const rows = page.getByTestId('storage-row');
  await expect(rows.first()).toBeVisible();
  const names = await rows.locator('.MuiListItemText-primary').allTextContents();
  expect(names).toEqual(
    [...names].sort((a, b) => a.localeCompare(b, undefined, { numeric: true, sensitivity: 'base' })),
  );

  const name = `Test barn ${Date.now()}`;
  await page.getByRole('link', { name: 'New storage' }).click();
  await expect(page).toHaveURL(/\/storages\/new-storage$/);
  const dialog = page.getByRole('dialog', { name: 'New storage' });
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog.getByText('The storage name is required')).toBeVisible();
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('combobox', { name: /^Type/ }).click();
  await page.getByRole('option', { name: 'Under a roof' }).click();
  await dialog.getByRole('button', { name: 'Create' }).click();

  // Saved, the new storage opens.
  await expect(page).toHaveURL(/\/storages\/\d+$/);
  await page.goto('/storages');
  const created = rows.filter({ hasText: name });
  await expect(created).toHaveCount(1);
  await expect(created).toContainText('No probes');
});
