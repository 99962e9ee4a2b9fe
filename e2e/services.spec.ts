import { expect, test } from './support/test.js';
import { demoUsers } from './support/app.js';
import { logInThroughApi } from './support/logInThroughApi.js';

// Issue 31 item 5 (decision 0103): an admin opens a customer's account from the admin bar, registers a
// service there with a note, sees it in the account's services, and finds it in the console's list.
// The hay farm's storages switch is harmless to other specs: it counts for compost supervisors only.
test('an admin registers a customer’s service on the account page and finds it in /admin/services', async ({
  page,
}) => {
  await logInThroughApi(page, demoUsers.admin, '/admin');
  const bar = page.getByTestId('admin-bar');
  await bar.getByLabel('Find a base station').fill('F1000001');
  await page.getByTestId('picker-match').filter({ hasText: 'F1000001' }).click();
  await expect(page.getByTestId('customer-banner')).toContainText('Hillside Hay Farm');

  await page.goto('/account/services');
  const block = page.getByTestId('customer-services');
  await expect(block.getByTestId('services-now')).toContainText('Storages: Off');
  await block.getByRole('button', { name: 'Register a service' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox', { name: 'Service' }).click();
  await page.getByRole('option', { name: 'Storages' }).click();
  await expect(dialog.getByRole('switch', { name: 'Storages enabled' })).toBeChecked();
  await dialog.getByLabel('Note (invoice number, reason)').fill('E2E invoice 42');
  await dialog.getByRole('button', { name: 'Register' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(block.getByTestId('services-now')).toContainText('Storages: On');
  await expect(block.getByText('E2E invoice 42')).toBeVisible();

  await page.goto('/admin/services');
  const list = page.getByTestId('services-list');
  await expect(list.getByText('E2E invoice 42')).toBeVisible();
  await expect(list.getByRole('row').filter({ hasText: 'E2E invoice 42' })).toContainText(
    'hay@demo.emberwatch',
  );
});
