import { expect, test } from './support/test.js';
import { demoPassword, demoUsers, keepAutoOpenClosed } from './support/app.js';
import { copyDemoAccount } from './support/copyDemoAccount.js';

// Issue 33 item 5 (decisions 0116, 0117): a hay-app user enters through /haytechapp and gets the
// reduced menu (spec doc 1 §2: no batches, storages or account). The demo accounts are shared with
// the other specs, so the hay-app account is made for this walk, straight in the worker's store (no
// call makes a partner account), and its base station is activated through the Haytech app's call.

test('a hay-app user enters through /haytechapp and sees the reduced menu', async ({ page, request }) => {
  const tag = String(Date.now() % 100_000).padStart(5, '0');
  const bsId = `F17${tag}`;
  const username = `haytech-${tag}@e2e.emberwatch`;
  // A hay-app account like the demo's grain farm (same password), with a name of its own.
  const UID = copyDemoAccount(username, demoUsers.grain, {
    demo: 0,
    main_user_id: null,
    partner_app: 'haytech',
  });

  // A base station kit, activated by its code through the Haytech app's call (the hay-app user's own login).
  const admin = await request.post('/admin/login', {
    data: { username: demoUsers.admin, password: demoPassword },
  });
  const adminToken = ((await admin.json()) as { accessToken: string }).accessToken;
  const kits = await request.post('/admin/registerMultipleBSs', {
    headers: { Authorization: `Bearer ${adminToken}` },
    data: { bs_ids: [bsId] },
  });
  expect(kits.ok(), await kits.text()).toBe(true);
  const code = ((await kits.json()) as { results: { code: string }[] }).results[0]!.code;
  const own = await request.post('/admin/login', { data: { username, password: demoPassword } });
  expect(((await own.json()) as { UID: number }).UID).toBe(UID);
  const ownToken = ((await own.json()) as { accessToken: string }).accessToken;
  const activated = await request.post('/activateHaytechAppBS', {
    headers: { Authorization: `Bearer ${ownToken}` },
    data: { id: code },
  });
  expect(activated.ok(), await activated.text()).toBe(true);

  await keepAutoOpenClosed(page, request, username, ['notifications', 'probeActivation']);
  await page.goto('/haytechapp');
  await expect(page.getByRole('heading', { name: 'Emberwatch for Haytech app users' })).toBeVisible();
  await page.getByTestId('partner-username').fill(username);
  await page.getByTestId('partner-password').fill(demoPassword);
  await page.getByTestId('partner-login-submit').click();
  await expect(page).toHaveURL(/\/probes$/);

  await page.getByTestId('menu-button').click();
  const menu = page.getByRole('navigation').filter({ has: page.getByTestId('menu-logout') });
  await expect(menu.getByTestId('menu-probes')).toBeVisible();
  await expect(menu.getByTestId('menu-settings')).toBeVisible();
  for (const barred of ['menu-account', 'menu-storages', 'menu-batches'])
    await expect(menu.getByTestId(barred)).toHaveCount(0);
  await page.keyboard.press('Escape');

  // Opened by address, the account area sends the hay-app user back to the probes.
  await page.goto('/account/users');
  await expect(page).toHaveURL(/\/probes$/);
});
