import { expect, test, type Page } from '@playwright/test';
import { demoPassword, demoUsers } from './support/app.js';

async function logIn(page: Page, username: string): Promise<void> {
  await page.getByLabel('Username', { exact: true }).fill(username);
  await page.getByLabel('Password', { exact: true }).fill(demoPassword);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/** The chart's [start, end] as the dates it shows, e.g. "20.11.2026 – 22.11.2026". */
async function rangeText(page: Page): Promise<string> {
  return ((await page.getByTestId('chart-range').textContent()) ?? '').trim();
}

test('a hay farmer opens a probe, sees its chart drawn from real data, switches spans, steps back and reads the Data tab', async ({
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

  // Week (the default) → Day: the range shrinks to two days ending today.
  await expect(page.getByTestId('span-week')).toHaveAttribute('aria-pressed', 'true');
  const week = await rangeText(page);
  await page.getByTestId('span-day').click();
  await expect(page.getByTestId('span-day')).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(() => rangeText(page)).not.toBe(week);
  const day = await rangeText(page);
  await expect(page.getByTestId('chart-next')).toBeDisabled();

  // One step back: the previous two days, and "next" is possible again.
  await page.getByTestId('chart-previous').click();
  await expect.poll(() => rangeText(page)).not.toBe(day);
  await expect(page.getByTestId('chart-next')).toBeEnabled();
  // The global setup backfilled only two days: the earlier window shows a chart or says it has no data.
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
