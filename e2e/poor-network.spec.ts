import { expect, test, type Page } from '@playwright/test';
import { demoUsers, stationIds } from './support/app.js';
import { logInThroughApi } from './support/logInThroughApi.js';
import { controllingWorker } from './support/serviceWorker.js';

// Issue 35 item 4 (decision 0140): on a poor network the installed app shows the probe list from its
// cached shell, retries a failed read instead of showing an error at once, and never loses a save
// silently.

/** Runs in the page, whose globals this Node-typed project does not declare. */
type Browserish = {
  navigator: {
    serviceWorker: {
      ready: Promise<{ active: { state: string } | null }>;
      controller: { scriptURL: string } | null;
    };
  };
  performance: { now(): number };
  document: { querySelector(selector: string): unknown };
  MutationObserver: new (cb: () => void) => {
    observe(target: Browserish['document'], options: { childList: boolean; subtree: boolean }): void;
    disconnect(): void;
  };
  probeRowsAt?: number;
  /** Whether the device's-copy banner (decision 0145) was on screen when the first probe row showed. */
  copyBannerWithFirstRow?: boolean;
  /** When the device's copy had been replaced by the fresh list (its banner gone, rows shown). */
  freshListAt?: number;
};

/**
 * Chrome DevTools' slow 3G as the task states it: 400 ms added to each request, about 400 kbit/s each
 * way (throughputs are in bytes per second).
 */
const SLOW_3G = {
  offline: false,
  latency: 400,
  downloadThroughput: (400 * 1000) / 8,
  uploadThroughput: (400 * 1000) / 8,
};

/**
 * Records, in the page, when the first probe row with its name appeared — the list readable — and when
 * the device's copy shown first had been replaced by the fresh list (ms since the navigation started).
 */
async function recordFirstProbeRow(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const g = globalThis as unknown as Browserish;
    const observer = new g.MutationObserver(() => {
      const named = g.document.querySelector('[data-testid="probe-row"] [data-testid="probe-link"]') as {
        textContent: string | null;
      } | null;
      const copyBanner = g.document.querySelector('[data-testid="device-copy-banner"]') !== null;
      if (g.probeRowsAt === undefined && named?.textContent) {
        g.probeRowsAt = g.performance.now();
        g.copyBannerWithFirstRow = copyBanner;
      }
      if (g.probeRowsAt !== undefined && !copyBanner) {
        g.freshListAt = g.performance.now();
        observer.disconnect();
      }
    });
    observer.observe(g.document, { childList: true, subtree: true });
  });
}

/**
 * Opens the app at the probe list in a fresh page, as a tap on its icon opens a new window (the hay
 * farmer's start page is the storages, so the list's own address is opened), and returns when the
 * first probe row showed, whether the device's copy was what showed first (decision 0145), and when
 * the fresh list had replaced it. `autoOpen` is the tab's record of the windows kept closed (decision 0077),
 * carried over so that they do not open over the list.
 */
async function openFromIcon(
  page: Page,
  autoOpen: string | null,
): Promise<{ firstRowMs: number; fromCopy: boolean; freshMs: number }> {
  await recordFirstProbeRow(page);
  if (autoOpen !== null)
    await page.addInitScript((value) => {
      (
        globalThis as unknown as { sessionStorage: { setItem(key: string, value: string): void } }
      ).sessionStorage.setItem('emberwatch.autoOpen', value);
    }, autoOpen);
  await page.goto('/probes');
  await expect(page.getByTestId('probe-row').first()).toBeVisible({ timeout: 45_000 });
  // The device's copy goes when the fresh answers have replaced it.
  await expect(page.getByTestId('device-copy-banner')).toHaveCount(0, { timeout: 45_000 });
  return page.evaluate(() => {
    const g = globalThis as unknown as Browserish;
    return {
      firstRowMs: g.probeRowsAt ?? Number.NaN,
      fromCopy: g.copyBannerWithFirstRow ?? false,
      freshMs: g.freshListAt ?? Number.NaN,
    };
  });
}

test.describe('the installed app on slow 3G', () => {
  // The service worker's cached shell is this test's subject (the config blocks workers for the rest).
  test.use({ serviceWorkers: 'allow' });

  test('opens from its cached shell and shows the hay farm’s probe list', async ({ context, page }) => {
    test.setTimeout(120_000);
    // Installed once: the worker has precached the shell (active means its install finished).
    await logInThroughApi(page, demoUsers.hay, '/probes');
    await expect.poll(() => controllingWorker(page), { timeout: 30_000 }).toMatch(/\/sw\.js$/);
    await expect(page.getByTestId('probe-row').first()).toBeVisible();
    const expected = await page.getByTestId('probe-row').count();
    const names = await page.getByTestId('probe-link').allTextContents();
    expect(names.length).toBe(expected);
    // The device keeps this account's last data (decision 0128), written a moment after the answers.
    const firstName = JSON.stringify(names[0]).slice(1, -1);
    await expect
      .poll(() =>
        page.evaluate(
          () =>
            (
              globalThis as unknown as { localStorage: { getItem(key: string): string | null } }
            ).localStorage.getItem('emberwatch.offline.v1') ?? '',
        ),
      )
      .toContain(firstName);
    const autoOpen = await page.evaluate(() =>
      (
        globalThis as unknown as { sessionStorage: { getItem(key: string): string | null } }
      ).sessionStorage.getItem('emberwatch.autoOpen'),
    );
    await page.close();

    // A fresh page of the same browser, as a tap on the icon opens: the same peer unthrottled first,
    // so the figure can be read beside what this machine does without the throttle.
    const plain = await context.newPage();
    const plainOpen = await openFromIcon(plain, autoOpen);
    await plain.close();

    const slow = await context.newPage();
    const cdp = await context.newCDPSession(slow);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', SLOW_3G);
    const slowOpen = await openFromIcon(slow, autoOpen);
    // The list was readable from the device's copy of this account's data, marked as such, before the
    // fresh answers came (decision 0145); the fresh list then replaced it: the same probes, named.
    // Whether the first row came from the copy depends on which answer wins on this machine: recorded, not
    // asserted (deviceCopy.test.tsx proves the copy is shown while the fresh answers are held).
    console.log(`poor-network: first rows from the device's copy: ${String(slowOpen.fromCopy)}`);
    await expect(slow.getByTestId('probe-row')).toHaveCount(expected);
    expect(await slow.getByTestId('probe-link').allTextContents()).toEqual(names);
    // The shell came from the worker's cache, not over the slow network.
    expect(
      await slow.evaluate(
        () => (globalThis as unknown as Browserish).navigator.serviceWorker.controller?.scriptURL,
      ),
    ).toMatch(/\/sw\.js$/);
    // No error on the way, and nothing left retrying.
    await expect(slow.getByRole('alert')).toHaveCount(0);

    // The product's goal is 3 s; on this shared machine the figure is recorded (docs/PERFORMANCE.md),
    // not asserted.
    const figures = {
      slow3gMs: Math.round(slowOpen.firstRowMs),
      unthrottledMs: Math.round(plainOpen.firstRowMs),
      slow3gFreshMs: Math.round(slowOpen.freshMs),
      unthrottledFreshMs: Math.round(plainOpen.freshMs),
    };
    test.info().annotations.push({ type: 'probe list shown', description: JSON.stringify(figures) });
    console.log(`poor-network: probe list shown ${JSON.stringify(figures)}`);
  });
});

test('a read failing twice with 503 is retried, says so, and shows the data without an error', async ({
  page,
}) => {
  let failures = 0;
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/client/data?*', async (route) => {
    if (failures < 2) {
      failures += 1;
      await route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: '{"status_code":503,"error":"busy"}',
      });
      return;
    }
    // The next try waits until the test has seen the "trying again" notice: on a loaded machine the
    // notice must not come and go between two looks.
    await released;
    await route.continue();
  });
  await logInThroughApi(page, demoUsers.hay, '/probes');
  await expect(page.getByTestId('reads-retrying')).toContainText('Slow connection — trying again…');
  await expect(page.getByRole('alert')).toHaveCount(0);
  release();
  await expect(page.getByTestId('probe-row').first()).toBeVisible();
  await expect(page.getByTestId('reads-retrying')).toHaveCount(0);
  await expect(page.getByRole('alert')).toHaveCount(0);
  expect(failures).toBe(2);
});

test('a save made offline is reported as not saved, and its Try again saves it once back online', async ({
  context,
  page,
}) => {
  const token = await logInThroughApi(page, demoUsers.compost, '/probes');
  const row = page.getByTestId('probe-row').first();
  await expect(row).toBeVisible();
  const sensorId = await row.getAttribute('data-sensor-id');
  const compostStations = await stationIds('compost');
  await page.goto(`/probes/${sensorId}?tab=properties`);
  const name = `Poor network ${Date.now() % 100_000}`;
  const nameField = page.getByLabel('Name', { exact: true });
  await expect(nameField).toBeEnabled();
  await nameField.fill(name);

  /** The probe's name as the server stores it. */
  const storedName = async () => {
    for (const bsId of compostStations) {
      const answer = await page.request.get(`/client/bsConf?basestationID=${bsId}`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      expect(answer.ok()).toBe(true);
      const conf = (await answer.json()) as {
        sensor_configurations: { sensor_id_sys: string; sensor_name: string | null }[];
      };
      const probe = conf.sensor_configurations.find((c) => c.sensor_id_sys === sensorId);
      if (probe) return probe.sensor_name;
    }
    throw new Error(`probe ${sensorId} is on no compost station`);
  };

  await context.setOffline(true);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const notice = page.getByTestId('save-not-saved');
  await expect(notice).toContainText('Not saved: the server could not be reached.');
  expect(await storedName()).not.toBe(name);

  await context.setOffline(false);
  await notice.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByText('Probe settings saved.')).toBeVisible();
  await expect(notice).toHaveCount(0);
  expect(await storedName()).toBe(name);
});

test('a safe mark made offline (notifications seen) waits, says so, and is sent when the network returns', async ({
  context,
  page,
}) => {
  const token = await logInThroughApi(page, demoUsers.compost, '/probes');
  /** The compost farm's unread notifications, as the server counts them (UID: the session's own). */
  const unread = async () => {
    const answer = await page.request.get('/client/getNotifications', {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(answer.ok()).toBe(true);
    return ((await answer.json()) as { unread: number }).unread;
  };
  expect(await unread(), 'the compost farm starts with unread notifications').toBeGreaterThan(0);
  const bell = page.getByTestId('notifications-button');
  await expect(bell).toBeVisible();

  await context.setOffline(true);
  await bell.click();
  await expect(page.getByTestId('saves-queued')).toContainText('Changes waiting for the network: 1.');
  await expect(page.getByTestId('save-not-saved')).toHaveCount(0);
  expect(await unread()).toBeGreaterThan(0);

  await context.setOffline(false);
  await expect(page.getByTestId('saves-queued')).toHaveCount(0);
  await expect.poll(unread).toBe(0);
  await expect(page.getByTestId('save-not-saved')).toHaveCount(0);
});
