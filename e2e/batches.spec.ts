import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { pdfText } from '../scripts/lib/pdfText.mjs';
import { demoPassword, demoUsers } from './support/app.js';

interface ListedBatch {
  batch_id: number;
  batch_name: string;
  status: number;
  BS_ID: string;
  batch_phases: { phase_start_date: number | null }[];
}

async function bearer(request: APIRequestContext, username: string) {
  const login = await request.post('/admin/login', { data: { username, password: demoPassword } });
  expect(login.ok()).toBe(true);
  return { Authorization: `Bearer ${((await login.json()) as { accessToken: string }).accessToken}` };
}

/** The compost account's ongoing batches, newest first (the demo seeds two running windrow batches). */
async function ongoingBatches(
  request: APIRequestContext,
  headers: Record<string, string>,
): Promise<ListedBatch[]> {
  const listed = await request.get('/client/getBatches?status=1', { headers });
  expect(listed.ok(), await listed.text()).toBe(true);
  return ((await listed.json()) as { results: ListedBatch[] }).results;
}

// Issue 13 item 7 ("Done means"): a compost operator opens a batch and downloads its sanitisation report.
test('a compost operator lands on the batches, opens a windrow and downloads its sanitisation report', async ({
  page,
  request,
}) => {
  const owner = await bearer(request, demoUsers.compost);
  const batches = await ongoingBatches(request, owner);
  expect(batches.length, 'the compost demo starts with two running batches').toBeGreaterThanOrEqual(2);
  const batch = batches[0]!;

  // The demo's regional advisor asks this farm for access: the dialog opens by itself 2 s after
  // load (spec doc 1 §4) and may cover what is clicked next; closed, it stays closed.
  await page.addLocatorHandler(page.getByRole('dialog', { name: 'Access requests' }), async (dialog) => {
    await dialog.getByRole('button', { name: 'Close' }).click();
  });

  await page.goto('/');
  await page.getByLabel('Username', { exact: true }).fill(demoUsers.compost);
  await page.getByLabel('Password', { exact: true }).fill(demoPassword);
  await page.getByRole('button', { name: 'Log in' }).click();
  // Spec doc 1 §2: "/" leads a compost supervisor to the batches.
  await expect(page).toHaveURL(/\/batches$/);
  await expect(page.getByTestId('batch-row')).toHaveCount(batches.length);
  const row = page.getByTestId('batch-row').filter({ hasText: batch.batch_name });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(/Phase \d+ of \d+/);
  await row.getByRole('link').click();

  await expect(page).toHaveURL(new RegExp(`/batches/${batch.batch_id}$`));
  await expect(page.getByTestId('batch-title')).toHaveText(batch.batch_name);
  await expect(page.getByTestId('batch-phase-card').first()).toBeVisible();

  const report = page.getByTestId('sanitisation-report');
  await report.scrollIntoViewIfNeeded();
  await expect(report.getByTestId('report-verdict')).toHaveText(
    /Sanitisation proven|Sanitisation not proven|No readings to judge/,
  );
  await expect(report.getByTestId('report-requirements')).toContainText('or more for');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    report.getByTestId('report-download').click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.pdf$/i);
  const file = await download.path();
  const bytes = await readFile(file);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(bytes.length).toBeGreaterThan(1000);
  await expect(report.getByText(/The PDF could not be made/)).toHaveCount(0);
});

/** Epoch seconds as d.M.yyyy HH:mm (the compost account's formats) on a zone's clock. */
function wallText(ts: number, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(ts * 1000));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${Number(get('day'))}.${Number(get('month'))}.${get('year')} ${get('hour')}:${get('minute')}`;
}

// Issue 28 item 9: "The batch page and its PDF give start times an hour apart for the same batch."
// A viewer in London, the windrows' station in Amsterdam: both show the station's clock (decision 0079).
test.describe('a viewer whose browser is on London time', () => {
  test.use({ timezoneId: 'Europe/London' });

  test('sees the batch’s start on its station’s clock, the same as in its PDF', async ({ page, request }) => {
    const owner = await bearer(request, demoUsers.compost);
    const batch = (await ongoingBatches(request, owner))[0]!;
    const start = batch.batch_phases[0]?.phase_start_date;
    expect(start, 'a running batch has started').toBeTruthy();
    const amsterdam = wallText(start!, 'Europe/Amsterdam');
    expect(amsterdam, 'the two clocks differ, so the test can tell them apart').not.toBe(
      wallText(start!, 'Europe/London'),
    );

    await page.addLocatorHandler(page.getByRole('dialog', { name: 'Access requests' }), async (dialog) => {
      await dialog.getByRole('button', { name: 'Close' }).click();
    });
    await page.goto(`/batches/${batch.batch_id}`);
    await page.getByLabel('Username', { exact: true }).fill(demoUsers.compost);
    await page.getByLabel('Password', { exact: true }).fill(demoPassword);
    await page.getByRole('button', { name: 'Log in' }).click();

    const header = page.getByTestId('batch-header');
    const term = (label: string) =>
      header.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');
    await expect(term('Started')).toHaveText(amsterdam);
    await expect(term('Time zone')).toHaveText('Europe/Amsterdam');
    await expect(page.getByTestId('batch-phase-card').first()).toContainText(`Start: ${amsterdam}`);

    const report = page.getByTestId('sanitisation-report');
    await report.scrollIntoViewIfNeeded();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      report.getByTestId('report-download').click(),
    ]);
    const text = pdfText(await readFile(await download.path()));
    // The phases table's start of the first phase, and the readings' zone.
    expect(text).toContain(amsterdam);
    expect(text).toContain('(Europe/Amsterdam)');
  });
});
