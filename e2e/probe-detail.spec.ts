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

/** The last date of a range text in the demo's d.M.yyyy format, as UTC midnight. */
function endDate(range: string): number {
  const dates = [...range.matchAll(/(\d{1,2})\.(\d{1,2})\.(\d{4})/g)];
  const last = dates.at(-1);
  if (!last) throw new Error(`no date in "${range}"`);
  return Date.UTC(Number(last[3]), Number(last[2]) - 1, Number(last[1]));
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
