import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConfirmPaymentResponse, UpgradeInfo } from '@emberwatch/shared/contracts/payments';
import { RENEWAL_MONTHS, addMonths, orderTotals } from '@emberwatch/shared/domain/payments/paymentRules';
import type { FakeStripe } from '@emberwatch/stand-ins';
import { deliveryDb } from '../src/features/delivery/delivery.tables.js';
import { paymentsDb } from '../src/features/payments/payments.tables.js';
import { api } from './support/probeHelpers.js';
import { createTestApp, TEST_ENGINE, type TestApp } from './support/testApp.js';

const USERS = ['hay', 'hay-helper', 'grain', 'compost', 'master', 'admin'] as const;
const DAY = 86_400;

/**
 * Payments and renewals (issue 14 item 4; spec doc 2 §4, §5, §6, §7, §8; decision 0056) through the
 * real Stripe SDK against the local fake: the server prices the order, the card's outcome is Stripe's
 * test card's, and a paid order extends the plan exactly once.
 */
describe(`payments on ${TEST_ENGINE}`, () => {
  let t: TestApp;
  let fake: FakeStripe;
  const now = Math.floor(Date.now() / 1000);
  const tokens: Record<string, string> = {};
  const ids: Record<string, number> = {};
  let call: ReturnType<typeof api>;
  let hayStation: string;
  let grainStation: string;

  const setAccount = (id: number, set: { plan_due_ts?: number; service_json?: string | null }) =>
    t.store.db.updateTable('users').set(set).where('id', '=', id).execute();
  const planDue = async (id: number) =>
    (
      await t.store.db
        .selectFrom('users')
        .select('plan_due_ts')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).plan_due_ts;
  const simExp = async (bsId: string) =>
    (
      await t.store.db
        .selectFrom('base_stations')
        .select('sim_exp_ts')
        .where('id', '=', bsId)
        .executeTakeFirstOrThrow()
    ).sim_exp_ts;
  const orders = () => paymentsDb(t.store.db).selectFrom('payment_orders').selectAll().execute();
  const fulfilments = (intentId: string) =>
    paymentsDb(t.store.db)
      .selectFrom('payment_fulfilments')
      .selectAll()
      .where('intent_id', '=', intentId)
      .execute();

  /** What the browser does with Stripe.js: the card goes to the provider, only its id comes back. */
  const paymentMethod = async (number: string): Promise<string> => {
    const res = await fetch(`${fake.apiBase}/v1/payment_methods`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${fake.publishableKey}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({
        type: 'card',
        'card[number]': number,
        'card[exp_month]': '12',
        'card[exp_year]': String(new Date().getUTCFullYear() + 3),
        'card[cvc]': '123',
      }),
    });
    const body = (await res.json()) as { id: string };
    return body.id;
  };

  const info = async (who: string, uid?: number) => {
    const res = await call.get(who, `/client/getUpgradeInfo${uid ? `?UID=${uid}` : ''}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<UpgradeInfo>();
  };

  /** A plan renewal charged to the card, at the price the offer shows. */
  const charge = async (card: string, extra: object = {}) => {
    const offer = await info('hay');
    const cents = orderTotals([{ price: 199 }], offer.taxRate).cents;
    return call.post('hay', '/charge', {
      stripeToken: await paymentMethod(card),
      customerName: 'Hay Farm',
      receiptEmail: 'hay@example.com',
      price: cents,
      currency: offer.currency,
      planRenewal: offer.renewal,
      ...extra,
    });
  };
  const confirm = async (who: string, intentId: string, extra: object = {}) => {
    const res = await call.post(who, '/confirmPayment', { intent_id: intentId, ...extra });
    return { status: res.statusCode, body: res.json<ConfirmPaymentResponse>() };
  };

  beforeAll(async () => {
    t = await createTestApp();
    for (const u of USERS) tokens[u] = await t.login(`${u}@demo.emberwatch`);
    for (const u of USERS) ids[u] = (await t.findUser(`${u}@demo.emberwatch`))!.id;
    call = api(t, tokens);
    fake = t.standIns.stripe;
    // The demo hay farm has the Insight service outside Australia (support only) and a year left:
    // here it is a card-paying Premium farm whose plan runs out in 20 days.
    await setAccount(ids.hay!, { plan_due_ts: now + 20 * DAY, service_json: null });
    const first = (owner: number) =>
      t.store.db
        .selectFrom('base_stations')
        .select('id')
        .where('owner_user_id', '=', owner)
        .orderBy('id')
        .executeTakeFirstOrThrow();
    hayStation = (await first(ids.hay!)).id;
    grainStation = (await first(ids.grain!)).id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it("offers the plan's renewal within two months of expiry, with the country's VAT and currency", async () => {
    const offer = await info('hay');
    expect(offer).toMatchObject({
      mode: 'card',
      currency: 'eur',
      taxRate: 25.5,
      renewal: { months: 12, level: 2 },
      currentPlan: { planName: 'Premium' },
      upgrade_plan_name: null,
      stripeJs: `${fake.apiBase}/v3/`,
    });
    expect(offer.id).toMatch(/^pk_test_/);
    expect(offer.prices).toContainEqual({ name: 'plan', months: 12, price: 199 });
    // Spec doc 1 §7: the renewal's exp is 8 digits.
    expect(offer.renewal!.exp).toMatch(/^\d{8}$/);
  });

  it("offers the demo's card-paying farm its plan and SIM, in dollars with Australia's GST", async () => {
    const token = await t.login('renew@demo.emberwatch');
    const res = await t.app.inject({
      method: 'GET',
      url: '/client/getUpgradeInfo',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.json()).toMatchObject({
      mode: 'card',
      currency: 'dol',
      taxRate: 10,
      renewal: { months: 12, level: 2 },
      simExp: [{ bs_id: 'F1900101', renewable: true }],
    });
  });

  it('lets the web app load Stripe.js, its frames and its API from the fake, and only from there', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/health' });
    const csp = String(res.headers['content-security-policy']);
    for (const directive of ['script-src', 'connect-src', 'frame-src']) {
      const value = csp.split(';').find((d) => d.trim().startsWith(`${directive} `)) ?? '';
      expect(value, directive).toContain(fake.apiBase);
    }
    expect(csp).not.toContain('js.stripe.com');
    const js = await fetch(`${fake.apiBase}/v3/`);
    expect(await js.text()).toContain('window.Stripe = Stripe');
  });

  it('hides the renewal when the plan expires more than two months ahead', async () => {
    await setAccount(ids.hay!, { plan_due_ts: now + 70 * DAY });
    expect((await info('hay')).renewal).toBeNull();
    await setAccount(ids.hay!, { plan_due_ts: now + 20 * DAY });
  });

  it('refuses another account, a sub-user and a master; an admin acts for the customer', async () => {
    expect((await call.get('grain', `/client/getUpgradeInfo?UID=${ids.hay}`)).statusCode).toBe(403);
    expect((await call.get('hay-helper', '/client/getUpgradeInfo')).statusCode).toBe(403);
    expect((await call.get('master', '/client/getUpgradeInfo')).statusCode).toBe(403);
    expect((await info('admin', ids.hay)).currentPlan.planName).toBe('Premium');
    const res = await call.post('grain', '/charge', {
      stripeToken: await paymentMethod('4242424242424242'),
      customerName: 'x',
      receiptEmail: 'x@example.com',
      price: 24_975,
      currency: 'eur',
      uid: ids.hay,
      planRenewal: (await info('hay')).renewal,
    });
    expect(res.statusCode).toBe(403);
  });

  it('refuses a price that is not the order’s, and records nothing', async () => {
    const before = (await orders()).length;
    const res = await charge('4242424242424242', { price: 100 });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: string }>().error).toMatch(/does not match the order/);
    expect((await orders()).length).toBe(before);
  });

  it('pays with a card and extends the plan once, however often the confirmation comes', async () => {
    const due = (await planDue(ids.hay!))!;
    const res = await charge('4242424242424242');
    expect(res.statusCode, res.body).toBe(200);
    const intentId = res.json<{ intent_id: string }>().intent_id;
    expect(fake.intent(intentId)).toMatchObject({ amount: 24_975, currency: 'eur' });
    expect((await confirm('grain', intentId)).status).toBe(403);
    const first = await confirm('hay', intentId);
    expect(first.body).toMatchObject({ status_code: 0, paid: true, actionRequired: false });
    const extended = addMonths(due, RENEWAL_MONTHS);
    expect(await planDue(ids.hay!)).toBe(extended);
    const second = await confirm('hay', intentId, { alreadyConfirmed: true });
    expect(second.body).toMatchObject({ status_code: 0, paid: true });
    expect(await planDue(ids.hay!)).toBe(extended);
    expect(await fulfilments(intentId)).toHaveLength(1);
    await setAccount(ids.hay!, { plan_due_ts: now + 20 * DAY });
  });

  it.each([
    ['4000000000000002', 'card_declined'],
    ['4000000000009995', 'insufficient_funds'],
    ['4000000000000069', 'expired_card'],
    ['4000000000000127', 'incorrect_cvc'],
  ])('a declined card (%s) answers %s and leaves the plan as it was', async (card, code) => {
    const due = await planDue(ids.hay!);
    const res = await charge(card);
    const intentId = res.json<{ intent_id: string }>().intent_id;
    const out = await confirm('hay', intentId);
    expect(out.body).toMatchObject({ status_code: 0, paid: false, error: { code } });
    expect(await planDue(ids.hay!)).toBe(due);
    expect(await fulfilments(intentId)).toHaveLength(0);
  });

  it('asks for 3-D Secure with 4000002500003155, and pays once it is completed', async () => {
    const due = (await planDue(ids.hay!))!;
    const intentId = (await charge('4000002500003155')).json<{ intent_id: string }>().intent_id;
    const first = await confirm('hay', intentId);
    expect(first.body).toMatchObject({ status_code: 0, actionRequired: true, paid: false });
    expect(first.body.clientSecret).toMatch(new RegExp(`^${intentId}_secret_`));
    expect(await planDue(ids.hay!)).toBe(due);
    fake.authenticate(intentId, 'complete');
    const after = await confirm('hay', intentId, { alreadyConfirmed: true });
    expect(after.body).toMatchObject({ status_code: 0, paid: true });
    expect(await planDue(ids.hay!)).toBe(addMonths(due, RENEWAL_MONTHS));
    await setAccount(ids.hay!, { plan_due_ts: now + 20 * DAY });
  });

  it('a failed 3-D Secure challenge is a card error and changes nothing', async () => {
    const due = await planDue(ids.hay!);
    const intentId = (await charge('4000000000003220')).json<{ intent_id: string }>().intent_id;
    expect((await confirm('hay', intentId)).body.actionRequired).toBe(true);
    fake.authenticate(intentId, 'fail');
    const out = await confirm('hay', intentId, { alreadyConfirmed: true });
    expect(out.body).toMatchObject({
      status_code: 0,
      paid: false,
      error: { code: 'payment_intent_authentication_failure' },
    });
    expect(await planDue(ids.hay!)).toBe(due);
  });

  it("renews a SIM that runs out soon; another account's station is refused", async () => {
    await t.store.db
      .updateTable('base_stations')
      .set({ sim_exp_ts: now + 10 * DAY })
      .where('id', '=', hayStation)
      .execute();
    const offer = await info('hay');
    expect(offer.simExp.find((s) => s.bs_id === hayStation)?.renewable).toBe(true);
    const cents = orderTotals([{ price: 49 }], 25.5).cents;
    const refused = await call.post('hay', '/charge', {
      stripeToken: await paymentMethod('4242424242424242'),
      customerName: 'Hay Farm',
      receiptEmail: 'hay@example.com',
      price: cents,
      currency: 'eur',
      simRenewals: [grainStation],
    });
    expect(refused.statusCode).toBe(403);
    const res = await call.post('hay', '/charge', {
      stripeToken: await paymentMethod('4242424242424242'),
      customerName: 'Hay Farm',
      receiptEmail: 'hay@example.com',
      price: cents,
      currency: 'eur',
      simRenewals: [hayStation],
    });
    expect(res.statusCode, res.body).toBe(200);
    await confirm('hay', res.json<{ intent_id: string }>().intent_id);
    expect(await simExp(hayStation)).toBe(addMonths(now + 10 * DAY, RENEWAL_MONTHS));
  });

  // Spec doc 1 §7 admin POST setPlanInfo; §3 user info api_plan.due.
  it("lets an admin set an account's API plan and plan expiry; nobody else, and bad input changes nothing", async () => {
    const userInfo = async () =>
      (await call.get('hay', '/client/userInfo')).json<{
        userinfo: { api_plan: { due: number | null } | null; plans: { dueDate: number | null }[] };
      }>().userinfo;
    expect((await userInfo()).api_plan).toBeNull();
    const planBefore = await planDue(ids.hay!);
    for (const who of ['hay', 'hay-helper', 'master', 'grain']) {
      const res = await call.post(who, '/admin/setPlanInfo', { UID: ids.hay!, apiPlanDue: now + DAY });
      expect(res.statusCode, who).toBe(403);
    }
    for (const body of [
      { UID: ids.hay! },
      { UID: ids.hay!, apiPlanDue: 'soon' },
      { UID: ids.hay!, apiPlanDue: -5 },
      { UID: ids.hay!, apiPlanDue: now + DAY, extra: 1 },
      { UID: ids['hay-helper']!, apiPlanDue: now + DAY },
    ]) {
      const res = await call.post('admin', '/admin/setPlanInfo', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await userInfo()).api_plan).toBeNull();
    expect(await planDue(ids.hay!)).toBe(planBefore);

    const set = await call.post('admin', '/admin/setPlanInfo', { UID: ids.hay!, apiPlanDue: now + 50 * DAY });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ status_code: 0, api_plan: { due: now + 50 * DAY } });
    expect((await userInfo()).api_plan).toEqual({ due: now + 50 * DAY });
    expect(await planDue(ids.hay!)).toBe(planBefore);
    expect((await info('hay')).apiPlan).toMatchObject({ due: now + 50 * DAY, renewable: true });

    const both = await call.post('admin', '/admin/setPlanInfo', {
      UID: ids.hay!,
      dueDate: now + 40 * DAY,
      apiPlanDue: null,
    });
    expect(both.json()).toMatchObject({ api_plan: null, plans: [{ dueDate: now + 40 * DAY }] });
    expect((await userInfo()).api_plan).toBeNull();
    expect(await planDue(ids.hay!)).toBe(now + 40 * DAY);
    await setAccount(ids.hay!, { plan_due_ts: planBefore! });
  });

  // Spec doc 1 §3 api_plan.due, doc 2 §3 Order "api renewal", §4 offered within two months (migration 0037).
  it('renews the API plan (type=api) once, only while it is due, and not for an account without one', async () => {
    const apiDue = async () =>
      (
        await t.store.db
          .selectFrom('users')
          .select('api_plan_due_ts')
          .where('id', '=', ids.hay!)
          .executeTakeFirstOrThrow()
      ).api_plan_due_ts;
    const setApi = (due: number | null) =>
      t.store.db.updateTable('users').set({ api_plan_due_ts: due }).where('id', '=', ids.hay!).execute();
    const cents = orderTotals([{ price: 99 }], 25.5).cents;
    const order = async () =>
      call.post('hay', '/charge', {
        stripeToken: await paymentMethod('4242424242424242'),
        customerName: 'Hay Farm',
        receiptEmail: 'hay@example.com',
        price: cents,
        currency: 'eur',
        apiRenewal: true,
      });
    expect((await info('hay')).apiPlan).toBeNull();
    expect((await order()).statusCode).toBe(400);

    await setApi(now + 100 * DAY);
    const later = await info('hay');
    expect(later.apiPlan).toMatchObject({ due: now + 100 * DAY, renewable: false });
    expect(later.prices).toContainEqual({ name: 'api', months: RENEWAL_MONTHS, price: 99 });
    const early = await order();
    expect(early.statusCode).toBe(400);
    expect(await apiDue()).toBe(now + 100 * DAY);

    const due = now + 25 * DAY;
    await setApi(due);
    expect((await info('hay')).apiPlan).toMatchObject({ due, renewable: true });
    const before = (await orders()).length;
    const res = await order();
    expect(res.statusCode, res.body).toBe(200);
    expect((await orders()).length).toBe(before + 1);
    const intentId = res.json<{ intent_id: string }>().intent_id;
    expect((await confirm('grain', intentId)).status).toBe(403);
    expect((await confirm('hay', intentId)).body).toMatchObject({ paid: true });
    const extended = addMonths(due, RENEWAL_MONTHS);
    expect(await apiDue()).toBe(extended);
    expect((await confirm('hay', intentId, { alreadyConfirmed: true })).body.paid).toBe(true);
    expect(await apiDue()).toBe(extended);
    expect(await fulfilments(intentId)).toHaveLength(1);
    expect((await info('hay')).apiPlan).toMatchObject({ due: extended, renewable: false });
    await setApi(null);
  });

  it('upgrades a Free plan to Premium for a year from now', async () => {
    await t.store.db
      .updateTable('users')
      .set({ plan_name: 'Free', plan_level: 0, plan_due_ts: null })
      .where('id', '=', ids.hay!)
      .execute();
    const offer = await info('hay');
    expect(offer).toMatchObject({ upgrade_plan_name: 'Premium', upgrade_plan_level: 2, renewal: null });
    const res = await call.post('hay', '/charge', {
      stripeToken: await paymentMethod('4242424242424242'),
      customerName: 'Hay Farm',
      receiptEmail: 'hay@example.com',
      price: orderTotals([{ price: 199 }], 25.5).cents,
      currency: 'eur',
      upgrade: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    const before = Math.floor(Date.now() / 1000);
    expect((await confirm('hay', res.json<{ intent_id: string }>().intent_id)).body.paid).toBe(true);
    const row = await t.store.db
      .selectFrom('users')
      .select(['plan_name', 'plan_level', 'plan_due_ts'])
      .where('id', '=', ids.hay!)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ plan_name: 'Premium', plan_level: 2 });
    expect(row.plan_due_ts).toBeGreaterThanOrEqual(addMonths(before, RENEWAL_MONTHS));
    expect(row.plan_due_ts).toBeLessThanOrEqual(addMonths(before + 60, RENEWAL_MONTHS));
    await setAccount(ids.hay!, { plan_due_ts: now + 20 * DAY });
  });

  it("renews an Australian farm's Insight service, a year after it ends", async () => {
    const expDate = now + 15 * DAY;
    const service = {
      plan: 2,
      trial: 1,
      started: now - 300 * DAY,
      period: 12,
      expDate,
      surveyCompleted: true,
    };
    await t.store.db
      .updateTable('users')
      .set({ country: 'au', service_json: JSON.stringify(service) })
      .where('id', '=', ids.hay!)
      .execute();
    const offer = await info('hay');
    expect(offer).toMatchObject({ mode: 'card', currency: 'dol', taxRate: 10, service: { renewable: true } });
    const res = await call.post('hay', '/charge', {
      stripeToken: await paymentMethod('4242424242424242'),
      customerName: 'Hay Farm',
      receiptEmail: 'hay@example.com',
      price: orderTotals([{ price: 149 }], 10).cents,
      currency: 'dol',
      serviceRenewal: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await confirm('hay', res.json<{ intent_id: string }>().intent_id)).body.paid).toBe(true);
    const row = await t.store.db
      .selectFrom('users')
      .select('service_json')
      .where('id', '=', ids.hay!)
      .executeTakeFirstOrThrow();
    const renewed = JSON.parse(row.service_json!) as typeof service & {
      nextPayment: { date: number; type: string };
    };
    expect(renewed).toMatchObject({
      expDate: addMonths(expDate, RENEWAL_MONTHS),
      trial: 0,
      surveyCompleted: true,
    });
    expect(renewed.nextPayment).toEqual({ date: addMonths(expDate, RENEWAL_MONTHS), type: 'renewal' });
    await t.store.db
      .updateTable('users')
      .set({ country: 'fi', service_json: null })
      .where('id', '=', ids.hay!)
      .execute();
  });

  describe('the provider webhook', () => {
    const post = (payload: string, signature: string) =>
      t.app.inject({
        method: 'POST',
        url: '/stripe/webhook',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        payload,
      });

    it('applies an order once when two confirmations and the webhook arrive together', async () => {
      const due = (await planDue(ids.hay!))!;
      const intentId = (await charge('4242424242424242')).json<{ intent_id: string }>().intent_id;
      const sdk = new Stripe(fake.secretKey, {
        host: '127.0.0.1',
        port: new URL(fake.apiBase).port,
        protocol: 'http',
      });
      const intent = await sdk.paymentIntents.confirm(intentId);
      const payload = JSON.stringify({
        id: 'evt_race',
        object: 'event',
        type: 'payment_intent.succeeded',
        data: { object: intent },
      });
      const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: fake.webhookSecret });
      const answers = await Promise.all([
        confirm('hay', intentId),
        confirm('hay', intentId, { alreadyConfirmed: true }),
        post(payload, signature),
      ]);
      expect(answers[0].body.paid && answers[1].body.paid).toBe(true);
      expect(answers[2].statusCode).toBe(200);
      expect(await fulfilments(intentId)).toHaveLength(1);
      expect(await planDue(ids.hay!)).toBe(addMonths(due, RENEWAL_MONTHS));
      await setAccount(ids.hay!, { plan_due_ts: now + 20 * DAY });
    });

    it('refuses an event whose signature does not verify', async () => {
      const payload = JSON.stringify({ id: 'evt_1', type: 'payment_intent.succeeded', data: { object: {} } });
      const forged = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_not_the_secret' });
      expect((await post(payload, forged)).statusCode).toBe(400);
      expect((await post(payload, 't=1,v1=00')).statusCode).toBe(400);
    });

    it('applies a paid order once, and the confirmation after it changes nothing more', async () => {
      const due = (await planDue(ids.hay!))!;
      const intentId = (await charge('4242424242424242')).json<{ intent_id: string }>().intent_id;
      // Paid at the provider (as after a closed browser tab): only the webhook tells us.
      const sdk = new Stripe(fake.secretKey, {
        host: '127.0.0.1',
        port: new URL(fake.apiBase).port,
        protocol: 'http',
      });
      const intent = await sdk.paymentIntents.confirm(intentId);
      expect(intent.status).toBe('succeeded');
      const payload = JSON.stringify({
        id: 'evt_test_1',
        object: 'event',
        type: 'payment_intent.succeeded',
        data: { object: intent },
      });
      const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: fake.webhookSecret });
      const first = await post(payload, signature);
      expect(first.json()).toEqual({ received: true, applied: true });
      expect((await post(payload, signature)).json()).toEqual({ received: true, applied: false });
      expect((await confirm('hay', intentId)).body.paid).toBe(true);
      expect(await planDue(ids.hay!)).toBe(addMonths(due, RENEWAL_MONTHS));
      expect(await fulfilments(intentId)).toMatchObject([{ source: 'webhook' }]);
      await setAccount(ids.hay!, { plan_due_ts: now + 20 * DAY });
    });
  });

  describe('invoice orders (supervisors)', () => {
    const billingInfo = {
      name: 'Compost Manager',
      email: 'billing@compost.example',
      company: 'Compost BV',
      address: 'Veldweg 1',
      zip: '1234 AB',
      city: 'Utrecht',
      country: 'Netherlands',
    };
    const order = async (extra: object = {}) => {
      const offer = await info('compost');
      return call.post('compost', '/invoiceRequest', {
        customerName: 'Compost BV',
        receiptEmail: 'billing@compost.example',
        billingInfo,
        planRenewal: offer.renewal,
        taxRate: offer.taxRate,
        termsAccepted: true,
        ...extra,
      });
    };
    beforeAll(async () => {
      await setAccount(ids.compost!, { plan_due_ts: now + 30 * DAY });
    });

    it('a supervisor pays by invoice, not by card', async () => {
      expect((await info('compost')).mode).toBe('invoice');
      expect((await info('grain')).mode).toBe('invoice');
    });

    it.each([
      ['the terms not accepted', { termsAccepted: false }],
      ['an invalid e-mail', { receiptEmail: 'not-an-email' }],
      ['a missing billing field', { billingInfo: { ...billingInfo, city: '' } }],
      ['a VAT rate that is not the country’s', { taxRate: 0 }],
    ])('refuses %s and records nothing', async (_case, extra) => {
      const before = (await orders()).length;
      const res = await order(extra);
      expect(res.statusCode).toBe(400);
      expect((await orders()).length).toBe(before);
    });

    it('records the invoice, e-mails it and serves its PDF to the account only', async () => {
      const res = await order();
      expect(res.statusCode, res.body).toBe(200);
      const { invoice_id, invoiceNumber } = res.json<{ invoice_id: number; invoiceNumber: string }>();
      expect(invoiceNumber).toMatch(/^EW-\d{4}-\d{6}$/);
      const mail = await deliveryDb(t.store.db)
        .selectFrom('delivery_messages')
        .selectAll()
        .where('channel', '=', 'email')
        .where('address', '=', 'billing@compost.example')
        .executeTakeFirst();
      expect(mail?.subject).toBe(`Emberwatch invoice ${invoiceNumber}`);
      const pdf = await call.get('compost', `/client/invoicePdf?invoice_id=${invoice_id}`);
      expect(pdf.statusCode).toBe(200);
      expect(
        Buffer.from(pdf.json<{ pdfBase64: string }>().pdfBase64, 'base64').subarray(0, 5).toString(),
      ).toBe('%PDF-');
      expect((await call.get('hay', `/client/invoicePdf?invoice_id=${invoice_id}`)).statusCode).toBe(403);
      // An invoice is not paid yet: the plan is not extended by the order itself.
      expect(await planDue(ids.compost!)).toBe(now + 30 * DAY);
    });

    it('orders the API plan by invoice while it is due, its line in the order, nothing extended', async () => {
      const setApi = (due: number | null) =>
        t.store.db
          .updateTable('users')
          .set({ api_plan_due_ts: due })
          .where('id', '=', ids.compost!)
          .execute();
      const before = (await orders()).length;
      expect((await order({ planRenewal: null, apiRenewal: true })).statusCode).toBe(400);
      await setApi(now + 10 * DAY);
      const res = await order({ planRenewal: null, apiRenewal: true });
      expect(res.statusCode, res.body).toBe(200);
      const all = await orders();
      expect(all.length).toBe(before + 1);
      const stored = JSON.parse(all.at(-1)!.order_json) as { lines: { name: string; price: number }[] };
      expect(stored.lines).toEqual([expect.objectContaining({ name: 'api', price: 99 })]);
      const due = await t.store.db
        .selectFrom('users')
        .select('api_plan_due_ts')
        .where('id', '=', ids.compost!)
        .executeTakeFirstOrThrow();
      expect(due.api_plan_due_ts).toBe(now + 10 * DAY);
      await setApi(null);
    });

    it('a card-paying account may not order by invoice', async () => {
      const res = await call.post('hay', '/invoiceRequest', {
        customerName: 'Hay',
        receiptEmail: 'hay@example.com',
        billingInfo,
        planRenewal: (await info('hay')).renewal,
        taxRate: 25.5,
        termsAccepted: true,
      });
      expect(res.statusCode).toBe(400);
    });
  });

  it('a service user outside Australia is sent to support instead of the checkout', async () => {
    const service = JSON.stringify({ plan: 2, trial: 0, started: now, period: 12, expDate: now + 20 * DAY });
    await setAccount(ids.hay!, { service_json: service });
    expect((await info('hay')).mode).toBe('support');
    const res = await charge('4242424242424242');
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: string }>().error).toMatch(/contact support/);
    await setAccount(ids.hay!, { service_json: null });
  });
});
