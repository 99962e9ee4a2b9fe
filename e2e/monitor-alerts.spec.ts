import { expect, test } from './support/test.js';
import { demoPassword, demoUsers, readDemoStations } from './support/app.js';
import { northBarn, reportBale } from './support/northBarn.js';

interface MonitorRule {
  type: string;
  currentAlerts?: { sensor_id: string }[];
}

// Issue 11, done means: a stack crosses its limit, the alert shows on the storage without a reload,
// and the farmer acknowledges it.
test('a hay farmer sees a bale cross the limit on the storage, live, and acknowledges the alert', async ({
  page,
  request,
}) => {
  const { barn, bales, headers } = await northBarn(request);
  const monitors = (
    (await (await request.get('/client/getMonitors', { headers })).json()) as {
      results: { itemID: number; rules: MonitorRule[] }[];
    }
  ).results;
  const alerting = new Set(
    monitors.flatMap((m) => m.rules.flatMap((r) => (r.currentAlerts ?? []).map((a) => a.sensor_id))),
  );
  // A bale of the barn with no alert yet.
  const bale = bales.find((id) => !alerting.has(id));
  if (!bale) throw new Error('every bale of the north barn is already in alert');

  await page.goto(`/storages/${barn.itemID}`);
  await page.getByLabel('Username', { exact: true }).fill(demoUsers.hay);
  await page.getByLabel('Password', { exact: true }).fill(demoPassword);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('tab', { name: 'Monitor' }).click();
  const panel = page.getByTestId('storage-monitor');
  await expect(panel.getByRole('heading', { name: 'Hay — fire risk' })).toBeVisible();
  // The absolute rule's alert of the bale's core (the relative rule may raise its own beside it).
  const row = panel
    .getByTestId('current-alert')
    .filter({ hasText: `Absolute maximum: probe ${bale}, depth 3` });
  await expect(row).toHaveCount(0);

  // The station reports the bale's core at 63 °C, above the monitor's 55 °C; no reload follows.
  await page.evaluate(() => {
    (globalThis as unknown as { emberwatchNoReload?: boolean }).emberwatchNoReload = true;
  });
  await reportBale(page.request, bale, [400, 520, 630]);
  await expect(row).toHaveCount(1, { timeout: 20_000 });
  await expect(row).toContainText('63.0 °C');

  await row.getByRole('button', { name: 'Acknowledge' }).click();
  const dialog = page.getByRole('dialog', { name: 'Acknowledge the alert' });
  await dialog.getByLabel('Note').fill('Moving the bales out');
  await dialog.getByRole('button', { name: 'Acknowledge' }).click();
  await expect(dialog).toBeHidden();
  await expect(row.getByTestId('alert-ack')).toContainText('Moving the bales out');
  await expect(row.getByRole('button', { name: 'Acknowledge' })).toHaveCount(0);
  // The logbook has both, newest first.
  const lines = panel
    .getByTestId('logbook-line')
    .filter({ hasText: `Absolute maximum: alert on probe ${bale}, depth 3` });
  await expect(lines.first()).toContainText('acknowledged: Moving the bales out');
  await expect(lines.nth(1)).toContainText('at 63.0 °C');
  expect(
    await page.evaluate(() => (globalThis as unknown as { emberwatchNoReload?: boolean }).emberwatchNoReload),
  ).toBe(true);
});

interface GrainStorage {
  itemID: number;
  name: string;
  BS_ID: string;
  sensor_layout: { sensors: { id: string; row: number }[] } | null;
  stacks: { sensors: { id: string }[] }[];
}

// Issue 11 item 9: create a monitor with ABS_MAX on a storage from the web, send readings above the
// limit through the ingest protocol, see the alert on the storage without reloading.
test('a grain farmer adds a monitor to a bin from its monitor tab, and a hot reading raises its alert live', async ({
  page,
  request,
}) => {
  const login = await request.post('/admin/login', {
    data: { username: demoUsers.grain, password: demoPassword },
  });
  expect(login.ok()).toBe(true);
  const headers = {
    Authorization: `Bearer ${((await login.json()) as { accessToken: string }).accessToken}`,
  };
  const storages = (
    (await (await request.get('/client/getStorages', { headers })).json()) as { results: GrainStorage[] }
  ).results;
  const bin = storages.find((s) => (s.sensor_layout?.sensors ?? []).some((p) => p.row >= 0));
  if (!bin) throw new Error('no demo grain storage with a placed probe');
  const probe = bin.sensor_layout!.sensors.find((p) => p.row >= 0)!.id;

  await page.goto(`/storages/${bin.itemID}`);
  await page.getByLabel('Username', { exact: true }).fill(demoUsers.grain);
  await page.getByLabel('Password', { exact: true }).fill(demoPassword);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('tab', { name: 'Monitor' }).click();
  const panel = page.getByTestId('storage-monitor');

  // A new monitor with one absolute rule at 35 °C (the grain farmer reads °F: 95 °F), made inside
  // the storage: it is chosen at once.
  await panel.getByRole('button', { name: 'Add monitor' }).click();
  const editor = page.getByRole('dialog', { name: 'New monitor' });
  await editor.getByRole('textbox', { name: 'Name' }).fill('Bin watch 35');
  await editor.getByRole('button', { name: 'Add rule' }).click();
  await page.getByRole('dialog', { name: 'Choose a rule type' }).getByText('Absolute maximum').click();
  const rule = page.getByRole('dialog', { name: 'Absolute maximum' });
  const limit = rule.getByRole('spinbutton', { name: /Alert limit/ });
  await limit.fill('95');
  await rule.getByRole('button', { name: 'OK' }).click();
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(editor).toBeHidden();
  await expect(panel.getByRole('combobox', { name: 'Monitor' })).toHaveText('Bin watch 35');
  await expect(panel.getByRole('heading', { name: 'Bin watch 35' })).toBeVisible();

  await page.evaluate(() => {
    (globalThis as unknown as { emberwatchNoReload?: boolean }).emberwatchNoReload = true;
  });
  const { stations } = await readDemoStations();
  const station = stations.find((s) => s.bs_id === bin.BS_ID)!;
  const sent = await page.request.post('/ingest/v1/packets', {
    headers: { Authorization: `Station ${station.bs_id}:${station.secret}` },
    data: {
      type: 'data',
      readings: [{ sensor_id: probe, meas_ts: Math.floor(Date.now() / 1000), temperatures: [410, 300, 290] }],
    },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  const row = panel
    .getByTestId('current-alert')
    .filter({ hasText: `Absolute maximum: probe ${probe}, depth 1` });
  await expect(row).toHaveCount(1, { timeout: 20_000 });
  await expect(row).toContainText('reached 105.8 °F');
  expect(
    await page.evaluate(() => (globalThis as unknown as { emberwatchNoReload?: boolean }).emberwatchNoReload),
  ).toBe(true);
});
