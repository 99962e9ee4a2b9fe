import { expect, test } from './support/test.js';
import { demoPassword, demoUsers } from './support/app.js';

// Issue 32 item 1 (decision 0104): an advisor registers a master account on /master — details, the
// SMS code the fake provider received through the delivery outbox, finish — then logs in and finds
// the master's own page; /master then leads a logged-in master to the site index.
const PHONE = '+358409876543';
const USERNAME = `advisor.e2e${Date.now() % 100_000}`;

test('an advisor registers a master account and logs in', async ({ page, request }) => {
  const login = await request.post('/admin/login', {
    data: { username: demoUsers.admin, password: demoPassword },
  });
  const headers = {
    Authorization: `Bearer ${((await login.json()) as { accessToken: string }).accessToken}`,
  };
  await page.goto('/master');
  await expect(page.getByRole('heading', { name: 'Register as a master user' })).toBeVisible({
    timeout: 30_000,
  });
  await page.getByTestId('master-username').fill(USERNAME);
  await page.getByTestId('master-name').fill('E2E Advisor');
  await page.getByTestId('master-email').fill('advisor@example.com');
  await page.getByTestId('master-phone').fill(PHONE);
  await page.getByTestId('master-password').fill('secret-5');
  await page.getByTestId('master-confirmation').fill('secret-5');
  await page.getByRole('button', { name: 'Continue and send the SMS code' }).click();
  await expect(page.getByText(`We sent a 4-digit code to ${PHONE}.`)).toBeVisible();

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
  await page.getByTestId('master-code').fill(code!);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText(`Your phone ${PHONE} is confirmed.`)).toBeVisible();
  await page.getByRole('button', { name: 'Create my master account' }).click();
  await expect(page.getByTestId('master-done')).toContainText(`Your master account ${USERNAME} is ready.`);

  await page.getByRole('link', { name: 'Log in' }).click();
  await page.getByLabel('Username', { exact: true }).fill(USERNAME);
  await page.getByLabel('Password', { exact: true }).fill('secret-5');
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((url) => url.pathname !== '/login', { timeout: 30_000 });
  await page.goto('/account');
  await expect(page.getByTestId('master-account')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('master-username')).toContainText(USERNAME);
  await page.goto('/master');
  await page.waitForURL('**/siteindex', { timeout: 30_000 });
});
