import { expect, test } from './support/test.js';
import { demoUsers } from './support/app.js';
import { logInThroughApi } from './support/logInThroughApi.js';

// Issue 31 item 1 (decision 0098): an admin registers a customer, finds it in the list, places it on
// the map and sees the demo farms there — drawn without tiles, so the page asks nothing of any other
// server.
test('an admin registers a customer, places it on the map, and the map asks no other server', async ({
  page,
  baseURL,
}) => {
  const elsewhere: string[] = [];
  page.on('request', (r) => {
    if (!r.url().startsWith(baseURL!) && !r.url().startsWith('data:')) elsewhere.push(r.url());
  });
  await logInThroughApi(page, demoUsers.admin, '/admin/customers', ['notifications', 'news']);
  await expect(page.getByTestId('customers-page')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('customers-table')).toContainText('hay@demo.emberwatch');

  const username = `e2e-farm-${Date.now().toString(36)}`;
  await page.getByRole('button', { name: 'Register customer' }).click();
  const dialog = page.getByRole('dialog', { name: 'Register a customer' });
  await dialog.getByTestId('register-username').fill(username);
  await dialog.getByTestId('register-email').fill('not-an-address');
  await dialog.getByRole('button', { name: 'Register' }).click();
  await expect(dialog.getByText('This is not a valid e-mail address.')).toBeVisible();
  await dialog.getByTestId('register-email').fill(`${username}@example.test`);
  await dialog.getByTestId('register-lastname').fill('E2E Farm Ltd');
  await dialog.getByTestId('register-country').fill('FI');
  await dialog.getByRole('button', { name: 'Register' }).click();

  // The new customer opens: no station yet; it gets a place on the map.
  const detail = page.getByTestId('customer-detail');
  await expect(detail.getByText('No base station yet.')).toBeVisible();
  await expect(page.getByRole('dialog')).toContainText(username);
  await detail.getByTestId('customer-lat').fill('61.5');
  await detail.getByTestId('customer-lon').fill('23.76');
  await detail.getByRole('button', { name: 'Save location' }).click();
  await expect(detail.getByText('Location saved.')).toBeVisible();
  await page.getByRole('button', { name: 'Close' }).click();

  await page.getByTestId('customers-search').fill(username);
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByTestId('customer-row')).toHaveCount(1);
  await expect(page.getByTestId('customer-row')).toContainText('E2E Farm Ltd');

  await page.getByTestId('customers-tab-map').click();
  const map = page.getByTestId('customers-map');
  await expect(map).toHaveAttribute('data-tiles', 'none');
  await expect(page.getByTestId('customers-map-points')).toContainText('E2E Farm Ltd');
  await expect(page.getByTestId('customers-map-points')).toContainText('Hillside');
  // Leaflet loads in the map's effect (browser only), so its points come a moment after the list.
  await expect.poll(() => map.locator('path.leaflet-interactive').count()).toBeGreaterThanOrEqual(2);
  expect(await map.locator('img.leaflet-tile').count()).toBe(0);
  expect(elsewhere).toEqual([]);
});
