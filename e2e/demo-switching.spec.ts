import { expect, test } from './support/test.js';
import { demoPassword, keepAutoOpenClosed } from './support/app.js';

// Issue 14 item 7 (spec doc 1 §4 "Demo switching", §6; decision 0058): the demo-mode visitor's top
// bar switches the site between a grain store, a hay farm and a compost site with the spec's exact
// settings; the switch lives in the browser session and the server keeps the account's own values.
test('the demo-mode visitor switches between grain, hay and compost from the top bar, and nothing is saved', async ({
  page,
  request,
}) => {
  await keepAutoOpenClosed(page, request, 'visitor@demo.emberwatch');
  await page.goto('/settings/preferences');
  await page.getByLabel('Username', { exact: true }).fill('visitor@demo.emberwatch');
  await page.getByLabel('Password', { exact: true }).fill(demoPassword);
  await page.getByRole('button', { name: 'Log in' }).click();

  const selector = page.getByRole('group', { name: 'Demo type' });
  const alert = page.getByTestId('settings-temperature-alert').getByLabel('Alert above');
  await expect(alert).toHaveValue('45');
  await selector.getByRole('button', { name: 'Grain' }).click();
  await expect(alert).toHaveValue('30');
  await expect(page.getByLabel('Step 5')).toHaveValue('40');

  await selector.getByRole('button', { name: 'Compost' }).click();
  await expect(alert).toHaveValue('85');
  await expect(page.getByLabel('Step 2')).toHaveValue('40');
  // The plan follows too: a compost site's menu has the batches.
  await page.getByTestId('menu-button').click();
  await expect(page.getByRole('link', { name: 'Batches' })).toBeVisible();
  await page.keyboard.press('Escape');

  // A reload keeps the switch (the browser session) …
  await page.reload();
  await expect(alert).toHaveValue('85');
  await expect(selector.getByRole('button', { name: 'Compost' })).toHaveAttribute('aria-pressed', 'true');
  // … and the server still holds the visitor's own settings.
  const login = await request.post('/admin/login', {
    data: { username: 'visitor@demo.emberwatch', password: demoPassword },
  });
  const token = ((await login.json()) as { accessToken: string }).accessToken;
  const session = await request.get('/client/getSessionInfo', {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(
    ((await session.json()) as { ui_preferences: { temperature_alert: number } }).ui_preferences,
  ).toMatchObject({ temperature_alert: 45 });
});

test('on a 360 px phone the demo selector and the menu button both fit in the top bar', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await keepAutoOpenClosed(page, request, 'visitor@demo.emberwatch');
  await page.goto('/probes');
  await page.getByLabel('Username', { exact: true }).fill('visitor@demo.emberwatch');
  await page.getByLabel('Password', { exact: true }).fill(demoPassword);
  await page.getByRole('button', { name: 'Log in' }).click();
  const selector = page.getByRole('group', { name: 'Demo type' });
  for (const name of ['Grain', 'Hay', 'Compost'])
    await expect(selector.getByRole('button', { name })).toBeInViewport({ ratio: 1 });
  await expect(page.getByTestId('menu-button')).toBeInViewport({ ratio: 1 });
});

// Issue 28 item 9 (decision 0079): "The visitor's demo switch to Compost still shows the hay probes."
// The visitor has a station of each kind; the switch shows the chosen site's probes.
test('the visitor’s switch to Compost lists the compost site’s probes, Grain the grain store’s, Hay the barn’s', async ({
  page,
  request,
}) => {
  await keepAutoOpenClosed(page, request, 'visitor@demo.emberwatch');
  await page.goto('/probes');
  await page.getByLabel('Username', { exact: true }).fill('visitor@demo.emberwatch');
  await page.getByLabel('Password', { exact: true }).fill(demoPassword);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/probes$/);

  const selector = page.getByRole('group', { name: 'Demo type' });
  const rows = page.getByTestId('probe-row');
  // The kinds of probe listed, by their ids' first letter (H hay, G grain, C compost).
  const letters = async () =>
    [
      ...new Set(
        await rows.evaluateAll((els: { getAttribute(name: string): string | null }[]) =>
          els.map((e) => (e.getAttribute('data-sensor-id') ?? '').charAt(0)),
        ),
      ),
    ].sort();

  // Before a switch the tour is the hay farm it is: the barn's probes.
  await expect(rows.first()).toBeVisible();
  expect(await letters()).toEqual(['H']);

  await selector.getByRole('button', { name: 'Compost' }).click();
  await expect.poll(letters).toEqual(['C']);
  await expect(rows).toHaveCount(6);
  await expect(page.getByRole('tab', { name: /Demo barn/ })).toHaveCount(0);

  await selector.getByRole('button', { name: 'Grain' }).click();
  await expect.poll(letters).toEqual(['G']);
  await expect(rows).toHaveCount(6);

  await selector.getByRole('button', { name: 'Hay' }).click();
  await expect.poll(letters).toEqual(['H']);
  await expect(rows).toHaveCount(8);
});
