import { expect, test } from './support/test.js';
import type { Page } from '@playwright/test';
import { demoPassword, demoUsers, keepAutoOpenClosed } from './support/app.js';

async function logIn(page: Page, username: string): Promise<void> {
  await page.getByLabel('Username', { exact: true }).fill(username);
  await page.getByLabel('Password', { exact: true }).fill(demoPassword);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/** Console errors and uncaught exceptions of the page, as they happen. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

test('a first visit to /login asks for a session without an error: no session is not an error', async ({
  page,
}) => {
  const errors = collectErrors(page);
  const refresh = page.waitForResponse((r) => new URL(r.url()).pathname === '/admin/refreshToken');
  await page.goto('/login');
  expect((await refresh).status()).toBe(200);
  await expect(page.getByLabel('Password', { exact: true })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(errors).toEqual([]);
});

test('before any script has arrived the page shows the loading spinner, and the app replaces it', async ({
  page,
}) => {
  // The scripts are held back, as a slow network holds them: what is drawn comes from the HTML and its
  // stylesheet alone (decision 0152).
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/login', { waitUntil: 'commit' });
  const spinner = page.locator('#root .ew-spinner');
  await expect(spinner).toBeVisible();
  // Styled by the stylesheet in the head: 40 px and in the middle of the page, not an unstyled SVG.
  // (Its box turns with the spinner, so the size is read from its style, the centre from its box.) Read
  // until the stylesheet has come: the browser paints nothing before it, but a test's look at the layout
  // can come first on a loaded machine and see the SVG unstyled in the corner.
  await expect(spinner).toHaveCSS('width', '40px');
  const viewport = page.viewportSize()!;
  const offCentre = async () => {
    const box = (await spinner.boundingBox())!;
    return Math.max(
      Math.abs(box.x + box.width / 2 - viewport.width / 2),
      Math.abs(box.y + box.height / 2 - viewport.height / 2),
    );
  };
  await expect.poll(offCentre).toBeLessThan(2);

  release();
  await expect(page.getByLabel('Password', { exact: true })).toBeVisible();
  await expect(page.locator('#root [aria-hidden="true"] .ew-spinner')).toHaveCount(0);
});

test('robots.txt is a robots file, not the app page the other paths fall back to', async ({ request }) => {
  const res = await request.get('/robots.txt');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('text/plain');
  expect(await res.text()).toContain('User-agent: *');
});

test('a master user changes the language from the side menu and logs out', async ({ page, request }) => {
  // The notifications open by themselves 2 s after load, over the menu on a slow machine.
  await keepAutoOpenClosed(page, request, demoUsers.master);
  await page.goto('/probes');
  await logIn(page, demoUsers.master);
  await expect(page).toHaveURL(/\/probes$/);

  // Masters see no settings, but the language choice and Log out are in the menu.
  await page.getByTestId('menu-button').click();
  // The menu's own name changes with the language: found by its entries instead.
  const menu = page.getByRole('navigation').filter({ has: page.getByTestId('menu-logout') });
  await expect(menu.getByTestId('menu-settings')).toHaveCount(0);
  await expect(menu.getByTestId('menu-logout')).toHaveText('Log out');
  await menu.getByTestId('menu-language').click();
  await menu.getByTestId('language-option-de').click();
  await expect(menu.getByTestId('menu-logout')).toHaveText('Abmelden');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('heading', { level: 1, name: 'Sonden' })).toBeVisible();

  // Saved: a new visit opens in German.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Sonden' })).toBeVisible();

  // Back to English for the next visitor, then out.
  await page.getByTestId('menu-button').click();
  await menu.getByTestId('menu-language').click();
  await menu.getByTestId('language-option-en').click();
  await expect(menu.getByTestId('menu-logout')).toHaveText('Log out');
  await menu.getByTestId('menu-logout').click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();

  // The session is over on the server too: a protected page leads back to the login.
  await page.goto('/probes');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fprobes$/);
});

test('the first Tab stop is a skip link that moves the keyboard past the top bar to the page', async ({
  page,
}) => {
  await page.goto('/probes');
  await logIn(page, demoUsers.hay);
  await expect(page.getByTestId('probe-row').first()).toBeVisible();
  // Start the keyboard from the top of the page, as a fresh visit does.
  await page.reload();
  await expect(page.getByTestId('probe-row').first()).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
  await expect(page).toHaveURL(/\/probes$/);
  // The next Tab stop is inside the page, not in the top bar.
  await page.keyboard.press('Tab');
  await expect(page.locator('main :focus')).toHaveCount(1);
});

for (const [who, tabs] of [
  // The hay farm has the Insight service, so its probes have the Verification tab (decision 0113).
  ['hay', ['History', 'Data', 'Properties', 'Verification']],
  ['admin', ['History', 'Data', 'Properties', 'Verification', 'Regularity']],
] as const) {
  test(`on a 360 px phone every probe tab of the ${who} user is visible without scrolling`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/probes');
    await logIn(page, demoUsers[who]);
    await page.getByTestId('probe-link').first().click();
    await expect(page).toHaveURL(/\/probes\/[^/]+$/);
    const strip = page.getByRole('tablist');
    await expect(strip.getByRole('tab')).toHaveText([...tabs]);
    for (const name of tabs) await expect(strip.getByRole('tab', { name })).toBeInViewport({ ratio: 1 });
    // Nothing hides behind a scroll arrow.
    const scroller = strip.locator('xpath=..');
    const overflow = await scroller.evaluate(
      (el: { scrollWidth: number; clientWidth: number }) => el.scrollWidth - el.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await strip.getByRole('tab', { name: 'Properties' }).click();
    await expect(page).toHaveURL(/tab=properties/);
  });
}

test('the instructions follow the unit: a Fahrenheit user reads 122 °F, not 50 °C', async ({ page }) => {
  await page.goto('/settings/preferences');
  // Its own demo account: no other test logs in as the farm hand.
  await logIn(page, demoUsers.hayHelper);
  await expect(page).toHaveURL(/\/settings\/preferences$/);
  const fahrenheit = page.getByRole('radio', { name: 'Fahrenheit (°F)' });
  const celsius = page.getByRole('radio', { name: 'Celsius (°C)' });
  try {
    await fahrenheit.click();
    await expect(fahrenheit).toBeChecked();
    await page.getByTestId('menu-button').click();
    await page.getByTestId('menu-instructions').click();
    const main = page.getByRole('main');
    await expect(
      main.getByText(/^Up to 122 °F is normal sweating\. From 131 °F check the stack/),
    ).toBeVisible();
    await expect(main.getByText(/at least 9 °F cooler than the grain/)).toBeVisible();
    await expect(main).not.toContainText('°C');
  } finally {
    await page.goto('/settings/preferences');
    if (!(await celsius.isChecked())) await celsius.click();
    await expect(celsius).toBeChecked();
  }
});
