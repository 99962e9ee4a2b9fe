import { createHmac } from 'node:crypto';
import path from 'node:path';
import Database from 'better-sqlite3';
import { expect, test, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/lib/chromium.mjs';
import { dataDir, demoUsers } from './support/app.js';
import { logInThroughApi } from './support/logInThroughApi.js';
import { northBarn, reportBale } from './support/northBarn.js';

// Issue 35 item 3 (decision 0129): a push message delivered to the service worker through the DevTools
// protocol shows a notification with the storage, the probe and the temperature, and the actions to
// open the probe or acknowledge; the acknowledgement's signed token acknowledges the alert from the
// worker, with no session and no page of the app.

interface Shown {
  title: string;
  body: string;
  actions: { action: string; title: string }[];
  data: { url: string; ack?: string };
}
/** The worker's globals, which this Node-typed project does not declare. */
type WorkerScope = {
  registration: { getNotifications(): Promise<(Shown & { actions: readonly Shown['actions'][number][] })[]> };
  fetch(url: string, init: object): Promise<{ status: number; json(): Promise<unknown> }>;
};

/** The worker's registration, and the DevTools session (its ServiceWorker domain on) that found it. */
async function workerRegistration(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  const found = new Promise<{ id: string; origin: string }>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const r = registrations.find((x) => !x.isDeleted);
      if (r) resolve({ id: r.registrationId, origin: new URL(r.scopeURL).origin });
    });
  });
  await cdp.send('ServiceWorker.enable');
  return { cdp, ...(await found) };
}

// The service worker is this file's subject (the config blocks it for the others). The full browser: the
// headless shell the other files run in (decision 0155) denies a service worker the notification
// permission the context grants, so nothing would be shown.
test.use({
  serviceWorkers: 'allow',
  launchOptions: { executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS },
});

test('a pushed alert shows storage, probe and temperature with open and acknowledge; acknowledging needs no app', async ({
  page,
  context,
  request,
}) => {
  await context.grantPermissions(['notifications']);
  await logInThroughApi(page, demoUsers.hay, '/probes');
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const sw = (
          globalThis as unknown as {
            navigator: { serviceWorker: { ready: Promise<unknown>; controller: unknown } };
          }
        ).navigator.serviceWorker;
        await sw.ready;
        return sw.controller !== null;
      }),
    )
    .toBe(true);

  // A real alert: a bale of the north barn at 63 °C, above its monitor's 55 °C.
  const { barn, bales, headers, userId: UID } = await northBarn(request);
  // The last bale (see support/northBarn.ts for which spec heats which).
  const bale = bales.at(-1)!;
  await reportBale(request, bale, [400, 520, 630]);

  // The token the server puts in its push message for that alert group and person (its format and key,
  // tested in apps/server/test/pushAck.test.ts): this browser has no push service to receive the real one.
  const db = new Database(path.join(dataDir(), 'emberwatch.db'), { readonly: true });
  let groupId = 0;
  let key = '';
  try {
    // The group this bale's alert was told in: other specs of this worker heat other bales of the barn
    // and may leave their own groups open, so the newest open group is not necessarily this one.
    const groupOfBale = db.prepare(
      "SELECT a.group_id AS id FROM delivery_alerts a JOIN delivery_groups g ON g.id = a.group_id WHERE a.owner_user_id = ? AND a.sensor_id = ? AND a.status = 'new' AND g.status IN ('gathering', 'open') ORDER BY a.id DESC",
    );
    // The group the poll saw is the one the token names (a second look could find a newer one).
    await expect
      .poll(() => (groupId = (groupOfBale.get(UID, bale) as { id: number } | undefined)?.id ?? 0), {
        timeout: 20_000,
      })
      .toBeGreaterThan(0);
    key = (db.prepare("SELECT value FROM delivery_keys WHERE name = 'ack-links'").get() as { value: string })
      .value;
  } finally {
    db.close();
  }
  const expires = Math.floor(Date.now() / 1000) + 3600;
  const sig = createHmac('sha256', Buffer.from(key, 'base64url'))
    .update(`push-ack:${groupId}:${UID}:${expires}`)
    .digest('base64url');
  const message = {
    title: `Emberwatch alert: ${barn.name}`,
    body: `Probe ${bale}, depth 3 in ${barn.name} is 63.0 °C, above the limit 55.0 °C.`,
    url: `/storages/${barn.itemID}/probes/${bale}`,
    tag: `alert-${groupId}`,
    alert: { storage: barn.name, probe: bale, temperature: '63.0 °C' },
    ack: { token: `${groupId}.${UID}.${expires}.${sig}`, label: 'Acknowledge', openLabel: 'Open the probe' },
  };

  // Delivered to the worker as a push service would, through the DevTools protocol.
  const registration = await workerRegistration(page);
  const deliver = () =>
    registration.cdp.send('ServiceWorker.deliverPushMessage', {
      origin: registration.origin,
      registrationId: registration.id,
      data: JSON.stringify(message),
    });
  await deliver();

  const worker = context.serviceWorkers().find((w) => w.url().endsWith('/sw.js'))!;
  expect(worker).toBeTruthy();
  const shown = () =>
    worker.evaluate(async () =>
      (await (globalThis as unknown as WorkerScope).registration.getNotifications()).map((n) => ({
        title: n.title,
        body: n.body,
        actions: n.actions.map((a) => ({ action: a.action, title: a.title })),
        data: n.data,
      })),
    );
  // In the whole suite's load the DevTools protocol has now and then handed the message to a worker that
  // had just taken the page over and showed nothing (twice in a dozen runs); a push service delivers
  // again what it could not. Once more, then: the same tag, so one notification however many arrive.
  await expect.poll(shown, { timeout: 5_000 }).toHaveLength(1).catch(deliver);
  await expect.poll(shown).toEqual([
    {
      title: `Emberwatch alert: ${barn.name}`,
      body: expect.stringContaining(`${bale}, depth 3 in ${barn.name} is 63.0 °C`) as unknown as string,
      actions: [
        { action: 'open', title: 'Open the probe' },
        { action: 'ack', title: 'Acknowledge' },
      ],
      data: { url: `/storages/${barn.itemID}/probes/${bale}`, ack: message.ack.token },
    },
  ]);

  // The Acknowledge action's call, made from the worker (no page, no bearer) with the notification's token.
  const answer = await worker.evaluate(async () => {
    const scope = globalThis as unknown as WorkerScope;
    const [n] = await scope.registration.getNotifications();
    const r = await scope.fetch('/client/acknowledgeFromPush', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ token: n!.data.ack }),
    });
    return { status: r.status, body: await r.json() };
  });
  expect(answer).toEqual({
    status: 200,
    body: { status_code: 0, acknowledged: expect.any(Number) as unknown as number },
  });
  const log = (await (
    await request.get(`/client/getDeliveryLog?itemID=${barn.itemID}`, { headers })
  ).json()) as {
    alerts: { sensor_id: string; status: string; ack: { via: string } | null }[];
  };
  expect(log.alerts.find((a) => a.sensor_id === bale)).toMatchObject({
    status: 'acknowledged',
    ack: { via: 'push' },
  });
});
