import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutboxResponse } from '@emberwatch/shared/contracts/delivery';
import type { UpgradeInfo } from '@emberwatch/shared/contracts/payments';
import { orderTotals } from '@emberwatch/shared/domain/payments/paymentRules';
import { loadConfig } from '../src/config.js';
import type { DeliveryTables } from '../src/features/delivery/delivery.tables.js';
import { deliveryOf, evaluatorOf, monitoredStorageWithMessaging } from './support/deliveryHelpers.js';
import { api, ingest } from './support/probeHelpers.js';
import { createTestApp, TEST_ENGINE, type TestApp } from './support/testApp.js';

/**
 * The providers are reached only through their settings (decision 0086): the stand-ins run outside the
 * server, and `npm start` and the tests configure the server for them as for Stripe, a mail relay and
 * Twilio. Without settings the server sends nothing and takes no card, and says so.
 */
describe('the provider settings', () => {
  const base = { NODE_ENV: 'test', DATA_DIR: '/tmp/x' };
  const twilio = { TWILIO_ACCOUNT_SID: 'AC1', TWILIO_AUTH_TOKEN: 't', TWILIO_API_URL: 'http://127.0.0.1:1' };

  it('name the stand-ins among the configured providers, and nothing else', () => {
    expect(loadConfig(base).delivery.standIns).toEqual({ smtp: false, sms: false });
    const both = loadConfig({ ...base, ...twilio, SMTP_URL: 'smtp://127.0.0.1:2', STAND_INS: 'smtp,sms' });
    expect(both.delivery.standIns).toEqual({ smtp: true, sms: true });
    expect(() => loadConfig({ ...base, STAND_INS: 'sms' })).toThrow(/STAND_INS names sms/);
    expect(() => loadConfig({ ...base, STAND_INS: 'smtp' })).toThrow(/STAND_INS names smtp/);
    expect(() => loadConfig({ ...base, ...twilio, STAND_INS: 'stripe' })).toThrow(/STAND_INS/);
  });

  it("take Stripe.js from elsewhere only when told, with Stripe's keys", () => {
    const keys = { STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_PUBLISHABLE_KEY: 'pk_test_1' };
    expect(loadConfig({ ...base, ...keys }).payments.stripe?.jsUrl).toBeUndefined();
    expect(
      loadConfig({ ...base, ...keys, STRIPE_JS_URL: 'http://127.0.0.1:3/v3/' }).payments.stripe?.jsUrl,
    ).toBe('http://127.0.0.1:3/v3/');
    expect(loadConfig({ ...base, STRIPE_JS_URL: 'http://127.0.0.1:3/v3/' }).payments.stripe).toBeUndefined();
  });
});

describe(`a server without providers on ${TEST_ENGINE}`, () => {
  let t: TestApp;
  let call: ReturnType<typeof api>;

  beforeAll(async () => {
    t = await createTestApp({ standIns: false });
    call = api(t, {
      hay: await t.login('hay@demo.emberwatch'),
      admin: await t.login('admin@demo.emberwatch'),
      renew: await t.login('renew@demo.emberwatch'),
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("starts no stand-in of its own: an alert's SMS and e-mail fail, saying no sender is configured", async () => {
    const { probes } = await monitoredStorageWithMessaging(t, call, 'hay', 'hay@demo.emberwatch', 'F1000001');
    const now = Math.floor(Date.now() / 1000);
    await ingest(t, 'F1000001', [
      { sensor_id: probes[0]!, meas_ts: now - 60, temperatures: [700, 500, 500] },
    ]);
    await evaluatorOf(t).idle();
    await deliveryOf(t).pump();
    const sent = await t.store.db
      .withTables<DeliveryTables>()
      .selectFrom('delivery_messages')
      .select(['channel', 'status', 'last_error'])
      .where('channel', 'in', ['sms', 'email'])
      .orderBy('channel')
      .execute();
    expect(sent).toEqual([
      { channel: 'email', status: 'failed', last_error: 'No email sender is configured.' },
      { channel: 'sms', status: 'failed', last_error: 'No sms sender is configured.' },
    ]);
    const outbox = (await call.get('admin', '/admin/getOutbox')).json<OutboxResponse>();
    expect(outbox.senders).toEqual({ email: 'smtp', sms: 'twilio' });
    const reply = await call.post('admin', '/admin/fakeSmsReply', { from: '+358401234567', body: 'OK' });
    expect(reply.statusCode).toBe(400);
  });

  it('offers no Stripe.js and takes no card', async () => {
    // The demo's card-paying farm, whose plan runs out soon.
    const offer = (await call.get('renew', '/client/getUpgradeInfo')).json<UpgradeInfo>();
    expect(offer).toMatchObject({ mode: 'card', id: '', stripeJs: null });
    const csp = String(
      (await t.app.inject({ method: 'GET', url: '/health' })).headers['content-security-policy'],
    );
    expect(csp).not.toContain('stripe.com');
    const plan = offer.prices.find((p) => p.name === 'plan')!;
    const charge = await call.post('renew', '/charge', {
      stripeToken: 'pm_1',
      customerName: 'Renew Farm',
      receiptEmail: 'renew@example.com',
      price: orderTotals([{ price: plan.price }], offer.taxRate).cents,
      currency: offer.currency,
      planRenewal: offer.renewal,
    });
    expect(charge.statusCode, charge.body).toBe(503);
  });
});
