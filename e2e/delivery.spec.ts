import { expect, test } from './support/test.js';
import type { APIRequestContext } from '@playwright/test';
import { demoPassword, demoUsers, readDemoStations } from './support/app.js';

interface Listed {
  itemID: number;
  BS_ID: string;
  monitor: number | null;
  stacks: { sensors: { id: string }[] }[];
  sensor_layout: { sensors: { id: string }[] } | null;
}

async function bearer(request: APIRequestContext, username: string) {
  const login = await request.post('/admin/login', { data: { username, password: demoPassword } });
  expect(login.ok()).toBe(true);
  return { Authorization: `Bearer ${((await login.json()) as { accessToken: string }).accessToken}` };
}

// Issue 12 item 7: a monitored windrow crosses its limit; an e-mail reaches the local SMTP server and
// an SMS the fake provider, in the recipient's language; the SMS reply "OK" acknowledges and the
// reminders stop. The admin watches it all on the outbox page (decision 0045).
test('a heating windrow texts and mails its owner in Dutch; replying OK acknowledges it', async ({
  page,
  request,
}) => {
  const owner = await bearer(request, demoUsers.compost);
  const storages = (
    (await (await request.get('/client/getStorages', { headers: owner })).json()) as { results: Listed[] }
  ).results;
  const windrow = storages.find((s) => s.monitor !== null);
  if (!windrow) throw new Error('the compost demo account has no monitored storage');
  const probe = [...(windrow.sensor_layout?.sensors ?? []), ...windrow.stacks.flatMap((s) => s.sensors)][0]
    ?.id;
  if (!probe) throw new Error('the monitored windrow has no probe');
  const { stations } = await readDemoStations();
  const station = stations.find((s) => s.bs_id === windrow.BS_ID)!;
  const depths = station.probes.find((p) => p.sensor_id === probe)?.depths ?? 2;

  const chose = await request.post('/client/uiPrefs', {
    headers: owner,
    data: { prefs: { language: 'nl' } },
  });
  expect(chose.ok(), await chose.text()).toBe(true);
  try {
    // 90 °C at the tip: above the compost monitor's 75 °C.
    const now = Math.floor(Date.now() / 1000);
    const sent = await request.post('/ingest/v1/packets', {
      headers: { Authorization: `Station ${station.bs_id}:${station.secret}` },
      data: {
        type: 'data',
        readings: [
          { sensor_id: probe, meas_ts: now - 60, temperatures: Array<number>(depths).fill(500) },
          { sensor_id: probe, meas_ts: now, temperatures: [...Array<number>(depths - 1).fill(500), 900] },
        ],
      },
    });
    expect(sent.status(), await sent.text()).toBe(200);

    // The admin's outbox: opened by its address (a reload of an /admin/ page gets the app).
    await page.goto('/admin/outbox');
    await page.getByLabel('Username', { exact: true }).fill(demoUsers.admin);
    await page.getByLabel('Password', { exact: true }).fill(demoPassword);
    await page.getByRole('button', { name: 'Log in' }).click();
    // The outbox lists every message the run has sent so far: on a loaded machine it took over 10 s.
    await expect(page.getByTestId('outbox-senders')).toContainText('nothing leaves this machine', {
      timeout: 20_000,
    });
    const sms = page.getByTestId('outbox-row').filter({ hasText: '+12025550103' }).first();
    const mail = page.getByTestId('outbox-row').filter({ hasText: 'compost@example.com' }).first();
    await expect(sms).toContainText('Sent', { timeout: 20_000 });
    await expect(mail).toContainText('Sent', { timeout: 20_000 });
    await expect(mail).toContainText('Emberwatch-alarm');

    // The owner answers the SMS: the fake provider passes "OK" on, signed, as a phone's reply would come.
    await page.getByLabel('Phone number').fill('+12025550103');
    await page.getByLabel('Reply', { exact: true }).fill('OK');
    await page.getByRole('button', { name: 'Send reply' }).click();
    await expect(page.getByText('the server answered with HTTP 200')).toBeVisible();

    // The alert is acknowledged by SMS and no reminder is due any more.
    await expect
      .poll(
        async () => {
          const log = (await (
            await request.get(`/client/getDeliveryLog?itemID=${windrow.itemID}`, { headers: owner })
          ).json()) as {
            alerts: {
              sensor_id: string;
              status: string;
              nextStepTs: number | null;
              ack: { via: string } | null;
            }[];
          };
          const a = log.alerts.find((x) => x.sensor_id === probe);
          return a && `${a.status} ${a.ack?.via ?? '-'} ${a.nextStepTs ?? 'none'}`;
        },
        { timeout: 15_000 },
      )
      .toBe('acknowledged sms none');
  } finally {
    await request.post('/client/uiPrefs', { headers: owner, data: { prefs: { language: 'en' } } });
  }
});
