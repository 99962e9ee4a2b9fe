import { startLocalSmtpServer, type LocalSmtpServer } from './smtp/localSmtpServer.js';
import { startFakeSmsProvider, type FakeSmsProvider } from './sms/fakeSmsProvider.js';
import { startFakeSimOperator, type FakeSimOperator } from './sim-operator/fakeSimOperator.js';
import { startFakeStripe, type FakeStripe } from './stripe/fakeStripe.js';

export const STAND_IN_NAMES = ['stripe', 'smtp', 'sms', 'sim-operator'] as const;
export type StandInName = (typeof STAND_IN_NAMES)[number];

export interface StandInOptions {
  /** The address they listen on; 127.0.0.1 by default. */
  host?: string;
  /** A port for each (0 or missing: any free one). */
  ports?: Partial<Record<StandInName, number>>;
  /** Where the fake Stripe posts its events: the server's /stripe/webhook. */
  stripeWebhookUrl?: string | null;
  /** Where the fake SIM operator posts its state changes: the server's /telia/API. */
  simCallbackUrl?: string | null;
}

export interface StandIns {
  stripe?: FakeStripe;
  smtp?: LocalSmtpServer;
  sms?: FakeSmsProvider;
  'sim-operator'?: FakeSimOperator;
  /**
   * The server's environment for them: the same variables that point it at the real providers
   * (README "Configuration"), and STAND_INS naming the delivery stand-ins whose play calls the admin's
   * Outbox may use (decision 0086).
   */
  env: Record<string, string>;
  /** Where each listens, for people. */
  urls: Partial<Record<StandInName, string>>;
  close(): Promise<void>;
}

/** Starts the stand-ins named, each on its own port, and says how the server reaches them. */
export async function startStandIns(
  names: readonly StandInName[] = STAND_IN_NAMES,
  options: StandInOptions = {},
): Promise<StandIns> {
  const started: { close(): Promise<void> }[] = [];
  const out: StandIns = {
    env: {},
    urls: {},
    close: async () => {
      await Promise.all(started.map((s) => s.close()));
    },
  };
  const port = (name: StandInName) => options.ports?.[name] ?? 0;
  try {
    if (names.includes('stripe')) {
      const stripe = await startFakeStripe({
        port: port('stripe'),
        host: options.host,
        webhookUrl: options.stripeWebhookUrl ?? null,
      });
      started.push(stripe);
      out.stripe = stripe;
      out.urls.stripe = stripe.apiBase;
      Object.assign(out.env, {
        STRIPE_SECRET_KEY: stripe.secretKey,
        STRIPE_PUBLISHABLE_KEY: stripe.publishableKey,
        STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
        STRIPE_API_BASE: stripe.apiBase,
        STRIPE_JS_URL: stripe.stripeJsUrl,
      });
    }
    if (names.includes('smtp')) {
      const smtp = await startLocalSmtpServer({ port: port('smtp'), host: options.host });
      started.push(smtp);
      out.smtp = smtp;
      out.urls.smtp = smtp.url;
      out.env.SMTP_URL = smtp.url;
    }
    if (names.includes('sms')) {
      const sms = await startFakeSmsProvider({ port: port('sms'), host: options.host });
      started.push(sms);
      out.sms = sms;
      out.urls.sms = sms.apiUrl;
      Object.assign(out.env, {
        TWILIO_API_URL: sms.apiUrl,
        TWILIO_ACCOUNT_SID: sms.accountSid,
        TWILIO_AUTH_TOKEN: sms.authToken,
      });
    }
    if (names.includes('sim-operator')) {
      const sim = await startFakeSimOperator({
        port: port('sim-operator'),
        host: options.host,
        callbackUrl: options.simCallbackUrl ?? null,
      });
      started.push(sim);
      out['sim-operator'] = sim;
      out.urls['sim-operator'] = sim.apiUrl;
      Object.assign(out.env, {
        SIM_OPERATOR_API_URL: sim.apiUrl,
        SIM_OPERATOR_API_KEY: sim.apiKey,
        SIM_OPERATOR_CALLBACK_SECRET: sim.callbackSecret,
      });
    }
  } catch (err) {
    await out.close();
    throw err;
  }
  const delivery = (['smtp', 'sms'] as const).filter((n) => names.includes(n));
  if (delivery.length > 0) out.env.STAND_INS = delivery.join(',');
  return out;
}
