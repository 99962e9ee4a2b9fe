import { expect, test } from './support/test.js';
import type { APIRequestContext } from '@playwright/test';
import { demoPassword, demoUsers } from './support/app.js';

// Issue 28 item 9: "The RC event log shows US dates instead of the chosen date format." The compost
// works' windrow blowers (RC unit RC12-WINDROWS-2) get a line in their log when a channel is
// switched by hand; the settings' RC tab shows it in the user's date format.
const RC = 'RC12-WINDROWS-2';

async function bearer(request: APIRequestContext) {
  const login = await request.post('/admin/login', {
    data: { username: demoUsers.compost, password: demoPassword },
  });
  expect(login.ok()).toBe(true);
  return { Authorization: `Bearer ${((await login.json()) as { accessToken: string }).accessToken}` };
}

/** Epoch seconds as dd/MM/yyyy HH:mm on UTC's clock (the browser's here: playwright.config.ts). */
function utcText(ts: number): string {
  const d = new Date(ts * 1000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(d.getUTCDate())}/${p(d.getUTCMonth() + 1)}/${d.getUTCFullYear()} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())}`;
}

test('the RC event log writes its times in the date format the user chose', async ({ page, request }) => {
  const headers = await bearer(request);
  const prefs = (await (await request.get('/client/getSessionInfo', { headers })).json()) as {
    ui_preferences: { date_format: string; time_format: string };
  };
  const before = prefs.ui_preferences;
  const set = (p: object) => request.post('/client/uiPrefs', { headers, data: { prefs: p } });
  try {
    expect((await set({ date_format: 'dd/MM/yyyy', time_format: 'HH:mm' })).ok()).toBe(true);
    // Channel 1 switched off by hand: its log gets a line.
    const manual = await request.post('/fc/setFcManualCommand', {
      headers,
      data: { fc_id: RC, channel: 1, isManual: true, command: 0 },
    });
    expect(manual.ok(), await manual.text()).toBe(true);
    const log = (await (await request.get(`/client/rcLogs?FC_ID=${RC}`, { headers })).json()) as {
      results: { ts: number }[];
    };
    const newest = log.results[0];
    expect(newest, 'the log has the line of the switch').toBeTruthy();

    await page.addLocatorHandler(page.getByRole('dialog', { name: 'Access requests' }), async (dialog) => {
      await dialog.getByRole('button', { name: 'Close' }).click();
    });
    await page.goto('/settings/rc');
    await page.getByLabel('Username', { exact: true }).fill(demoUsers.compost);
    await page.getByLabel('Password', { exact: true }).fill(demoPassword);
    await page.getByRole('button', { name: 'Log in' }).click();
    const unit = page.getByTestId('rc-unit').filter({ has: page.getByRole('heading', { name: RC }) });
    await unit.getByRole('button', { name: 'Event log' }).first().click();
    const dialog = page.getByRole('dialog', { name: `Event log of ${RC}` });
    const first = dialog.getByTestId('rc-log-row').first();
    await expect(first.getByRole('cell').first()).toHaveText(utcText(newest!.ts));
    await expect(first.getByRole('cell').first()).toHaveText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
  } finally {
    await request.post('/fc/setFcManualCommand', {
      headers,
      data: { fc_id: RC, channel: 1, isManual: false, command: 0 },
    });
    await set({ date_format: before.date_format, time_format: before.time_format });
  }
});
