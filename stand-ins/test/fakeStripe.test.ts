import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { luhnValid, startFakeStripe, stripeSignature, type FakeStripe } from '../src/index.js';

/**
 * The local fake of Stripe (decision 0056) as the official SDK and the browser see it: Stripe's test
 * cards (https://docs.stripe.com/testing), keys, client secrets and webhook signatures.
 */
describe('the fake Stripe', () => {
  let fake: FakeStripe;
  let sdk: Stripe;
  const year = new Date().getUTCFullYear() + 2;
  const card = (number: string, key = fake.publishableKey) =>
    fetch(`${fake.apiBase}/v1/payment_methods`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        type: 'card',
        'card[number]': number,
        'card[exp_month]': '12',
        'card[exp_year]': String(year),
        'card[cvc]': '123',
      }),
    });

  beforeAll(async () => {
    fake = await startFakeStripe();
    const port = new URL(fake.apiBase).port;
    sdk = new Stripe(fake.secretKey, { host: '127.0.0.1', port, protocol: 'http', maxNetworkRetries: 0 });
  });
  afterAll(async () => {
    await fake.close();
  });

  it('refuses a card number that fails the Luhn check, as Stripe does', async () => {
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    const res = await card('4242424242424241');
    expect(res.status).toBe(402);
    expect(await res.json()).toMatchObject({ error: { type: 'card_error', code: 'incorrect_number' } });
  });

  it('keeps payment intents to the secret key', async () => {
    const res = await fetch(`${fake.apiBase}/v1/payment_intents`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${fake.publishableKey}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ amount: '1000', currency: 'eur' }),
    });
    expect(res.status).toBe(401);
    await expect(
      new Stripe('sk_test_wrong', {
        host: '127.0.0.1',
        port: new URL(fake.apiBase).port,
        protocol: 'http',
      }).paymentIntents.create({ amount: 1000, currency: 'eur' }),
    ).rejects.toMatchObject({ type: 'StripeAuthenticationError' });
  });

  it.each([
    ['4242424242424242', 'succeeded', null],
    ['4000000000000002', 'card_declined', 'generic_decline'],
    ['4000000000009995', 'card_declined', 'insufficient_funds'],
    ['4000000000000069', 'expired_card', 'expired_card'],
    ['4000000000000127', 'incorrect_cvc', 'incorrect_cvc'],
    ['4000002500003155', 'requires_action', null],
    ['4000000000003220', 'requires_action', null],
  ])('confirms %s: %s', async (number, outcome, declineCode) => {
    const pm = ((await (await card(number)).json()) as { id: string }).id;
    const intent = await sdk.paymentIntents.create({
      amount: 2000,
      currency: 'eur',
      payment_method: pm,
      confirmation_method: 'manual',
    });
    try {
      const confirmed = await sdk.paymentIntents.confirm(intent.id);
      expect(confirmed.status).toBe(outcome);
      if (outcome === 'requires_action') expect(confirmed.next_action?.type).toBe('use_stripe_sdk');
    } catch (err) {
      expect(err).toMatchObject({ type: 'StripeCardError', code: outcome, decline_code: declineCode });
      expect((await sdk.paymentIntents.retrieve(intent.id)).status).toBe('requires_payment_method');
    }
  });

  it('shows an intent to the publishable key only with its client secret', async () => {
    const intent = await sdk.paymentIntents.create({ amount: 2000, currency: 'eur' });
    const get = (secret: string) =>
      fetch(`${fake.apiBase}/v1/payment_intents/${intent.id}?client_secret=${encodeURIComponent(secret)}`, {
        headers: { authorization: `Bearer ${fake.publishableKey}` },
      });
    expect((await get(intent.client_secret!)).status).toBe(200);
    expect((await get(`${intent.id}_secret_nope`)).status).toBe(404);
  });

  it('signs its webhook events so that the SDK verifies them', () => {
    const payload = JSON.stringify({
      id: 'evt_1',
      object: 'event',
      type: 'payment_intent.succeeded',
      data: { object: {} },
    });
    const event = sdk.webhooks.constructEvent(
      payload,
      stripeSignature(fake.webhookSecret, payload),
      fake.webhookSecret,
    );
    expect(event.type).toBe('payment_intent.succeeded');
    expect(() =>
      sdk.webhooks.constructEvent(payload, stripeSignature('whsec_other', payload), fake.webhookSecret),
    ).toThrow();
  });
});
