import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { format } from 'date-fns';
import type { UpgradeInfo } from '@emberwatch/shared/contracts/payments';
import { dialogSubject } from '../src/features/payments/orderLines';
import { paymentRouteOf } from '../src/features/payments/paymentRoute';
import { json } from './support/fakeServer';
import {
  accountPageServer,
  PREMIUM_PLAN,
  renderAccountPage,
  type AccountServerOptions,
} from './support/renderAccountPage';

// Whole typing flows (a dialog filled key by key) take 15–25 s when the machine is loaded to 20:
// a generous limit, so that a busy machine does not fail them.
vi.setConfig({ testTimeout: 60_000 });

/** Stripe.js as the checkout sees it: a card element that reports complete, and the calls it makes. */
const stripe = vi.hoisted(() => {
  const state = {
    handleCardAction: null as null | ((secret: string) => Promise<unknown>),
    createPaymentMethod: null as null | (() => Promise<unknown>),
  };
  const fakeStripe = {
    elements: () => ({
      create: () => {
        const handlers: Record<string, (e: { complete: boolean }) => void> = {};
        return {
          on: (ev: string, h: (e: { complete: boolean }) => void) => (handlers[ev] = h),
          mount: (host: HTMLElement) => {
            const input = document.createElement('input');
            input.setAttribute('aria-label', 'Card number');
            input.addEventListener('input', () => handlers.change?.({ complete: input.value.length >= 16 }));
            host.appendChild(input);
          },
          destroy: () => undefined,
        };
      },
    }),
    createPaymentMethod: (...args: unknown[]) =>
      state.createPaymentMethod
        ? state.createPaymentMethod()
        : Promise.resolve({ paymentMethod: { id: 'pm_test' }, args }),
    handleCardAction: (secret: string) =>
      state.handleCardAction ? state.handleCardAction(secret) : Promise.resolve({ paymentIntent: {} }),
  };
  return { state, fakeStripe };
});
const saved = vi.hoisted(() => [] as { type: string; name: string }[]);
vi.mock('../src/lib/saveBlob', () => ({
  saveBlob: (blob: Blob, name: string) => saved.push({ type: blob.type, name }),
}));
vi.mock('../src/features/payments/paymentProvider', () => ({
  loadPaymentProvider: () => Promise.resolve(stripe.fakeStripe),
}));

function offer(over: Partial<UpgradeInfo> = {}): UpgradeInfo {
  return {
    status_code: 0,
    prices: [
      { name: 'plan', months: 12, price: 199 },
      { name: 'sim', months: 12, price: 49 },
    ],
    renewal: { months: 12, level: 2, exp: '20271126' },
    upgrade_plan_level: null,
    upgrade_plan_name: null,
    simExp: [{ bs_id: 'F1000001', exp: 1_900_000_000, renewable: false, newExp: '20290101' }],
    currentPlan: PREMIUM_PLAN,
    apiPlan: null,
    service: null,
    taxRate: 25.5,
    currency: 'eur',
    mode: 'card',
    id: 'pk_test_x',
    stripeJs: null,
    ...over,
  };
}

function paymentServer(info: UpgradeInfo, session: AccountServerOptions['session'] = {}) {
  const server = accountPageServer({
    account: { phones: [] },
    user: { plans: [PREMIUM_PLAN], email: 'anna@example.com' },
    session,
  });
  server.override('GET /client/getUpgradeInfo', () => json(info));
  return server;
}

// Spec doc 2 §2.8 nested routes; doc 3 §7 reminder links use type=plan too.
describe('paymentRouteOf', () => {
  it.each([
    ['/account/services/checkout/', '', { kind: 'checkout', type: 'plan' }],
    ['/account/services/checkout', '?type=sim', { kind: 'checkout', type: 'sim' }],
    ['/account/services/checkout/', '?type=api', { kind: 'checkout', type: 'api' }],
    ['/account/services/renewal', '', { kind: 'renewal', upgrade: false }],
    ['/account/services/renewal', '?upgrade=1', { kind: 'renewal', upgrade: true }],
    ['/account/services', '', null],
  ])('%s%s', (path, search, route) => expect(paymentRouteOf(path, search)).toEqual(route));
});

// Spec doc 2 §2.8: the renewal route renews the Insight service; without it, the plan (decision 0056).
describe('dialogSubject', () => {
  const service = { expDate: 1_800_000_000, renewable: true, newExp: '20271126' };
  const servicePrices = [...offer().prices, { name: 'service' as const, months: 12, price: 149 }];
  const free = offer({
    prices: [{ name: 'upgrade', months: 12, price: 199 }],
    renewal: null,
    upgrade_plan_level: 2,
    upgrade_plan_name: 'Premium',
    currentPlan: { ...PREMIUM_PLAN, planName: 'Free', planLevel: 0, dueDate: null },
  });
  const renewal = { kind: 'renewal', upgrade: false } as const;
  it.each([
    ['the checkout', { kind: 'checkout', type: 'plan' } as const, offer(), 'checkout'],
    ['a SIM checkout', { kind: 'checkout', type: 'sim' } as const, offer(), 'checkout'],
    ['an offer still loading', renewal, undefined, 'pending'],
    ['the service on offer', renewal, offer({ prices: servicePrices, service }), 'serviceRenewal'],
    [
      'a service not due',
      renewal,
      offer({ prices: servicePrices, service: { ...service, renewable: false } }),
      'serviceRenewal',
    ],
    ['no service: the plan', renewal, offer(), 'planRenewal'],
    ['no service, plan not due', renewal, offer({ renewal: null }), 'planRenewal'],
    ['no service, a Free plan', renewal, free, 'upgrade'],
    ['?upgrade=1 with an upgrade', { kind: 'renewal', upgrade: true } as const, free, 'upgrade'],
  ])('%s', (_name, route, info, subject) => expect(dialogSubject(route, info)).toBe(subject));
});

describe('payments', () => {
  beforeEach(() => {
    stripe.state.handleCardAction = null;
    stripe.state.createPaymentMethod = null;
  });

  // Spec doc 2 §4 "Renewal buttons are hidden when the plan expiry is more than two months ahead".
  it('shows the renewal button while the renewal is offered, and none when it is not', async () => {
    const server = paymentServer(offer());
    const first = await renderAccountPage('/account/services', server);
    expect((await screen.findByTestId('renew-plan')).getAttribute('href')).toBe(
      '/account/services/checkout/',
    );
    expect(screen.queryByTestId('renew-sim')).toBeNull();
    first.unmount();
    await renderAccountPage('/account/services', paymentServer(offer({ renewal: null })));
    await screen.findByTestId('plan-due');
    await waitFor(() => expect(server.callsTo('GET', '/client/getUpgradeInfo').length).toBeGreaterThan(0));
    expect(screen.queryByTestId('renew-plan')).toBeNull();
  });

  // Spec doc 2 §4 "card action required (extra authentication then re-confirm), success".
  it('pays the renewal, with the bank’s extra authentication, and shows the renewal success', async () => {
    const server = paymentServer(offer());
    server.override('POST /charge', () => json({ status_code: 0, intent_id: 'pi_1' }));
    let confirms = 0;
    server.override('POST /confirmPayment', () =>
      json(
        ++confirms === 1
          ? { status_code: 0, actionRequired: true, clientSecret: 'pi_1_secret_x', paid: false }
          : { status_code: 0, actionRequired: false, paid: true },
      ),
    );
    const actions: string[] = [];
    stripe.state.handleCardAction = (secret) => {
      actions.push(secret);
      return Promise.resolve({ paymentIntent: { id: 'pi_1' } });
    };
    const { user, location } = await renderAccountPage('/account/services/checkout/', server);
    const dialog = await screen.findByRole('dialog', { name: 'Checkout' });
    expect((await within(dialog).findByTestId('order-total')).textContent).toContain('249.75');
    const pay = within(dialog).getByTestId('pay');
    expect((pay as HTMLButtonElement).disabled).toBe(true);
    await user.type(await within(dialog).findByLabelText('Card number'), '4000002500003155');
    await waitFor(() => expect((pay as HTMLButtonElement).disabled).toBe(false));
    const infoReads = server.callsTo('GET', '/client/userInfo').length;
    await user.click(pay);
    expect((await screen.findByTestId('payment-result-renewal')).textContent).toContain('26.11.2027');
    expect(actions).toEqual(['pi_1_secret_x']);
    expect(server.callsTo('POST', '/charge')[0]!.body).toMatchObject({
      stripeToken: 'pm_test',
      price: 24_975,
      currency: 'eur',
      planRenewal: { months: 12, level: 2, exp: '20271126' },
      uid: 7,
    });
    expect(
      server
        .callsTo('POST', '/confirmPayment')
        .map((c) => (c.body as { alreadyConfirmed: boolean }).alreadyConfirmed),
    ).toEqual([false, true]);
    // The user info is read again (spec doc 2 §4 success), and OK leads home.
    await waitFor(() => expect(server.callsTo('GET', '/client/userInfo').length).toBeGreaterThan(infoReads));
    await user.click(screen.getByTestId('payment-done'));
    await waitFor(() => expect(location()).not.toContain('/account'));
  });

  // Spec doc 2 §8 "card errors show the localized message by error code".
  it('shows a declined card’s reason by its code', async () => {
    const server = paymentServer(offer());
    server.override('POST /charge', () => json({ status_code: 0, intent_id: 'pi_2' }));
    server.override('POST /confirmPayment', () =>
      json({
        status_code: 0,
        actionRequired: false,
        paid: false,
        error: { code: 'insufficient_funds', decline_code: 'insufficient_funds', message: 'provider words' },
      }),
    );
    const { user } = await renderAccountPage('/account/services/checkout/', server);
    const dialog = await screen.findByRole('dialog', { name: 'Checkout' });
    await user.type(await within(dialog).findByLabelText('Card number'), '4000000000009995');
    await user.click(within(dialog).getByTestId('pay'));
    expect((await screen.findByTestId('payment-result-error')).textContent).toContain(
      'Your card has insufficient funds.',
    );
  });

  it('shows the provider’s words for a code it has no text for', async () => {
    const server = paymentServer(offer());
    stripe.state.createPaymentMethod = () =>
      Promise.resolve({ error: { code: 'something_new', message: 'Provider says no.' } });
    const { user } = await renderAccountPage('/account/services/checkout/', server);
    const dialog = await screen.findByRole('dialog', { name: 'Checkout' });
    await user.type(await within(dialog).findByLabelText('Card number'), '4242424242424242');
    await user.click(within(dialog).getByTestId('pay'));
    expect((await screen.findByTestId('payment-result-error')).textContent).toContain('Provider says no.');
    expect(server.callsTo('POST', '/charge')).toHaveLength(0);
  });

  // Spec doc 2 §5 "Renewal invoice: valid required email and accepted terms before the button is enabled".
  it('orders a supervisor’s renewal by invoice once the billing fields, e-mail and terms are given', async () => {
    const server = paymentServer(offer({ mode: 'invoice', taxRate: 21 }));
    server.override('POST /invoiceRequest', () =>
      json({ status_code: 0, invoice_id: 5, invoiceNumber: 'EW-2026-000005' }),
    );
    const { user } = await renderAccountPage('/account/services/checkout/', server);
    const dialog = await screen.findByRole('dialog', { name: 'Checkout' });
    const order = await within(dialog).findByTestId('order-invoice');
    const fill = async (field: string, value: string) => {
      const input = within(dialog).getByTestId(`billing-${field}`);
      await user.clear(input);
      await user.type(input, value);
    };
    await fill('name', 'Anna');
    await fill('company', 'Farm Ltd');
    await fill('address', 'Road 1');
    await fill('zip', '61800');
    await fill('city', 'Kauhajoki');
    await fill('country', 'Finland');
    await fill('email', 'not-an-email');
    await user.click(within(dialog).getByRole('checkbox'));
    expect((order as HTMLButtonElement).disabled).toBe(true);
    await fill('email', 'billing@example.com');
    expect((order as HTMLButtonElement).disabled).toBe(false);
    await user.click(order);
    expect((await screen.findByTestId('payment-result-invoice')).textContent).toContain('EW-2026-000005');
    expect(server.callsTo('POST', '/invoiceRequest')[0]!.body).toMatchObject({
      termsAccepted: true,
      receiptEmail: 'billing@example.com',
      taxRate: 21,
      planRenewal: { exp: '20271126' },
      billingInfo: { city: 'Kauhajoki', country: 'Finland' },
    });
  });

  // Spec doc 2 §6 "Users with a service subscription outside Australia see a contact-support message".
  it('sends a service user outside Australia to support', async () => {
    await renderAccountPage('/account/services/renewal', paymentServer(offer({ mode: 'support' })));
    expect(await screen.findByTestId('payment-support')).toBeTruthy();
    expect(screen.queryByTestId('pay')).toBeNull();
  });

  // Spec doc 2 §4 "Renewal buttons are hidden … when renewal is unauthorized": a sub-user is not asked
  // the offer the server would refuse it, and a renewal or invoice link tells it why (payRefusal; a
  // master's /account is its own master account page, which has no services tab).
  it('shows a sub-user no renewal button, and at a renewal or invoice link why', async () => {
    const server = paymentServer(offer(), { subUser: true });
    const services = await renderAccountPage('/account/services', server);
    await screen.findByTestId('plan-due');
    services.unmount();
    for (const link of [
      '/account/services/checkout/',
      '/account/services/renewal',
      '/account/services?invoice=7',
    ]) {
      const shown = await renderAccountPage(link, server);
      expect((await screen.findByTestId('payment-refused')).textContent).toBe(
        'Only the account owner can pay for renewals.',
      );
      shown.unmount();
    }
    expect(screen.queryByTestId('renew-plan')).toBeNull();
    expect(server.callsTo('GET', '/client/getUpgradeInfo')).toEqual([]);
    expect(server.callsTo('GET', '/client/invoicePdf')).toEqual([]);
  });

  it('says the renewal is unavailable when nothing is due', async () => {
    await renderAccountPage('/account/services/checkout/?type=sim', paymentServer(offer()));
    expect(await screen.findByTestId('payment-result-unavailable')).toBeTruthy();
  });

  // Spec doc 2 §2.8 checkout ?type=api, §3 Order "api renewal", §4 buttons only when due (migration 0037).
  it('renews the API plan at ?type=api while it is due, and offers nothing there without one', async () => {
    const first = await renderAccountPage('/account/services/checkout/?type=api', paymentServer(offer()));
    expect(await screen.findByTestId('payment-result-unavailable')).toBeTruthy();
    first.unmount();

    const info = offer({
      prices: [...offer().prices, { name: 'api', months: 12, price: 99 }],
      renewal: null,
      apiPlan: { due: 1_800_000_000, renewable: true, newExp: '20280115' },
    });
    const server = paymentServer(info);
    server.state.user = { ...server.state.user, api_plan: { due: 1_800_000_000 } };
    server.override('POST /charge', () => json({ status_code: 0, intent_id: 'pi_api' }));
    server.override('POST /confirmPayment', () =>
      json({ status_code: 0, actionRequired: false, paid: true }),
    );
    const { user } = await renderAccountPage('/account/services', server);
    expect((await screen.findByTestId('api-plan-due')).textContent).toBe(
      `API plan valid until${format(new Date(1_800_000_000_000), 'dd.MM.yyyy')}`,
    );
    expect(screen.queryByTestId('renew-plan')).toBeNull();
    await user.click(await screen.findByTestId('renew-api'));
    const dialog = await screen.findByRole('dialog', { name: 'Checkout' });
    expect(within(dialog).getByTestId('order-summary').textContent).toContain(
      'API plan, 12 months, until 15.01.2028',
    );
    expect(within(dialog).getByTestId('order-total').textContent).toContain('124.25');
    await user.type(await within(dialog).findByLabelText('Card number'), '4242424242424242');
    await user.click(within(dialog).getByTestId('pay'));
    expect((await screen.findByTestId('payment-result-renewal')).textContent).toContain('15.01.2028');
    expect(server.callsTo('POST', '/charge')[0]!.body).toMatchObject({
      price: 12_425,
      apiRenewal: true,
      planRenewal: null,
      simRenewals: [],
      serviceRenewal: false,
    });
  });

  it('downloads the invoice the e-mail links to', async () => {
    const server = paymentServer(offer({ mode: 'invoice' }));
    server.override('GET /client/invoicePdf', () =>
      json({ status_code: 0, fileName: 'EW-2026-000005.pdf', pdfBase64: btoa('%PDF-1.3') }),
    );
    const { user } = await renderAccountPage('/account/services?invoice=5', server);
    await user.click(await screen.findByTestId('invoice-download'));
    await waitFor(() =>
      expect(saved).toContainEqual({ type: 'application/pdf', name: 'EW-2026-000005.pdf' }),
    );
    expect(server.callsTo('GET', '/client/invoicePdf')[0]!.query.get('invoice_id')).toBe('5');
  });

  it('offers the plan at the renewal route (the plan reminder’s link) to an account without the service', async () => {
    await renderAccountPage('/account/services/renewal', paymentServer(offer()));
    // Titled by what it renews: the plan, not a service the account does not have.
    const dialog = await screen.findByRole('dialog', { name: 'Plan renewal' });
    expect((await within(dialog).findByTestId('order-summary')).textContent).toContain('Renewal of Premium');
  });

  it('titles the renewal route by the Insight service for an account that has it', async () => {
    const info = offer({
      prices: [...offer().prices, { name: 'service', months: 12, price: 149 }],
      service: { expDate: 1_800_000_000, renewable: true, newExp: '20271126' },
    });
    await renderAccountPage('/account/services/renewal', paymentServer(info));
    const dialog = await screen.findByRole('dialog', { name: 'Service renewal' });
    expect((await within(dialog).findByTestId('order-summary')).textContent).toContain('Insight service');
  });

  // Spec doc 2 §8 "confirmation failure 'Error in payment, please try again later'".
  it('says the payment failed when its confirmation fails', async () => {
    const server = paymentServer(offer());
    server.override('POST /charge', () => json({ status_code: 0, intent_id: 'pi_3' }));
    server.override('POST /confirmPayment', () => json({ status_code: 503, error: 'down' }, 503));
    const { user } = await renderAccountPage('/account/services/checkout/', server);
    const dialog = await screen.findByRole('dialog', { name: 'Checkout' });
    await user.type(await within(dialog).findByLabelText('Card number'), '4242424242424242');
    await user.click(within(dialog).getByTestId('pay'));
    expect((await screen.findByTestId('payment-result-error')).textContent).toContain(
      'Error in payment, please try again later',
    );
  });
});
