import { expect, test, type Page } from '@playwright/test';
import { demoPassword, demoUsers } from './support/app.js';

async function logIn(page: Page, username: string): Promise<void> {
  await page.getByLabel('Username', { exact: true }).fill(username);
  await page.getByLabel('Password', { exact: true }).fill(demoPassword);
  await page.getByRole('button', { name: 'Log in' }).click();
}

test("a hay farmer reads the quality bars of the farm's stacks, then one storage's", async ({ page }) => {
  await page.goto('/quality');
  await logIn(page, demoUsers.hay);
  await expect(page).toHaveURL(/\/quality$/);

  // Every storage with hay probes, each probe with its five bars, its quality and its last temperature.
  const overview = page.getByTestId('quality-overview');
  await expect(overview).toBeVisible();
  const first = overview.getByTestId('quality-storage').first();
  const probes = first.getByTestId('probe-quality');
  await expect(probes.first()).toBeVisible();
  expect(await probes.count()).toBeGreaterThan(1);
  await expect(probes.first()).toHaveAttribute('aria-label', /Quality [0-5] of 5\./);
  await expect(probes.first().getByTestId('quality-bars')).toBeVisible();
  await expect(probes.first().getByTestId('last-temp')).toHaveText(/°C/);

  // The storage's name leads to its quality mode, drawn on the layout, with the same probes.
  const name = (await first.getByRole('link').first().textContent()) ?? '';
  await first.getByRole('link', { name }).click();
  await expect(page).toHaveURL(/\/storages\/\d+\/quality$/);
  await expect(page.getByTestId('storage-quality')).toBeVisible();
  await expect(page.getByTestId('storage-quality').getByTestId('quality-level').first()).toBeVisible();
});

/** The little of a DOM element the check reads (the e2e code has no DOM types). */
interface Placed {
  getAttribute(name: string): string | null;
  getBoundingClientRect(): { left: number; right: number };
  parentElement: Placed | null;
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

  test("a storage's quality cells hold their probes: nothing spills into the next cell", async ({ page }) => {
    await page.goto('/quality');
    await logIn(page, demoUsers.hay);
    const first = page.getByTestId('quality-overview').getByTestId('quality-storage').first();
    const name = (await first.getByRole('link').first().textContent()) ?? '';
    await first.getByRole('link', { name }).click();
    await expect(page).toHaveURL(/\/storages\/\d+\/quality$/);
    const probes = page.getByTestId('quality-level').getByTestId('probe-quality');
    await expect(probes.first()).toBeVisible();
    const spilled = await probes.evaluateAll((all: Placed[]) =>
      all.flatMap((probe) => {
        const own = probe.getBoundingClientRect();
        const cell = probe.parentElement?.getBoundingClientRect();
        return cell && own.left >= cell.left - 0.5 && own.right <= cell.right + 0.5
          ? []
          : [`${probe.getAttribute('data-probe')}: ${own.left}–${own.right} in ${cell?.left}–${cell?.right}`];
      }),
    );
    expect(spilled).toEqual([]);
    // A level wider than the phone scrolls by itself; the page does not.
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(360);
  });
});
