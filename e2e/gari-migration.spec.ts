import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from './support/test.js';
import { demoUsers, repoRoot } from './support/app.js';
import { logInThroughApi } from './support/logInThroughApi.js';

// Issue 31 item 6 (decision 0102): an admin uploads the older Gari system's sample export, migrates
// one account from it, and confirms that account's phone with the code the fake SMS provider received
// through the delivery outbox.
const SAMPLE = readFileSync(path.join(repoRoot, 'apps/server/test/fixtures/gari-export-sample.json'));
const PHONE = '+358401234567';

test('an admin migrates a Gari account from the sample export and confirms its phone', async ({
  page,
  request,
}) => {
  const headers = {
    Authorization: `Bearer ${await logInThroughApi(page, demoUsers.admin, '/admin/gari-migration')}`,
  };
  await expect(page.getByTestId('gari-migration-page')).toBeVisible({ timeout: 30_000 });

  await page.getByTestId('gari-file').setInputFiles({
    name: 'gari-export-sample.json',
    mimeType: 'application/json',
    buffer: SAMPLE,
  });
  await expect(page.getByTestId('gari-file-summary')).toHaveText(
    'gari-export-sample.json: 3 accounts, 2 ready to migrate, 1 with problems.',
  );
  await expect(page.getByTestId('gari-result-GA-1003')).toContainText(
    'F1000001: The base station is in use by another account.',
  );
  await page.getByTestId('gari-migrate-GA-1001').click();
  await expect(page.getByTestId('gari-result-GA-1001')).toHaveText(
    'Account created with 2 base stations and 4 probes',
  );
  const migrated = page.getByTestId('gari-migrated');
  await expect(migrated.getByText('niemi.farm')).toBeVisible();

  await migrated.getByTestId('gari-phone-GA-1001').click();
  const dialog = page.getByTestId('gari-phone-dialog');
  await dialog.getByTestId('gari-phone-send').click();
  await expect(dialog.getByTestId('gari-phone-message')).toHaveText(`A code was sent to ${PHONE}.`);
  // The phone's SMS, as the fake provider received it from the outbox.
  let code: string | undefined;
  await expect
    .poll(async () => {
      const res = await request.get(`/admin/fakeSmsMessages?to=${encodeURIComponent(PHONE)}&limit=1`, {
        headers,
      });
      const { results } = (await res.json()) as { results: { body: string }[] };
      code = /\b(\d{4})\b/.exec(results[0]?.body ?? '')?.[1];
      return code;
    })
    .toMatch(/^\d{4}$/);
  await dialog.getByTestId('gari-phone-code').getByRole('textbox').fill(code!);
  await dialog.getByTestId('gari-phone-confirm').click();
  await expect(dialog).toBeHidden();
  await expect(migrated.getByText('Phone confirmed')).toBeVisible();
});
