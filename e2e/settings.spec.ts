import { expect, test } from './support/test.js';
import type { Page } from '@playwright/test';
import { demoUsers } from './support/app.js';
import { logInThroughApi } from './support/logInThroughApi.js';

/** Every probe row's temperatures ("52.3 / 51.1 / 49.8") as numbers, by sensor id. */
async function temperaturesBySensor(page: Page): Promise<Map<string, number[]>> {
  const rows = page.getByTestId('probe-row');
  await expect(rows.first()).toBeVisible();
  const out = new Map<string, number[]>();
  for (const row of await rows.all()) {
    const id = await row.getAttribute('data-sensor-id');
    const text = (await row.getByTestId('probe-temp').textContent()) ?? '';
    const values = [...text.matchAll(/-?\d+\.\d/g)].map((m) => Number(m[0]));
    if (id && values.length > 0) out.set(id, values);
  }
  return out;
}

async function openFromMenu(page: Page, entry: 'settings' | 'probes'): Promise<void> {
  await page.getByTestId('menu-button').click();
  await page.getByTestId(`menu-${entry}`).click();
}

/** Degrees and language back to °C and English through the settings page, whatever language it shows. */
async function restore(page: Page): Promise<void> {
  // A failure may have left the side menu open over the page.
  await page.keyboard.press('Escape');
  await page.getByTestId('menu-button').click();
  await page.getByTestId('menu-settings').click();
  const celsius = page.locator('input[type="radio"][value="C"]');
  if (!(await celsius.isChecked())) {
    // The radio is controlled by the saved preferences, which update a moment after the click.
    await celsius.click();
    await expect(celsius).toBeChecked();
    await expect(page.getByTestId('settings-snackbar')).toBeVisible();
  }
  await page.getByTestId('settings-language').getByRole('combobox').click();
  await page.getByRole('option', { name: 'English' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
}

test('a compost operator switches to °F and sees every probe temperature converted, then to Finnish and sees the menu translated', async ({
  page,
}) => {
  let uiPrefsPosts = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/client/uiPrefs') uiPrefsPosts++;
  });
  // Its own demo account: the changes are saved, and no other test logs in as this operator. Logged in
  // through the API before the page loads; the access-request window is left to open by itself.
  await logInThroughApi(page, demoUsers.compost, '/probes', []);
  await expect(page).toHaveURL(/\/probes$/);
  // The demo's regional advisor waits for this farm's answer: the request dialog opens by itself
  // 2 s after load (spec doc 1 §4); closed, it stays closed for the session.
  const requests = page.getByRole('dialog', { name: 'Access requests' });
  await expect(requests).toBeVisible();
  await expect(requests.getByRole('switch', { name: 'Advisor' })).toBeVisible();
  await requests.getByRole('button', { name: 'Close' }).click();
  await expect(requests).toBeHidden();
  const celsius = await temperaturesBySensor(page);
  expect(celsius.size).toBeGreaterThan(0);

  try {
    // Settings opens on Preferences; degrees are saved at once.
    await openFromMenu(page, 'settings');
    await expect(page).toHaveURL(/\/settings\/preferences$/);
    // The radio follows the saved preferences, which update a moment after the click.
    const fahrenheitRadio = page.getByRole('radio', { name: 'Fahrenheit (°F)' });
    await fahrenheitRadio.click();
    await expect(fahrenheitRadio).toBeChecked();
    await expect(page.getByTestId('settings-snackbar')).toHaveText(/Saved/);
    await page.getByTestId('settings-snackbar').getByRole('button').click();
    // The display settings follow the unit: the chart range 0–100 °C of the compost demo reads 32–212 °F.
    await expect(page.getByTestId('settings-chart-range').getByRole('textbox').first()).toHaveValue('32');

    // Every temperature of the probe list is now F = C × 9/5 + 32 (to one decimal).
    await openFromMenu(page, 'probes');
    await expect(page).toHaveURL(/\/probes$/);
    await expect(page.getByRole('columnheader', { name: /°F/ })).toBeVisible();
    const fahrenheit = await temperaturesBySensor(page);
    expect([...fahrenheit.keys()].sort()).toEqual([...celsius.keys()].sort());
    for (const [id, cValues] of celsius) {
      const fValues = fahrenheit.get(id) ?? [];
      expect(fValues, id).toHaveLength(cValues.length);
      cValues.forEach((c, i) =>
        expect(Math.abs((fValues[i] ?? NaN) - (c * 9) / 5 - 32), `${id} depth ${i}`).toBeLessThanOrEqual(0.1),
      );
    }

    // Finnish: the whole interface switches without a reload, the side menu included.
    await page.evaluate(() => {
      (globalThis as unknown as { emberwatchNoReload?: boolean }).emberwatchNoReload = true;
    });
    await openFromMenu(page, 'settings');
    await page.getByTestId('settings-language').getByRole('combobox').click();
    await page.getByRole('option', { name: 'Suomi' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Asetukset' })).toBeVisible();
    await expect(page.getByTestId('settings-snackbar')).toHaveText(/Tallennettu/);
    await page.getByTestId('menu-button').click();
    await expect(page.getByTestId('menu-probes')).toHaveText('Anturit');
    await expect(page.getByTestId('menu-settings')).toHaveText('Asetukset');
    await page.keyboard.press('Escape');
    expect(
      await page.evaluate(
        () => (globalThis as unknown as { emberwatchNoReload?: boolean }).emberwatchNoReload,
      ),
    ).toBe(true);

    // Each change was saved at once: after a reload the interface is still Finnish and in °F.
    expect(uiPrefsPosts).toBeGreaterThanOrEqual(2);
    await page.reload();
    await page.getByTestId('menu-button').click();
    await expect(page.getByTestId('menu-probes')).toHaveText('Anturit');
    await page.getByTestId('menu-probes').click();
    await expect(page.getByRole('columnheader', { name: /°F/ })).toBeVisible();
  } finally {
    // Leave °C and English behind, so that a rerun on the same store starts from the same place.
    await restore(page);
  }
  await expect(page.locator('input[type="radio"][value="C"]')).toBeChecked();
});
