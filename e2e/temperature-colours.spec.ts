import { expect, test } from './support/test.js';
import type { Locator, Page } from '@playwright/test';
import { demoPassword, demoUsers, readDemoStations } from './support/app.js';

// Issue 7: a heating stack must be seen at a glance. The hay demo's own settings (spec doc 1 §4):
// colour steps 0/20/30/45/60 °C and an alert at 45 °C, so a 51.5 °C stack is in the fourth step's
// band and above the alert, an 18 °C one in the first band and below it.

async function logIn(page: Page, username: string): Promise<void> {
  await page.getByLabel('Username', { exact: true }).fill(username);
  await page.getByLabel('Password', { exact: true }).fill(demoPassword);
  await page.getByRole('button', { name: 'Log in' }).click();
}

async function openFromMenu(page: Page, entry: 'settings' | 'probes'): Promise<void> {
  await page.getByTestId('menu-button').click();
  await page.getByTestId(`menu-${entry}`).click();
}

const rowOf = (page: Page, sensorId: string): Locator =>
  page.locator(`[data-testid="probe-row"][data-sensor-id="${sensorId}"]`);

/** The data-tone of each coloured segment under `root`, handle first. */
async function tones(root: Locator): Promise<(string | null)[]> {
  const segments = await root.locator('[data-tone]').all();
  return Promise.all(segments.map((segment) => segment.getAttribute('data-tone')));
}

/** The colour band of a value under the hay demo's steps (the shared rule, for values above −20 °C). */
const hayBand = (celsius: number): number => [0, 20, 30, 45, 60].filter((step) => celsius >= step).length;

// The band fills of apps/web/src/app/temperaturePalette.ts.
const BAND_1_FILL = 'rgb(134, 239, 172)';
const BAND_4_FILL = 'rgb(239, 68, 68)';

async function expectHotAndCool(page: Page, hot: string, cool: string, alertName: string): Promise<void> {
  const hotRow = rowOf(page, hot);
  const coolRow = rowOf(page, cool);
  await expect(hotRow.getByTestId('probe-temp-bar')).toBeVisible();
  expect(await tones(hotRow.getByTestId('probe-temp-bar'))).toEqual(['band-4', 'band-4', 'band-4']);
  expect(await tones(coolRow.getByTestId('probe-temp-bar'))).toEqual(['band-1', 'band-1', 'band-1']);
  await expect(hotRow.locator('[data-tone]').first()).toHaveCSS('background-color', BAND_4_FILL);
  await expect(coolRow.locator('[data-tone]').first()).toHaveCSS('background-color', BAND_1_FILL);
  // Not colour alone: the hot probe carries an icon with a text alternative, the cool one none.
  await expect(hotRow.getByRole('img', { name: alertName })).toBeVisible();
  await expect(coolRow.getByTestId('above-alert')).toHaveCount(0);
}

test('a hay farmer sees a heating stack at a glance: coloured by the colour steps and marked above the alert, on a desktop and a phone, in °C and °F', async ({
  page,
  request,
}) => {
  // Two probes of the hay farm's first station report now: one heating, one cool (3 depths each).
  const { stations } = await readDemoStations();
  const station = stations.find((s) => s.material === 'hay');
  if (!station) throw new Error('no hay station in the demo');
  const [hot, cool] = station.probes.map((p) => p.sensor_id);
  if (!hot || !cool) throw new Error('the hay station has fewer than two probes');
  const now = Math.floor(Date.now() / 1000);
  const answer = await request.post('/ingest/v1/packets', {
    headers: { Authorization: `Station ${station.bs_id}:${station.secret}` },
    data: {
      type: 'data',
      readings: [
        { sensor_id: hot, meas_ts: now, temperatures: [515, 505, 490], sensor_RSSI: -70, batt_voltage: 356 },
        { sensor_id: cool, meas_ts: now, temperatures: [180, 182, 185], sensor_RSSI: -70, batt_voltage: 356 },
      ],
    },
  });
  expect(answer.status(), await answer.text()).toBe(200);

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/probes');
  await logIn(page, demoUsers.hay);
  await expect(page).toHaveURL(/\/probes$/);
  if ((await page.getByRole('tab').count()) > 1) await page.getByRole('tab', { name: /North barn/ }).click();

  // Desktop: the table, the unit in the column header.
  await expect(page.getByRole('table')).toBeVisible();
  await expectHotAndCool(page, hot, cool, 'Above the alert temperature 45 °C');
  await expect(rowOf(page, hot).getByTestId('probe-temp')).toHaveText('51.5 / 50.5 / 49.0');

  // Sorting by temperature puts the heating stack last (ascending by its hottest depth).
  const ids = await Promise.all(
    (await page.getByTestId('probe-row').all()).map((row) => row.getAttribute('data-sensor-id')),
  );
  expect(ids.indexOf(hot)).toBeGreaterThan(ids.indexOf(cool));

  // Keyboard focus on a sort header is visible.
  const nameHeader = page.getByRole('button', { name: 'Probe', exact: true });
  // Reached by the keyboard (Shift+Tab away and Tab back), as focus-visible means.
  await nameHeader.focus();
  await page.keyboard.press('Shift+Tab');
  await expect(nameHeader).not.toBeFocused();
  await page.keyboard.press('Tab');
  await expect(nameHeader).toBeFocused();
  await expect(nameHeader).toHaveCSS('outline-style', 'solid');
  await expect(nameHeader).toHaveCSS('outline-width', '2px');

  // Phone: cards with the same colours and mark, and the unit written on the card.
  await page.setViewportSize({ width: 360, height: 740 });
  await expect(page.getByRole('table')).toHaveCount(0);
  await expectHotAndCool(page, hot, cool, 'Above the alert temperature 45 °C');
  await expect(rowOf(page, hot).getByTestId('probe-temp')).toHaveText('51.5 / 50.5 / 49.0 °C');
  await expect(rowOf(page, cool).getByTestId('probe-temp')).toHaveText('18.0 / 18.2 / 18.5 °C');
  expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(360);

  // The detail header colours and marks the same reading; its Data tab fits a phone with one-line headers.
  await rowOf(page, hot).getByTestId('probe-link').click();
  const latest = page.getByTestId('detail-latest');
  await expect(latest).toHaveText('51.5 / 50.5 / 49.0 °C');
  expect(await tones(latest)).toEqual(['band-4', 'band-4', 'band-4']);
  await expect(latest.getByRole('img', { name: 'Above the alert temperature 45 °C' })).toBeVisible();
  await page.getByTestId('tab-data').click();
  const firstRow = page.getByTestId('data-row').first();
  await expect(firstRow).toBeVisible();
  // Every value of the table is coloured by the steps. (Its newest row need not be the reading sent
  // above: a reading within 60 s of another is a duplicate, hidden here, spec doc 2 §9.)
  for (const cell of await firstRow.getByTestId('data-temp').all()) {
    const celsius = Number((await cell.textContent())?.replace(',', '.'));
    await expect(cell).toHaveAttribute('data-tone', `band-${hayBand(celsius)}`);
  }
  const cellHeight = (await firstRow.getByTestId('data-temp').first().boundingBox())?.height ?? 0;
  for (const header of await page.getByTestId('data-depth').all()) {
    // One line: a second line would add a whole line height (the header text is a little taller).
    expect((await header.boundingBox())?.height ?? Infinity).toBeLessThan(cellHeight * 1.5);
  }
  const scroll = page.getByTestId('data-scroll');
  expect(
    await scroll.evaluate((e: { scrollWidth: number; clientWidth: number }) => e.scrollWidth - e.clientWidth),
  ).toBeLessThanOrEqual(0);

  // °F: the cards say so, and the alert limit is written in °F.
  try {
    await openFromMenu(page, 'settings');
    const fahrenheit = page.getByRole('radio', { name: 'Fahrenheit (°F)' });
    await fahrenheit.click();
    await expect(fahrenheit).toBeChecked();
    await expect(page.getByTestId('settings-snackbar')).toHaveText(/Saved/);
    await openFromMenu(page, 'probes');
    await expect(rowOf(page, hot).getByTestId('probe-temp')).toHaveText('124.7 / 122.9 / 120.2 °F');
    await expectHotAndCool(page, hot, cool, 'Above the alert temperature 113 °F');
  } finally {
    // Leave °C behind for the other tests of this account and for a rerun on the same store.
    await page.keyboard.press('Escape');
    await openFromMenu(page, 'settings');
    const celsius = page.locator('input[type="radio"][value="C"]');
    if (!(await celsius.isChecked())) {
      await celsius.click();
      await expect(celsius).toBeChecked();
      await expect(page.getByTestId('settings-snackbar')).toBeVisible();
    }
  }
});
