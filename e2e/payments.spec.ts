// Issue 14 item 4: a card payment end to end — the web app, Stripe's loader with the server's local
// Stripe.js stand-in, the fake Stripe's 3-D Secure challenge, and the plan extended once. The demo's
// renew@demo.emberwatch farm (Australia, Premium) has a plan that runs out in 20 days.
import { expect, test } from './support/test.js';
import { demoPassword } from './support/app.js';

const dayOf = (text: string) => {
  const m = /(\d{2})\.(\d{2})\.(\d{4})/.exec(text);
  if (!m) throw new Error(`no date in "${text}"`);
  return { d: Number(m[1]), mo: Number(m[2]), y: Number(m[3]) };
};

test('renews a plan with the 3-D Secure test card and sees the new expiry', async ({ page }) => {
  // The farm's renewal reminders open the notifications by themselves: close them whenever they do.
  const notifications = page.getByRole('dialog', { name: 'Notifications' });
  await page.addLocatorHandler(notifications, () =>
    notifications.getByRole('button', { name: 'Close' }).click(),
  );
  await page.goto('/');
  await page.getByLabel('Username', { exact: true }).fill('renew@demo.emberwatch');
  await page.getByLabel('Password', { exact: true }).fill(demoPassword);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));

  await page.goto('/account/services');
  const due = page.getByTestId('plan-due');
  const before = dayOf((await due.textContent()) ?? '');
  await page.getByTestId('renew-plan').click();
  await expect(page).toHaveURL(/\/account\/services\/checkout\/$/);

  const dialog = page.getByRole('dialog', { name: 'Checkout' });
  await expect(dialog.getByTestId('order-total')).toContainText('$');
  // Stripe's card element (here the local stand-in's fields): the card goes to the fake, not to us.
  await dialog.getByLabel('Card number').fill('4000002500003155');
  await dialog.getByLabel('MM / YY').fill('12/34');
  await dialog.getByLabel('CVC').fill('123');
  await dialog.getByTestId('pay').click();

  // The bank's challenge, as Stripe's test page shows it.
  const challenge = page.frameLocator('iframe[name="stripe-challenge-frame"]');
  await challenge.getByRole('button', { name: 'Complete authentication' }).click();

  const result = page.getByTestId('payment-result-renewal');
  await expect(result).toBeVisible();
  const expected = `${String(before.d).padStart(2, '0')}.${String(before.mo).padStart(2, '0')}.${before.y + 1}`;
  await expect(result).toContainText(expected);
  await page.getByTestId('payment-done').click();
  await expect(page).not.toHaveURL(/\/account/);

  await page.goto('/account/services');
  await expect(page.getByTestId('plan-due')).toContainText(expected);
  // A year ahead now: no renewal on offer.
  await expect(page.getByTestId('renew-plan')).toHaveCount(0);
});
