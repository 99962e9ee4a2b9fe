import { expect, test } from './support/test.js';
import type { APIRequestContext } from '@playwright/test';
import { demoPassword, demoUsers } from './support/app.js';
import { copyDemoAccount } from './support/copyDemoAccount.js';
import { logInThroughApi } from './support/logInThroughApi.js';

// Issue 31 item 4 (decision 0101): an admin merges a customer account into another from the
// base-station settings: target, summary of what moves, the one-way confirmation, the result. The demo
// accounts are shared with the other specs, so the two accounts merged here are made for this walk:
// the users straight in the worker's store (no call makes a customer account yet), their stations
// registered and activated through the console's calls.

async function adminHeaders(request: APIRequestContext): Promise<{ Authorization: string }> {
  const login = await request.post('/admin/login', {
    data: { username: demoUsers.admin, password: demoPassword },
  });
  expect(login.ok(), await login.text()).toBe(true);
  return { Authorization: `Bearer ${((await login.json()) as { accessToken: string }).accessToken}` };
}

test('an admin merges a customer account into another from the base-station settings', async ({
  page,
  request,
}) => {
  const tag = String(Date.now() % 100_000).padStart(5, '0');
  const [sourceBs, targetBs] = [`F18${tag}`, `F19${tag}`];
  const [source, target] = [`merge-from-${tag}@e2e.emberwatch`, `merge-into-${tag}@e2e.emberwatch`];
  const headers = await adminHeaders(request);
  const kits = await request.post('/admin/registerMultipleBSs', {
    headers,
    data: { bs_ids: [sourceBs, targetBs] },
  });
  expect(kits.ok(), await kits.text()).toBe(true);
  const codes = ((await kits.json()) as { results: { bs_id: string; code: string }[] }).results;
  for (const [username, bsId] of [
    [source, sourceBs],
    [target, targetBs],
  ] as const) {
    const UID = copyDemoAccount(username, demoUsers.grain, { demo: 0, main_user_id: null });
    const code = codes.find((k) => k.bs_id === bsId)!.code;
    const res = await request.post('/admin/activateKit', {
      headers,
      data: { id: code, kind: 'system', UID },
    });
    expect(res.ok(), await res.text()).toBe(true);
  }

  await logInThroughApi(page, demoUsers.admin, '/admin');
  const bar = page.getByTestId('admin-bar');
  await expect(bar).toBeVisible({ timeout: 30_000 });
  await bar.getByLabel('Find a base station').fill(sourceBs);
  await page.getByTestId('picker-match').filter({ hasText: sourceBs }).click();
  await expect(page.getByTestId('customer-banner')).toContainText(sourceBs);
  await page.goto('/settings/basestation');

  await page.getByTestId('merge-account').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByTestId('merge-target').fill(target);
  await dialog.getByTestId('merge-check').click();
  await expect(dialog.getByTestId('merge-summary-text')).toContainText(`${source} (${sourceBs})`);
  await expect(dialog.getByTestId('merge-summary-stations')).toContainText('1');
  await expect(dialog.getByTestId('merge-send')).toBeDisabled();
  await dialog.getByTestId('merge-confirm').check();
  await dialog.getByTestId('merge-send').click();
  await expect(dialog.getByTestId('merge-done')).toContainText(`${source} was merged into ${target}`);

  // One-way: the source account has nothing left, and the station is the target's.
  const again = await request.post('/admin/checkAccountMerge', {
    headers,
    data: { BS_ID: sourceBs, target },
  });
  expect(again.status()).toBe(409);
  expect(((await again.json()) as { error: string }).error).toBe('Cannot merge an account into itself.');
});
