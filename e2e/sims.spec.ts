import { expect, test } from './support/test.js';
import { demoPassword, demoUsers } from './support/app.js';

// Issue 30 item 6 (decision 0092): against the SIM operator stand-in the global setup starts, an admin
// imports one of the operator's cards from a CSV export, finds it in the list, and checks it against
// the database and the operator.
const SIM = '8935801000000000026';

test('an admin imports a SIM from the operator’s export, lists it and checks it', async ({ page }) => {
  await page.goto('/admin/sims');
  await page.getByLabel('Username', { exact: true }).fill(demoUsers.admin);
  await page.getByLabel('Password', { exact: true }).fill(demoPassword);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByTestId('sims-page')).toBeVisible({ timeout: 30_000 });

  await page.getByTestId('sims-tab-import').click();
  await page.getByTestId('sims-import-file').setInputFiles({
    name: 'export.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`ICCID;State;Expires\n${SIM};ACTIVE;2030-01-01\n123;ACTIVE;\n`),
  });
  await expect(page.getByTestId('sims-import-preview')).toHaveText(
    'export.csv: 1 SIMs to import, 1 lines refused',
  );
  await page.getByTestId('sims-import-store').click();
  await expect(page.getByTestId('sims-import-summary')).toHaveText(
    /^Added (0|1), updated 0, unchanged (0|1), refused 1$/,
  );

  await page.getByTestId('sims-tab-list').click();
  await expect(page.getByTestId('sims-table').getByText(SIM)).toBeVisible();

  await page.getByTestId('sims-tab-check').click();
  await page.getByTestId('sims-check-input').fill(`${SIM}\n8935801999999999991`);
  await page.getByRole('button', { name: 'Check' }).click();
  const rows = page.getByTestId('sims-check-table').getByRole('row');
  await expect(rows.nth(1)).toContainText(`${SIM}YesYes`);
  await expect(rows.nth(1)).toContainText('Active');
  await expect(rows.nth(2)).toContainText('8935801999999999991YesNo');
});
