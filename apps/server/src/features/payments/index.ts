import type { Language } from '@emberwatch/shared/contracts/preferences';
import { LANGUAGES } from '@emberwatch/shared/contracts/preferences';
import type { Authenticate } from '../../http/authenticate.js';
import { defineFeature } from '../../kernel/FeatureModule.js';
import type { Kernel } from '../../kernel/Kernel.js';
import type { AccessService } from '../../http/access/index.js';
import { writeInvoicePdf } from './invoicePdf.js';
import { PaymentsRepository } from './payments.repository.js';
import { paymentsRoutes } from './payments.routes.js';
import { PaymentsService, type InvoiceMail, type StoredOrder } from './payments.service.js';
import { stripeClient, type Stripe } from './stripeClient.js';
import { startFakeStripe, type FakeStripe } from './stripeFake/fakeStripe.js';

export type { FakeStripe } from './stripeFake/fakeStripe.js';
export { seedDemoPayments, DEMO_PAYMENTS_ACCOUNT } from './seedDemoPayments.js';

/** Stripe's own origins, for the web app's Content-Security-Policy with real Stripe. */
const STRIPE_SOURCES = {
  scriptSrc: ['https://js.stripe.com'],
  connectSrc: ['https://api.stripe.com'],
  frameSrc: ['https://js.stripe.com', 'https://hooks.stripe.com'],
};

/**
 * Payments and renewals (issue 14 item 4, decision 0056): card payments through the official Stripe SDK
 * — against Stripe when STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY are set, otherwise against the
 * local fake started here (as delivery starts its SMTP and SMS stand-ins) — invoice orders for
 * supervisors with an invoice PDF e-mailed through the delivery outbox, and Stripe's signed webhook.
 */
export function paymentsFeature(
  kernel: Kernel,
  deps: {
    access: AccessService;
    authenticate: Authenticate;
    /** Sends an e-mail through the delivery outbox. */
    sendEmail: (m: InvoiceMail) => Promise<void>;
  },
) {
  const config = kernel.config.payments;
  let fake: FakeStripe | undefined;
  let client: Stripe | undefined;
  const stripe = () => {
    if (!client) {
      if (config.stripe) client = stripeClient(config.stripe.secretKey, config.stripe.apiBase);
      else if (fake) client = stripeClient(fake.secretKey, fake.apiBase);
      else throw new Error('payments: the Stripe client is used before the feature started');
    }
    return client;
  };
  const repo = new PaymentsRepository(kernel.store.db);
  const payments = new PaymentsService(
    repo,
    deps.access,
    stripe,
    {
      publishableKey: () => config.stripe?.publishableKey ?? fake?.publishableKey ?? '',
      stripeJs: () => (config.stripe ? null : (fake?.stripeJsUrl ?? null)),
      webhookSecret: () => config.stripe?.webhookSecret ?? fake?.webhookSecret,
    },
    kernel.nowS,
    {
      send: deps.sendEmail,
      publicUrl: kernel.config.delivery.publicUrl,
      pdf: (order, account) =>
        writeInvoicePdf({
          invoiceNumber: order.invoice_number ?? String(order.id),
          createdTs: order.created_ts,
          order: JSON.parse(order.order_json) as StoredOrder,
          billing: order.billing_json ? (JSON.parse(order.billing_json) as Record<string, string>) : {},
          seller: config.invoiceSeller,
          language: (LANGUAGES as readonly string[]).includes(account.language)
            ? (account.language as Language)
            : 'en',
        }),
    },
  );

  return defineFeature({
    name: 'payments',
    start: async () => {
      if (config.stripe) return;
      fake = await startFakeStripe();
      // The fake posts its events to our webhook as Stripe would (not in tests: nothing listens there).
      if (kernel.config.env !== 'test')
        fake.setWebhookTarget(`${kernel.config.delivery.publicUrl}/stripe/webhook`);
    },
    stop: async () => {
      await fake?.close();
    },
    routes: paymentsRoutes({ authenticate: deps.authenticate, payments }),
    contentSources: () =>
      config.stripe
        ? STRIPE_SOURCES
        : fake
          ? { scriptSrc: [fake.apiBase], connectSrc: [fake.apiBase], frameSrc: [fake.apiBase] }
          : {},
    exports: {
      /** The local fake, when running (tests play the 3-D Secure challenge and read its events). */
      fakeStripe: () => fake,
    },
  });
}
