import { expect, test } from './support/test.js';
import type { Page } from '@playwright/test';
import { demoPassword, demoUsers, readDemoStations } from './support/app.js';

async function logIn(page: Page, username: string): Promise<void> {
  await page.getByLabel('Username', { exact: true }).fill(username);
  await page.getByLabel('Password', { exact: true }).fill(demoPassword);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/** The chart's [start, end] as the dates it shows, e.g. "20.11.2026 – 22.11.2026". */
async function rangeText(page: Page): Promise<string> {
  return ((await page.getByTestId('chart-range').textContent()) ?? '').trim();
}

/** The last date of a range text in the demo's d.M.yyyy format, as UTC midnight. */
function endDate(range: string): number {
  const dates = [...range.matchAll(/(\d{1,2})\.(\d{1,2})\.(\d{4})/g)];
  const last = dates.at(-1);
  if (!last) throw new Error(`no date in "${range}"`);
  return Date.UTC(Number(last[3]), Number(last[2]) - 1, Number(last[1]));
}

/** The first date of a range text, as UTC midnight. */
function startDate(range: string): number {
  const first = /(\d{1,2})\.(\d{1,2})\.(\d{4})/.exec(range);
  if (!first) throw new Error(`no date in "${range}"`);
  return Date.UTC(Number(first[3]), Number(first[2]) - 1, Number(first[1]));
}

function daysBetween(later: number, earlier: number): number {
  return Math.round((later - earlier) / 86_400_000);
}

test('a hay farmer opens a probe, sees its chart drawn from real data, switches spans, moves back a week and reads the Data tab', async ({
  page,
}) => {
  await page.goto('/probes');
  await logIn(page, demoUsers.hay);
  await expect(page).toHaveURL(/\/probes$/);

  // Open the first probe of the list.
  const link = page.getByTestId('probe-link').first();
  await expect(link).toBeVisible();
  const name = ((await link.textContent()) ?? '').trim();
  await link.click();
  await expect(page).toHaveURL(/\/probes\/[^/]+$/);
  await expect(page.getByTestId('detail-name')).toHaveText(name);

  // The chart draws on a uPlot canvas, and the legend shows a temperature of the backfilled data.
  await expect(page.locator('.uplot canvas')).toHaveCount(1);
  const firstValue = page.getByTestId('legend-value').first();
  await expect(firstValue).toHaveText(/^-?\d+\.\d °C$/);

  // Week (the default) → Month → Week: each span shows its own range.
  await expect(page.getByTestId('span-week')).toHaveAttribute('aria-pressed', 'true');
  const week = await rangeText(page);
  await page.getByTestId('span-month').click();
  await expect(page.getByTestId('span-month')).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(() => rangeText(page)).not.toBe(week);
  await page.getByTestId('span-week').click();
  await expect(page.getByTestId('span-week')).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(() => rangeText(page)).toBe(week);
  await expect(page.getByTestId('chart-next')).toBeDisabled();

  // Back one week: the window ends seven days earlier, and "next" is possible again.
  await page.getByTestId('chart-previous').click();
  await expect.poll(() => rangeText(page)).not.toBe(week);
  expect(daysBetween(endDate(week), endDate(await rangeText(page)))).toBe(7);
  await expect(page.getByTestId('chart-next')).toBeEnabled();
  // The global setup backfilled only two days: the earlier week shows a chart or says it has no data.
  await expect(page.locator('.uplot canvas').or(page.getByText('No data for this period'))).toBeVisible();

  // The demo hay account has the Insight service: the Data tab lists the readings.
  await page.getByTestId('tab-data').click();
  await expect(page).toHaveURL(/tab=data/);
  await expect(page.getByTestId('data-row').first()).toBeVisible();
  expect(await page.getByTestId('data-row').count()).toBeGreaterThan(0);
  await expect(page.getByTestId('data-temp').first()).toHaveText(/^-?\d+\.\d$/);

  // Back to the list.
  await page.getByTestId('detail-back').click();
  await expect(page).toHaveURL(/\/probes$/);
});

test('a hay farmer sees the alert line on the chart, a new reading reach the chart live, and the year at a glance', async ({
  page,
}) => {
  await page.goto('/probes');
  await logIn(page, demoUsers.hay);
  await page.getByTestId('probe-link').first().click();
  await expect(page).toHaveURL(/\/probes\/[^/]+$/);
  const sensorId = decodeURIComponent(new URL(page.url()).pathname.split('/').at(-1) ?? '');
  await expect(page.locator('.uplot canvas')).toHaveCount(1);

  // The hay farm's alert temperature (45 °C) is a named line inside the plot.
  const line = page.getByTestId('chart-alert-line');
  await expect(line).toHaveAttribute('data-value', '45');
  await expect(page.getByTestId('chart-alert-label')).toHaveText('Temperature alert 45.0 °C');
  await expect(page.getByTestId('legend-alert')).toContainText('45.0 °C');
  const plot = await page.locator('.uplot .u-over').boundingBox();
  const lineBox = await line.boundingBox();
  expect(plot && lineBox).toBeTruthy();
  if (plot && lineBox) {
    expect(lineBox.y).toBeGreaterThan(plot.y);
    expect(lineBox.y).toBeLessThan(plot.y + plot.height);
    expect(lineBox.width).toBeGreaterThan(plot.width * 0.9);
  }

  // The probe's station sends a reading stamped now, above the alert; the chart and its legend
  // follow without a reload (the page learns of it through the push channel).
  const { stations } = await readDemoStations();
  const station = stations.find((s) => s.probes.some((p) => p.sensor_id === sensorId));
  if (!station) throw new Error(`no demo station holds ${sensorId}`);
  const depths = station.probes.find((p) => p.sensor_id === sensorId)?.depths ?? 1;
  await page.evaluate(() => {
    (globalThis as unknown as { emberwatchNoReload?: boolean }).emberwatchNoReload = true;
  });
  const sent = await page.request.post('/ingest/v1/packets', {
    headers: { Authorization: `Station ${station.bs_id}:${station.secret}` },
    data: {
      type: 'data',
      readings: [
        {
          sensor_id: sensorId,
          meas_ts: Math.floor(Date.now() / 1000),
          temperatures: Array.from({ length: depths }, (_, i) => 473 - 10 * i),
          sensor_RSSI: -70,
          bs_RSSI: -75,
          batt_voltage: 360,
        },
      ],
    },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  await expect(page.getByTestId('legend-value').first()).toHaveText('47.3 °C', { timeout: 20_000 });
  expect(
    await page.evaluate(() => (globalThis as unknown as { emberwatchNoReload?: boolean }).emberwatchNoReload),
  ).toBe(true);

  // The overview marks the backfilled days and hatches the rest of the year.
  await expect(page.getByTestId('overview-data').first()).toBeAttached();
  await expect(page.getByTestId('overview-gap').first()).toBeAttached();

  // Year: the main chart spans the last 365 days as daily maxima, today's including the new reading.
  await page.getByTestId('span-year').click();
  await expect(page.getByTestId('span-year')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('snapshot-label')).toBeVisible();
  await expect
    .poll(async () => daysBetween(endDate(await rangeText(page)), startDate(await rangeText(page))))
    .toBe(365);
  await expect(page.locator('.uplot canvas')).toHaveCount(1);
  await expect
    .poll(async () => parseFloat((await page.getByTestId('legend-value').first().textContent()) ?? ''))
    .toBeGreaterThanOrEqual(47.3);
});
