import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { httpBase } from '../address.js';
import { readBody } from '../readBody.js';
import { obj, parseStripeForm, str, type Form } from './formBody.js';
import { challengePage } from './challengePage.js';
import { stripeJsStandIn } from './stripeJsStandIn.js';
import { brandOf, cardOutcome, luhnValid } from './testCards.js';

/** A card as the fake keeps it: the number stays inside the fake (as it stays inside Stripe). */
interface FakePaymentMethod {
  id: string;
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
  billingDetails: Form;
  created: number;
}

interface FakeIntent {
  id: string;
  clientSecret: string;
  amount: number;
  currency: string;
  status:
    | 'requires_payment_method'
    | 'requires_confirmation'
    | 'requires_action'
    | 'processing'
    | 'succeeded'
    | 'canceled';
  confirmationMethod: 'automatic' | 'manual';
  paymentMethod: string | null;
  metadata: Form;
  description: string | null;
  receiptEmail: string | null;
  /** 3-D Secure done for the current payment method. */
  authenticated: boolean;
  lastPaymentError: StripeErrorBody | null;
  created: number;
}

interface StripeErrorBody {
  type: 'card_error' | 'invalid_request_error' | 'api_error' | 'authentication_error';
  code?: string;
  decline_code?: string;
  message: string;
  param?: string;
}

class FakeError extends Error {
  constructor(
    readonly status: number,
    readonly body: StripeErrorBody,
    readonly intent?: FakeIntent,
  ) {
    super(body.message);
  }
}

export interface FakeStripeOptions {
  /** 0 (the default): any free port. */
  port?: number;
  /** The address to listen on; 127.0.0.1 by default (nothing outside this machine reaches it). */
  host?: string;
  /** Where events are posted (the server's /stripe/webhook), as a Stripe webhook endpoint; none by default. */
  webhookUrl?: string | null;
}

export interface FakeStripe {
  /** Where the SDK is pointed (STRIPE_API_BASE): http://127.0.0.1:port. */
  apiBase: string;
  secretKey: string;
  publishableKey: string;
  /** The Stripe.js stand-in's address (STRIPE_JS_URL). */
  stripeJsUrl: string;
  /** The secret the fake signs its webhook events with (whsec_…). */
  webhookSecret: string;
  /** Sends events for payment intents that succeed or fail to this address (as a Stripe endpoint). */
  setWebhookTarget(url: string | null): void;
  /** Events sent so far, newest last. */
  events(): { type: string; intentId: string; status: number | null }[];
  /** Plays the person at the 3-D Secure challenge (tests; the browser uses the challenge page). */
  authenticate(intentId: string, outcome: 'complete' | 'fail'): void;
  intent(intentId: string): { status: string; amount: number; currency: string } | undefined;
  close(): Promise<void>;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const nowS = () => Math.floor(Date.now() / 1000);

/** Stripe's webhook signature scheme: t=<ts>,v1=HMAC-SHA256(secret, "<ts>.<payload>"). */
export function stripeSignature(secret: string, payload: string, t = nowS()): string {
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${payload}`).digest('hex')}`;
}

/**
 * A local stand-in for the part of Stripe's API this product uses (issue 14 item 4, decision 0056):
 * payment methods (made by the browser with the publishable key), payment intents (create, retrieve,
 * confirm; manual confirmation), 3-D Secure through a challenge page like Stripe's test one, webhook
 * events signed as Stripe signs them, and a stand-in for Stripe.js served at /v3/. It behaves as Stripe
 * does in test mode: the documented test cards decline with Stripe's codes or ask for authentication.
 * `npm start`, `npm run dev` and the tests run it when no Stripe keys are configured and hand the
 * server its address and keys as they would Stripe's (decision 0086); nothing leaves the machine.
 */
export async function startFakeStripe(options: FakeStripeOptions = {}): Promise<FakeStripe> {
  const { port = 0, host = '127.0.0.1' } = options;
  const secretKey = `sk_test_fake${randomBytes(12).toString('hex')}`;
  const publishableKey = `pk_test_fake${randomBytes(12).toString('hex')}`;
  const webhookSecret = `whsec_fake${randomBytes(16).toString('hex')}`;
  const methods = new Map<string, FakePaymentMethod>();
  const intents = new Map<string, FakeIntent>();
  const idempotent = new Map<string, { status: number; body: string }>();
  const sent: { type: string; intentId: string; status: number | null }[] = [];
  let webhookTarget: string | null = options.webhookUrl ?? null;
  let base = '';

  const presentMethod = (m: FakePaymentMethod) => ({
    id: m.id,
    object: 'payment_method',
    type: 'card',
    billing_details: m.billingDetails,
    card: { brand: brandOf(m.number), last4: m.number.slice(-4), exp_month: m.expMonth, exp_year: m.expYear },
    created: m.created,
    livemode: false,
  });

  const presentIntent = (pi: FakeIntent) => ({
    id: pi.id,
    object: 'payment_intent',
    amount: pi.amount,
    amount_received: pi.status === 'succeeded' ? pi.amount : 0,
    currency: pi.currency,
    status: pi.status,
    client_secret: pi.clientSecret,
    confirmation_method: pi.confirmationMethod,
    payment_method: pi.paymentMethod,
    payment_method_types: ['card'],
    metadata: pi.metadata,
    description: pi.description,
    receipt_email: pi.receiptEmail,
    last_payment_error: pi.lastPaymentError,
    next_action:
      pi.status === 'requires_action'
        ? {
            type: 'use_stripe_sdk',
            use_stripe_sdk: {
              type: 'three_d_secure_redirect',
              stripe_js: `${base}/3ds/${pi.id}?client_secret=${encodeURIComponent(pi.clientSecret)}`,
            },
          }
        : null,
    created: pi.created,
    livemode: false,
  });

  const sendEvent = (type: string, pi: FakeIntent) => {
    if (!webhookTarget) return;
    const record: { type: string; intentId: string; status: number | null } = {
      type,
      intentId: pi.id,
      status: null,
    };
    sent.push(record);
    const payload = JSON.stringify({
      id: id('evt'),
      object: 'event',
      type,
      api_version: '2026-10-28.endive',
      created: nowS(),
      livemode: false,
      data: { object: presentIntent(pi) },
    });
    void fetch(webhookTarget, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': stripeSignature(webhookSecret, payload),
      },
      body: payload,
    })
      .then(async (res) => {
        record.status = res.status;
        await res.arrayBuffer();
      })
      .catch(() => (record.status = 0));
  };

  const authKey = (req: IncomingMessage, form: Form): string | undefined => {
    const h = req.headers.authorization;
    if (h?.startsWith('Bearer ')) return h.slice(7);
    return str(form, 'key');
  };

  const intentFor = (intentId: string, key: string | undefined, clientSecret: string | undefined) => {
    const pi = intents.get(intentId);
    if (!pi)
      throw new FakeError(404, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        message: `No such payment_intent: '${intentId}'`,
        param: 'intent',
      });
    // The publishable key reaches an intent only with its client secret (as Stripe.js does).
    if (key !== secretKey && clientSecret !== pi.clientSecret)
      throw new FakeError(404, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        message: `No such payment_intent: '${intentId}'`,
      });
    return pi;
  };

  /** Runs the card of an intent being confirmed: paid, declined, or 3-D Secure first. */
  const attempt = (pi: FakeIntent) => {
    const m = pi.paymentMethod ? methods.get(pi.paymentMethod) : undefined;
    if (!m)
      throw new FakeError(400, {
        type: 'invalid_request_error',
        code: 'payment_intent_unexpected_state',
        message:
          "You cannot confirm this PaymentIntent because it's missing a payment method. Update the PaymentIntent with a payment method and then confirm it again.",
      });
    const outcome = cardOutcome(m.number);
    if (outcome.kind === 'authenticate' && !pi.authenticated) {
      pi.status = 'requires_action';
      return;
    }
    if (outcome.kind === 'decline') {
      const error: StripeErrorBody = {
        type: 'card_error',
        code: outcome.code,
        decline_code: outcome.declineCode,
        message: outcome.message,
      };
      pi.status = 'requires_payment_method';
      pi.lastPaymentError = error;
      pi.paymentMethod = null;
      sendEvent('payment_intent.payment_failed', pi);
      throw new FakeError(402, error, pi);
    }
    pi.status = 'succeeded';
    pi.lastPaymentError = null;
    sendEvent('payment_intent.succeeded', pi);
  };

  const api = (req: IncomingMessage, url: URL, form: Form): [number, object] => {
    const key = authKey(req, form);
    if (key !== secretKey && key !== publishableKey)
      throw new FakeError(401, {
        type: 'authentication_error',
        message: 'Invalid API Key provided.',
      });
    const secretOnly = () => {
      if (key !== secretKey)
        throw new FakeError(401, {
          type: 'invalid_request_error',
          message: 'This API call cannot be made with a publishable API key. Please use a secret API key.',
        });
    };
    const path = url.pathname.replace(/\/+$/, '');
    let m: RegExpExecArray | null;

    if (req.method === 'POST' && path === '/v1/payment_methods') {
      const card = obj(form, 'card') ?? {};
      const number = (str(card, 'number') ?? '').replace(/\s+/g, '');
      const expMonth = Number(str(card, 'exp_month'));
      const rawYear = Number(str(card, 'exp_year'));
      const expYear = rawYear < 100 ? 2000 + rawYear : rawYear;
      const cvc = str(card, 'cvc') ?? '';
      const fail = (code: string, message: string, param: string) => {
        throw new FakeError(402, { type: 'card_error', code, message, param: `card[${param}]` });
      };
      if (!luhnValid(number)) fail('incorrect_number', 'Your card number is incorrect.', 'number');
      if (!Number.isInteger(expMonth) || expMonth < 1 || expMonth > 12)
        fail('invalid_expiry_month', "Your card's expiration month is invalid.", 'exp_month');
      const now = new Date();
      if (
        !Number.isInteger(expYear) ||
        expYear < now.getUTCFullYear() ||
        (expYear === now.getUTCFullYear() && expMonth < now.getUTCMonth() + 1) ||
        expYear > now.getUTCFullYear() + 50
      )
        fail('invalid_expiry_year', "Your card's expiration year is invalid.", 'exp_year');
      if (!/^\d{3,4}$/.test(cvc)) fail('invalid_cvc', "Your card's security code is invalid.", 'cvc');
      const pm: FakePaymentMethod = {
        id: id('pm'),
        number,
        expMonth,
        expYear,
        cvc,
        billingDetails: obj(form, 'billing_details') ?? {},
        created: nowS(),
      };
      methods.set(pm.id, pm);
      return [200, presentMethod(pm)];
    }
    if (req.method === 'GET' && (m = /^\/v1\/payment_methods\/([^/]+)$/.exec(path))) {
      secretOnly();
      const pm = methods.get(m[1]!);
      if (!pm)
        throw new FakeError(404, {
          type: 'invalid_request_error',
          code: 'resource_missing',
          message: `No such PaymentMethod: '${m[1]}'`,
        });
      return [200, presentMethod(pm)];
    }
    if (req.method === 'POST' && path === '/v1/payment_intents') {
      secretOnly();
      const amount = Number(str(form, 'amount'));
      const currency = (str(form, 'currency') ?? '').toLowerCase();
      if (!Number.isInteger(amount) || amount < 50)
        throw new FakeError(400, {
          type: 'invalid_request_error',
          code: 'amount_too_small',
          message: 'Amount must be at least 50 cents',
          param: 'amount',
        });
      if (!/^[a-z]{3}$/.test(currency))
        throw new FakeError(400, {
          type: 'invalid_request_error',
          code: 'parameter_missing',
          message: 'Missing required param: currency.',
          param: 'currency',
        });
      const pmId = str(form, 'payment_method') ?? null;
      if (pmId && !methods.has(pmId))
        throw new FakeError(400, {
          type: 'invalid_request_error',
          code: 'resource_missing',
          message: `No such PaymentMethod: '${pmId}'`,
          param: 'payment_method',
        });
      const piId = id('pi');
      const pi: FakeIntent = {
        id: piId,
        clientSecret: `${piId}_secret_${randomBytes(12).toString('hex')}`,
        amount,
        currency,
        status: pmId ? 'requires_confirmation' : 'requires_payment_method',
        confirmationMethod: str(form, 'confirmation_method') === 'manual' ? 'manual' : 'automatic',
        paymentMethod: pmId,
        metadata: obj(form, 'metadata') ?? {},
        description: str(form, 'description') ?? null,
        receiptEmail: str(form, 'receipt_email') ?? null,
        authenticated: false,
        lastPaymentError: null,
        created: nowS(),
      };
      intents.set(pi.id, pi);
      if (str(form, 'confirm') === 'true') attempt(pi);
      return [200, presentIntent(pi)];
    }
    if (req.method === 'GET' && (m = /^\/v1\/payment_intents\/([^/]+)$/.exec(path))) {
      const pi = intentFor(m[1]!, key, url.searchParams.get('client_secret') ?? undefined);
      return [200, presentIntent(pi)];
    }
    if (req.method === 'POST' && (m = /^\/v1\/payment_intents\/([^/]+)\/confirm$/.exec(path))) {
      const pi = intentFor(m[1]!, key, str(form, 'client_secret'));
      if (pi.confirmationMethod === 'manual' && key !== secretKey)
        throw new FakeError(400, {
          type: 'invalid_request_error',
          code: 'payment_intent_invalid_parameter',
          message: 'This PaymentIntent uses manual confirmation: confirm it with your secret key.',
        });
      if (pi.status === 'succeeded' || pi.status === 'canceled' || pi.status === 'processing')
        throw new FakeError(400, {
          type: 'invalid_request_error',
          code: 'payment_intent_unexpected_state',
          message: `This PaymentIntent's status is ${pi.status}, so it cannot be confirmed.`,
        });
      const pmId = str(form, 'payment_method');
      if (pmId) {
        if (!methods.has(pmId))
          throw new FakeError(400, {
            type: 'invalid_request_error',
            code: 'resource_missing',
            message: `No such PaymentMethod: '${pmId}'`,
          });
        if (pmId !== pi.paymentMethod) pi.authenticated = false;
        pi.paymentMethod = pmId;
      }
      attempt(pi);
      return [200, presentIntent(pi)];
    }
    throw new FakeError(404, {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${req.method}: ${path}).`,
    });
  };

  const authenticate = (intentId: string, outcome: 'complete' | 'fail') => {
    const pi = intents.get(intentId);
    if (!pi || pi.status !== 'requires_action') return;
    if (outcome === 'complete') {
      pi.authenticated = true;
      // A manually confirmed intent goes back to the server to be confirmed; an automatic one is paid.
      if (pi.confirmationMethod === 'manual') pi.status = 'requires_confirmation';
      else attempt(pi);
    } else {
      pi.status = 'requires_payment_method';
      pi.paymentMethod = null;
      pi.lastPaymentError = {
        type: 'invalid_request_error',
        code: 'payment_intent_authentication_failure',
        message:
          'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
      };
      sendEvent('payment_intent.payment_failed', pi);
    }
  };

  const send = (res: ServerResponse, status: number, type: string, body: string, extra: object = {}) => {
    res.writeHead(status, {
      'content-type': type,
      'cache-control': 'no-store',
      // Stripe.js and its challenge are used from the web app's origin.
      'access-control-allow-origin': '*',
      'access-control-allow-headers': 'authorization, content-type, idempotency-key, stripe-version',
      'access-control-allow-methods': 'GET, POST, OPTIONS',
      ...extra,
    });
    res.end(body);
  };

  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', base || 'http://127.0.0.1');
      if (req.method === 'OPTIONS') return send(res, 204, 'text/plain', '');
      if (req.method === 'GET' && (url.pathname === '/v3' || url.pathname === '/v3/'))
        return send(res, 200, 'application/javascript; charset=utf-8', stripeJsStandIn(base));
      let m = /^\/3ds\/([^/]+)$/.exec(url.pathname);
      if (req.method === 'GET' && m) {
        const pi = intents.get(m[1]!);
        const ok = pi && url.searchParams.get('client_secret') === pi.clientSecret;
        return send(
          res,
          ok ? 200 : 404,
          'text/html; charset=utf-8',
          challengePage(ok ? pi.amount : 0, pi?.currency ?? ''),
        );
      }
      m = /^\/3ds\/([^/]+)\/(complete|fail)$/.exec(url.pathname);
      if (req.method === 'POST' && m) {
        const pi = intents.get(m[1]!);
        if (!pi || url.searchParams.get('client_secret') !== pi.clientSecret)
          return send(res, 404, 'application/json', '{}');
        authenticate(pi.id, m[2] as 'complete' | 'fail');
        return send(res, 200, 'application/json', JSON.stringify({ status: pi.status }));
      }
      const raw = await readBody(req);
      const form = parseStripeForm(raw);
      const idemKey = req.method === 'POST' ? req.headers['idempotency-key'] : undefined;
      const cacheKey =
        typeof idemKey === 'string' ? `${req.headers.authorization ?? ''} ${url.pathname} ${idemKey}` : null;
      const cached = cacheKey ? idempotent.get(cacheKey) : undefined;
      if (cached)
        return send(res, cached.status, 'application/json', cached.body, { 'idempotent-replayed': 'true' });
      let status: number;
      let body: string;
      try {
        const [s, o] = api(req, url, form);
        status = s;
        body = JSON.stringify(o);
      } catch (err) {
        if (!(err instanceof FakeError)) {
          status = 500;
          body = JSON.stringify({ error: { type: 'api_error', message: 'The fake failed.' } });
        } else {
          status = err.status;
          body = JSON.stringify({
            error: { ...err.body, ...(err.intent ? { payment_intent: presentIntent(err.intent) } : {}) },
          });
        }
      }
      if (cacheKey && status < 500) idempotent.set(cacheKey, { status, body });
      send(res, status, 'application/json', body, {
        'request-id': id('req'),
        'stripe-version': '2026-10-28.endive',
      });
    })().catch(() => {
      if (!res.headersSent) send(res, 500, 'application/json', '{}');
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  base = httpBase(server, host, port);

  return {
    apiBase: base,
    secretKey,
    publishableKey,
    stripeJsUrl: `${base}/v3/`,
    webhookSecret,
    setWebhookTarget: (url) => {
      webhookTarget = url;
    },
    events: () => [...sent],
    authenticate,
    intent: (intentId) => {
      const pi = intents.get(intentId);
      return pi && { status: pi.status, amount: pi.amount, currency: pi.currency };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
