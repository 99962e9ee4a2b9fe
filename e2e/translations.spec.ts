import { expect, test } from './support/test.js';
import type { APIRequestContext } from '@playwright/test';
import { demoPassword, demoUsers, keepAutoOpenClosed } from './support/app.js';

// Issue 32 item 5 (decision 0106): the root admin adds a key on /translations, which every language
// then lacks; in German it is filled from the "Missing in this language" view. Both texts are served
// at once by the client calls, without a restart.
async function servedText(request: APIRequestContext, locale: string, key: string) {
  const answer = await request.get(`/client/getAnonymousTranslations?locale=${locale}`);
  const body = (await answer.json()) as { results: [string, string][] };
  return new Map(body.results).get(key);
}

test('the root admin adds a key and fills it in German from the missing view', async ({ page, request }) => {
  await keepAutoOpenClosed(page, request, demoUsers.admin);
  await page.goto('/translations');
  await expect(page).toHaveURL(/\/login/);
  await page.getByLabel('Username', { exact: true }).fill(demoUsers.admin);
  await page.getByLabel('Password', { exact: true }).fill(demoPassword);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByTestId('translations-page')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('translations-language')).toHaveText('English');

  const key = `e2e.check${Date.now()}`;
  await page.getByRole('button', { name: 'Add translation' }).click();
  const add = page.getByRole('dialog', { name: 'Add translation' });
  await add.getByRole('textbox', { name: 'Key' }).fill(key);
  await add.getByRole('textbox', { name: 'Text' }).fill('End-to-end check');
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('translations-saved')).toBeVisible();
  expect(await servedText(request, 'en', key)).toBe('End-to-end check');

  await page.getByTestId('translations-language').click();
  const languages = page.getByRole('dialog', { name: 'Choose a language' });
  await expect(languages.getByTestId('flag-de')).toBeVisible();
  await languages.getByRole('button', { name: 'Deutsch' }).click();
  await expect(page.getByTestId('translations-language')).toHaveText('Deutsch');
  await page.getByRole('tab', { name: /Missing in this language/ }).click();
  await page.getByTestId('admin-table-filter').fill(key);
  await page.getByRole('button', { name: `Edit ${key}` }).click();
  const fill = page.getByRole('dialog', { name: 'Translate a missing text' });
  await expect(fill.getByRole('textbox', { name: 'English' })).toHaveValue('End-to-end check');
  await fill.getByRole('textbox', { name: 'Text' }).fill('Ende-zu-Ende-Prüfung');
  await fill.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('translations-saved')).toBeVisible();
  expect(await servedText(request, 'de', key)).toBe('Ende-zu-Ende-Prüfung');
  await expect(page.getByRole('button', { name: `Edit ${key}` })).toHaveCount(0);
});
