import { readFile } from 'node:fs/promises';
import { expect, test } from './support/test.js';
import { demoUsers, readDemoStations } from './support/app.js';
import { logInThroughApi } from './support/logInThroughApi.js';

/** A day in the demo's d.M.yyyy format; the browser runs in UTC (playwright.config.ts). */
function dayText(ms: number): string {
  const d = new Date(ms);
  return `${d.getUTCDate()}.${d.getUTCMonth() + 1}.${d.getUTCFullYear()}`;
}

test('a hay farmer verifies a probe against a reference over yesterday’s readings, reads the chart and the result, saves the signed report and deletes the verification', async ({
  page,
}) => {
  // The demo hay account has the Insight service, which is the verification entitlement (decision 0113);
  // the global setup backfilled two days of readings of its probes.
  const { stations } = await readDemoStations();
  const station = stations.find((s) => s.material === 'hay' && s.probes.length >= 2);
  if (!station) throw new Error('no demo hay station with two probes');
  const probe = station.probes[0]!.sensor_id;
  const reference = station.probes[1]!.sensor_id;

  await logInThroughApi(page, demoUsers.hay, `/probes/${probe}?tab=verification`);
  await expect(page.getByTestId('verification-tab')).toBeVisible();
  await expect(page.getByText('No verifications of this probe yet.')).toBeVisible();

  // The reference is picked from the account's probes, under their station's name.
  await page.getByRole('combobox', { name: 'Reference probe' }).click();
  await page.getByRole('option', { name: new RegExp(reference) }).click();
  // Started yesterday: the readings already stored count, so it can be ended at once.
  const day = page.getByTestId('verification-start-date');
  await day.fill(dayText(Date.now() - 86_400_000));
  await day.press('Enter');
  await page.getByTestId('verification-start').click();

  // The ongoing verification: both probes and their difference on the history chart, and the result so far.
  const ongoing = page.getByTestId('verification-ongoing');
  await expect(ongoing).toBeVisible();
  const chart = ongoing.getByTestId('verification-chart');
  await expect(chart.locator('.uplot canvas')).toHaveCount(1);
  await expect(chart.getByText(`Probe ${probe}`)).toBeVisible();
  await expect(chart.getByText(`Reference ${reference}`)).toBeVisible();
  await expect(chart.getByText('Difference (probe − reference)')).toBeVisible();
  await expect(chart.locator('[data-testid="legend-value"][data-kind="difference"]')).toHaveText(
    /^[+-]\d+\.\d\d °C$/,
  );
  await expect(ongoing.getByTestId('verification-so-far')).toHaveText(
    /^So far: mean difference [+-]\d+\.\d\d °C over [1-9]\d* paired readings$/,
  );
  await expect(page.getByTestId('verification-start')).toBeDisabled();

  // End it: the result of the period.
  await ongoing.getByTestId('verification-stop').click();
  const ended = page.getByTestId('verification-ended');
  await expect(ended).toHaveCount(1);
  await expect(ended.getByTestId('verification-result')).toHaveText(
    /^Mean difference [+-]\d+\.\d\d °C \(spread (\d+\.\d\d °C|--), [1-9]\d* paired readings\)$/,
  );
  await expect(page.getByTestId('verification-ongoing')).toHaveCount(0);

  // The report dialog: preparing, then the signed PDF, saved under the spec's name.
  await ended.getByTestId('verification-report').click();
  const dialog = page.getByRole('dialog', { name: 'Verification report' });
  await expect(dialog.getByText('The signed report is ready to save as PDF.')).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByTestId('verification-save').click(),
  ]);
  const today = new Date().toISOString().slice(0, 10);
  expect(download.suggestedFilename()).toBe(`${probe}_verification_report_${today}.pdf`);
  const file = await download.path();
  const bytes = await readFile(file);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(bytes.toString('latin1')).toContain('%EMBERWATCH-SIGNATURE');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toHaveCount(0);

  // Delete it: the probe has no verification left.
  await ended.getByTestId('verification-delete').click();
  await expect(page.getByTestId('verification-ended')).toHaveCount(0);
  await expect(page.getByText('No verifications of this probe yet.')).toBeVisible();
});
