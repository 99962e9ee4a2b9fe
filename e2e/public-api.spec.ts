import { expect, test } from './support/test.js';
import type { APIRequestContext } from '@playwright/test';
import { demoPassword, demoUsers, keepAutoOpenClosed } from './support/app.js';

async function bearerOf(request: APIRequestContext, username: string) {
  const login = await request.post('/admin/login', { data: { username, password: demoPassword } });
  expect(login.ok()).toBe(true);
  const { accessToken, UID } = (await login.json()) as { accessToken: string; UID: number };
  return { headers: { Authorization: `Bearer ${accessToken}` }, UID };
}

// Issue 33 items 1 and 3 (decisions 0109–0111): the hay farm's owner, with an API plan that staff set,
// makes a key on the Credentials tab, sees it once, pastes it into the test page of
// /api/v1/getSummary and gets the account's JSON; once revoked, the same call is refused.
test('an owner makes an API key, calls getSummary with it on the test page, and revokes it', async ({
  page,
  request,
}) => {
  const admin = await bearerOf(request, demoUsers.admin);
  const { UID } = await bearerOf(request, demoUsers.hay);
  const setApiPlan = (apiPlanDue: number | null) =>
    request.post('/admin/setPlanInfo', { headers: admin.headers, data: { UID, apiPlanDue } });
  expect((await setApiPlan(Math.floor(Date.now() / 1000) + 90 * 86_400)).ok()).toBe(true);
  try {
    await keepAutoOpenClosed(page, request, demoUsers.hay);
    await page.goto('/account/credentials');
    await page.getByLabel('Username', { exact: true }).fill(demoUsers.hay);
    await page.getByLabel('Password', { exact: true }).fill(demoPassword);
    await page.getByRole('button', { name: 'Log in' }).click();

    const keys = page.getByTestId('api-keys');
    await expect(keys.getByTestId('api-plan')).toContainText('Your API plan runs until');
    await keys.getByTestId('api-key-name').fill('Farm dashboard');
    await keys.getByTestId('api-key-create').click();
    const shown = keys.getByTestId('api-key-secret');
    await expect(shown).toHaveText(/^ewk_[a-z0-9]{12}_[A-Za-z0-9_-]{43}$/);
    const secret = (await shown.textContent())!;
    const row = keys.getByRole('row').filter({ hasText: 'Farm dashboard' });
    await expect(row).toContainText('Never used');

    // Shown once: the page opened again lists the key, not its secret.
    await page.reload();
    await expect(keys.getByRole('row').filter({ hasText: 'Farm dashboard' })).toBeVisible();
    await expect(keys.getByTestId('api-key-secret')).toHaveCount(0);
    expect(await page.content()).not.toContain(secret);

    // The test page: the browser opening the call's address gets the app, the pasted key makes the call.
    const callSummary = async () => {
      await page.goto('/api/v1/getSummary');
      await expect(page.getByTestId('api-test-call')).toHaveText('getSummary');
      await page.getByTestId('api-test-key').fill(secret);
      await page.getByTestId('api-test-send').click();
      return page.getByTestId('api-test-answer');
    };
    const answer = await callSummary();
    await expect(answer).toContainText('"status_code": 0');
    await expect(answer).toContainText(`"username": "${demoUsers.hay}"`);
    await expect(answer).toContainText('"scope": "read"');

    await page.goto('/account/credentials');
    const used = keys.getByRole('row').filter({ hasText: 'Farm dashboard' });
    await expect(used).not.toContainText('Never used');
    await used.getByTestId('api-key-revoke').click();
    await expect(used).toContainText('Revoked');

    const refused = await callSummary();
    await expect(page.getByText('Answer status 401')).toBeVisible();
    await expect(refused).toContainText('"code": "key_revoked"');
    await expect(refused).not.toContainText('"account"');
  } finally {
    await setApiPlan(null);
  }
});
