import { createServer } from 'node:http';
import nodemailer from 'nodemailer';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { parseCli } from '../src/parseCli.js';
import { startStandIns } from '../src/index.js';

describe('startStandIns', () => {
  it("starts the ones named and gives the server the real providers' settings for them", async () => {
    const standIns = await startStandIns(['smtp', 'stripe']);
    try {
      expect(standIns.sms).toBeUndefined();
      expect(Object.keys(standIns.env).sort()).toEqual([
        'SMTP_URL',
        'STAND_INS',
        'STRIPE_API_BASE',
        'STRIPE_JS_URL',
        'STRIPE_PUBLISHABLE_KEY',
        'STRIPE_SECRET_KEY',
        'STRIPE_WEBHOOK_SECRET',
      ]);
      expect(standIns.env.STAND_INS).toBe('smtp');
      // The SMTP_URL takes a mail as a relay would.
      const transport = nodemailer.createTransport({ url: standIns.env.SMTP_URL });
      await transport.sendMail({ from: 'a@x.test', to: 'b@x.test', subject: 'Hot stack', text: '61 °C' });
      transport.close();
      expect(standIns.smtp!.mails()).toMatchObject([{ from: 'a@x.test', to: ['b@x.test'] }]);
      // The Stripe settings are what the official SDK needs, as the server's stripeClient uses them.
      const api = new URL(standIns.env.STRIPE_API_BASE!);
      const sdk = new Stripe(standIns.env.STRIPE_SECRET_KEY!, {
        host: api.hostname,
        port: api.port,
        protocol: 'http',
        maxNetworkRetries: 0,
      });
      const intent = await sdk.paymentIntents.create({ amount: 1000, currency: 'eur' });
      expect(intent.status).toBe('requires_payment_method');
      expect((await fetch(standIns.env.STRIPE_JS_URL!)).headers.get('content-type')).toContain('javascript');
    } finally {
      await standIns.close();
    }
  });

  it("posts the fake Stripe's events to the webhook, signed with the secret the server is given", async () => {
    let received: (v: { body: string; signature: string }) => void = () => undefined;
    const event = new Promise<{ body: string; signature: string }>((resolve) => (received = resolve));
    const hook = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        res.writeHead(200).end();
        received({
          body: Buffer.concat(chunks).toString('utf8'),
          signature: String(req.headers['stripe-signature']),
        });
      });
    });
    await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', () => resolve()));
    const address = hook.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const standIns = await startStandIns(['stripe'], {
      stripeWebhookUrl: `http://127.0.0.1:${port}/stripe/webhook`,
    });
    try {
      const api = new URL(standIns.env.STRIPE_API_BASE!);
      const sdk = new Stripe(standIns.env.STRIPE_SECRET_KEY!, {
        host: api.hostname,
        port: api.port,
        protocol: 'http',
        maxNetworkRetries: 0,
      });
      const pm = await fetch(`${standIns.env.STRIPE_API_BASE}/v1/payment_methods`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${standIns.env.STRIPE_PUBLISHABLE_KEY}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams({
          type: 'card',
          'card[number]': '4242424242424242',
          'card[exp_month]': '12',
          'card[exp_year]': String(new Date().getUTCFullYear() + 2),
          'card[cvc]': '123',
        }),
      });
      const { id } = (await pm.json()) as { id: string };
      await sdk.paymentIntents.create({ amount: 2000, currency: 'eur', payment_method: id, confirm: true });
      const { body, signature } = await event;
      const verified = sdk.webhooks.constructEvent(body, signature, standIns.env.STRIPE_WEBHOOK_SECRET!);
      expect(verified.type).toBe('payment_intent.succeeded');
    } finally {
      await standIns.close();
      await new Promise<void>((resolve) => hook.close(() => resolve()));
    }
  });
});

describe('the command line', () => {
  it('starts all four without a name, and the ones named in a fixed order', () => {
    expect(parseCli([])).toMatchObject({
      options: { names: ['stripe', 'smtp', 'sms', 'sim-operator'], json: false },
    });
    expect(parseCli(['sms', 'stripe', '--json'])).toMatchObject({
      options: { names: ['stripe', 'sms'], json: true },
    });
  });

  it('takes a host, fixed ports and the webhook address', () => {
    expect(
      parseCli([
        '--host',
        '0.0.0.0',
        '--smtp-port',
        '2525',
        '--stripe-webhook',
        'http://127.0.0.1:8080/stripe/webhook',
        '--sim-callback',
        'http://127.0.0.1:8080/telia/API',
        '--sim-operator-port',
        '7070',
        '--exit-with-stdin',
      ]),
    ).toEqual({
      options: {
        names: ['stripe', 'smtp', 'sms', 'sim-operator'],
        host: '0.0.0.0',
        ports: { smtp: 2525, 'sim-operator': 7070 },
        stripeWebhookUrl: 'http://127.0.0.1:8080/stripe/webhook',
        simCallbackUrl: 'http://127.0.0.1:8080/telia/API',
        json: false,
        exitWithStdin: true,
      },
    });
  });

  it('refuses what it does not know rather than guess', () => {
    const error = (args: string[]) => {
      const parsed = parseCli(args);
      return 'error' in parsed ? parsed.error : null;
    };
    expect(error(['twilio'])).toContain("Unknown argument 'twilio'");
    expect(error(['--sms-port', '70000'])).toContain('a port is a whole number');
    expect(error(['--sms-port'])).toBe('--sms-port needs a value');
    expect(error(['--stripe-webhook', 'ftp://x'])).toContain('is not an http(s) URL');
    expect(parseCli(['--help'])).toEqual({ help: true });
  });
});
