import { expect, test, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, TEST_CHROMIUM_PATH } from '../scripts/lib/chromium.mjs';
import { demoPassword, demoUsers } from './support/app.js';

// The site plan draws with WebGL. Chromium headless has it through its software renderer
// (SwiftShader) once the GPU is not switched off, so this file's browser keeps it.
test.use({
  launchOptions: {
    executablePath: TEST_CHROMIUM_PATH,
    headless: true,
    args: [
      ...CHROMIUM_ARGS.filter((a) => a !== '--disable-gpu'),
      '--use-angle=swiftshader',
      '--enable-unsafe-swiftshader',
    ],
  },
});

async function logIn(page: Page, username: string): Promise<void> {
  await page.getByLabel('Username', { exact: true }).fill(username);
  await page.getByLabel('Password', { exact: true }).fill(demoPassword);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/** Clicks (or taps) the first storage drawn, at its roof's centre; answers its id. */
async function pickFirstStorage(page: Page, how: 'click' | 'tap'): Promise<string> {
  const anchor = page.locator('[data-storage-id]').first();
  await expect(anchor).toBeAttached();
  const id = (await anchor.getAttribute('data-storage-id')) ?? '';
  const box = await anchor.boundingBox();
  if (!box) throw new Error('The storage label has no box');
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  if (how === 'tap') await page.touchscreen.tap(x, y);
  else await page.mouse.click(x, y);
  return id;
}

test('the grain site plan draws its storages in 3D, and a click on one opens it', async ({ page }) => {
  await page.goto('/');
  await logIn(page, demoUsers.grain);
  await expect(page).toHaveURL(/\/storages$/);
  await page.goto('/storages/site');
  await expect(page.getByTestId('site-canvas')).toBeVisible();
  await expect(page.getByTestId('site-no-webgl')).toHaveCount(0);
  const links = page.getByTestId('site-storage-link');
  await expect(links.first()).toBeVisible();
  expect(await page.locator('[data-storage-id]').count()).toBe(await links.count());

  const id = await pickFirstStorage(page, 'click');
  await expect(page).toHaveURL(new RegExp(`/storages/site/${id}$`));
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('a tap on a storage opens it', async ({ page }) => {
    await page.goto('/');
    await logIn(page, demoUsers.grain);
    await expect(page).toHaveURL(/\/storages$/);
    await page.goto('/storages/site');
    await expect(page.getByTestId('site-canvas')).toBeVisible();
    const id = await pickFirstStorage(page, 'tap');
    await expect(page).toHaveURL(new RegExp(`/storages/site/${id}$`));
  });
});
