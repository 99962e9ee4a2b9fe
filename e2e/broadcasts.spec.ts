import { expect, test } from './support/test.js';
import type { Page } from '@playwright/test';
import { demoPassword, demoUsers } from './support/app.js';
import { logInThroughApi } from './support/logInThroughApi.js';

// Issue 31 item 3 (decision 0100): an admin sends an e-mail broadcast to a small audience (the
// demo's only customer in Great Britain) through the outbox and the SMTP stand-in and sees it sent;
// an admin saves a news campaign for the Dutch customers and the Dutch customer sees it in the news.

async function logIn(page: Page, path: string, username: string) {
  await logInThroughApi(page, username, path);
}

test('an admin previews and sends an e-mail broadcast to a small audience and sees it sent', async ({
  page,
}) => {
  await logIn(page, '/admin/broadcasts', demoUsers.admin);
  await expect(page.getByTestId('broadcasts-page')).toBeVisible({ timeout: 30_000 });

  await page.getByTestId('audience-countries').fill('GB');
  await expect(page.getByTestId('audience-count')).toContainText('Customers in this audience: 1');
  await page.getByTestId('broadcast-subject').fill('Service break');
  await page.getByTestId('broadcast-text').fill('The service is down on Sunday from 2 to 3.');
  await page.getByTestId('broadcast-preview').click();
  await expect(page.getByTestId('preview-recipients')).toHaveText('Recipients: 1');
  await page.getByTestId('broadcast-send').click();
  await page.getByTestId('broadcast-confirm').click();

  const detail = page.getByTestId('broadcast-detail');
  await expect(detail).toBeVisible({ timeout: 30_000 });
  // Queued first; the outbox sends it to the SMTP stand-in and the page reads the status again.
  await expect(detail.getByTestId('recipient-status')).toHaveText('Sent', { timeout: 30_000 });
  await expect(detail).toContainText('v••••••@example.com');
});

test('a saved news campaign shows in the news of its audience only', async ({ page, browser, request }) => {
  const title = 'Harvest fair in Utrecht';
  await logIn(page, '/admin/broadcasts', demoUsers.admin);
  await expect(page.getByTestId('broadcasts-page')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('broadcasts-tab-news').click();
  await page.getByTestId('campaign-new').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByTestId('campaign-title-input').fill(title);
  await dialog.getByTestId('campaign-text-input').fill('Meet us at stand 12.');
  await dialog.getByTestId('icon-event').click();
  await dialog.getByTestId('audience-countries').fill('NL');
  await dialog.getByTestId('campaign-save').click();
  await expect(page.getByTestId('news-campaigns')).toContainText(title);

  const customer = await browser.newPage();
  await logIn(customer, '/', demoUsers.compost);
  await customer.getByTestId('news-button').click({ timeout: 30_000 });
  await expect(customer.getByRole('dialog')).toContainText(title);
  await expect(customer.getByRole('dialog')).toContainText('Meet us at stand 12.');
  await customer.close();

  // A customer outside the audience (in Finland) does not get it.
  const login = await request.post('/admin/login', {
    data: { username: demoUsers.hay, password: demoPassword },
  });
  const { accessToken } = (await login.json()) as { accessToken: string };
  const info = await request.get('/client/userInfo', { headers: { authorization: `Bearer ${accessToken}` } });
  expect(JSON.stringify(await info.json())).not.toContain(title);
});
