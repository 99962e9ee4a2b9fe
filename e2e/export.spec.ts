import ExcelJS from 'exceljs';
import { expect, test } from './support/test.js';
import type { Page } from '@playwright/test';
import { demoPassword, demoUsers } from './support/app.js';

interface StorageItem {
  itemID: number;
  name: string;
  stacks: { sensors: { id: string }[] }[];
  sensor_layout: { sensors: { id: string; row: number }[] } | null;
}

async function logIn(page: Page, username: string): Promise<void> {
  await page.getByLabel('Username', { exact: true }).fill(username);
  await page.getByLabel('Password', { exact: true }).fill(demoPassword);
  await page.getByRole('button', { name: 'Log in' }).click();
}

test('a hay farmer downloads a storage’s last 30 days as .xlsx, one sheet per probe, and it reads back', async ({
  page,
  request,
}) => {
  const login = await request.post('/admin/login', {
    data: { username: demoUsers.hay, password: demoPassword },
  });
  expect(login.ok()).toBe(true);
  const { accessToken } = (await login.json()) as { accessToken: string };
  const listed = await request.get('/client/getStorages', {
    headers: { Authorization: `Bearer ${accessToken}` },
  });
  expect(listed.ok()).toBe(true);
  const storages = ((await listed.json()) as { results: StorageItem[] }).results;
  const barn = storages.find((s) => s.stacks.some((stack) => stack.sensors.length > 0));
  if (!barn) throw new Error('no demo barn with probes');
  const probeIds = new Set(barn.stacks.flatMap((s) => s.sensors.map((p) => p.id)));

  await page.goto(`/storages/${barn.itemID}`);
  await logIn(page, demoUsers.hay);
  await expect(page).toHaveURL(new RegExp(`/storages/${barn.itemID}$`));

  // The farmer's plan is Premium, not a supervisor: the export is a button opening the dialog.
  await page.getByRole('button', { name: 'Export data' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`Download data · ${barn.name}`);
  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download .xlsx' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(
    new RegExp(
      `^${barn.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\d{4}-\\d{2}-\\d{2} – \\d{4}-\\d{2}-\\d{2}\\.xlsx$`,
    ),
  );
  // The dialog closes once the file is saved.
  await expect(dialog).toBeHidden();

  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  expect(workbook.worksheets).toHaveLength(probeIds.size);
  for (const sheet of workbook.worksheets) {
    expect([...probeIds].some((id) => sheet.name.startsWith(id))).toBe(true);
    expect(sheet.getRow(1).getCell(1).value).toBe('Time');
    expect(sheet.getRow(1).getCell(2).value).toBe('Depth 1 (°C)');
  }
  // The demo's backfilled readings: rows with a date and a temperature in °C.
  const withRows = workbook.worksheets.filter((s) => s.rowCount > 1);
  expect(withRows.length).toBeGreaterThan(0);
  const row = withRows[0]!.getRow(2);
  expect(row.getCell(1).value).toBeInstanceOf(Date);
  const t = row.getCell(2).value;
  expect(typeof t).toBe('number');
  expect(t as number).toBeGreaterThan(-40);
  expect(t as number).toBeLessThan(100);
});
