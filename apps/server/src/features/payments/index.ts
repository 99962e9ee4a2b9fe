import type { Language } from '@emberwatch/shared/contracts/preferences';
import { LANGUAGES } from '@emberwatch/shared/contracts/preferences';
import type { Authenticate } from '../../http/authenticate.js';
import { defineFeature } from '../../kernel/FeatureModule.js';
import type { Kernel } from '../../kernel/Kernel.js';
import type { AccessService } from '../../http/access/index.js';
import type { ServerTextCatalog } from '../translations/index.js';
import { writeInvoicePdf } from './invoicePdf.js';
import { PaymentsRepository } from './payments.repository.js';
import { paymentsRoutes } from './payments.routes.js';
import { PaymentsService, type InvoiceMail, type StoredOrder } from './payments.service.js';
import { ApiError } from '../../http/ApiError.js';
import { stripeClient, type Stripe } from './stripeClient.js';

export { seedDemoPayments, DEMO_PAYMENTS_ACCOUNT } from './seedDemoPayments.js';

/** Stripe's own origins, for the web app's Content-Security-Policy with real Stripe. */
const STRIPE_SOURCES = {
  scriptSrc: ['https://js.stripe.com'],
  connectSrc: ['https://api.stripe.com'],
  frameSrc: ['https://js.stripe.com', 'https://hooks.stripe.com'],
};

/** The origin of a URL, as a Content-Security-Policy source. */
const originOf = (url: string) => new URL(url).origin;

/**
 * Payments and renewals (issue 14 item 4, decision 0056): card payments through the official Stripe SDK
 * with STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY — Stripe's, or the local fake's that `npm start`,
 * `npm run dev` and the tests start outside the server and configure like Stripe (decision 0086) —
 * invoice orders for supervisors with an invoice PDF e-mailed through the delivery outbox, and Stripe's
 * signed webhook. Without keys, no card is taken.
 */
export function paymentsFeature(
  kernel: Kernel,
  deps: {
    access: AccessService;
    authenticate: Authenticate;
    /** Sends an e-mail through the delivery outbox. */
    sendEmail: (m: InvoiceMail) => Promise<void>;
    /** The server texts the invoice is worded with (the translations feature's; decision 0107). */
    serverTexts: Pick<ServerTextCatalog, 'texts'>;
  },
) {
  const config = kernel.config.payments;
  let client: Stripe | undefined;
  const stripe = () => {
    if (!config.stripe)
      throw ApiError.unavailable('Card payments are not set up on this server (no STRIPE_SECRET_KEY).');
    client ??= stripeClient(config.stripe.secretKey, config.stripe.apiBase);
    return client;
  };
  const repo = new PaymentsRepository(kernel.store.db);
  const payments = new PaymentsService(
    repo,
    deps.access,
    stripe,
    {
      publishableKey: () => config.stripe?.publishableKey ?? '',
      stripeJs: () => config.stripe?.jsUrl ?? null,
      webhookSecret: () => config.stripe?.webhookSecret,
    },
    kernel.nowS,
    {
      send: deps.sendEmail,
      publicUrl: kernel.config.delivery.publicUrl,
      texts: () => deps.serverTexts.texts(),
      pdf: async (order, account) =>
        writeInvoicePdf({
          invoiceNumber: order.invoice_number ?? String(order.id),
          createdTs: order.created_ts,
          order: JSON.parse(order.order_json) as StoredOrder,
          billing: order.billing_json ? (JSON.parse(order.billing_json) as Record<string, string>) : {},
          seller: config.invoiceSeller,
          language: (LANGUAGES as readonly string[]).includes(account.language)
            ? (account.language as Language)
            : 'en',
          texts: await deps.serverTexts.texts(),
        }),
    },
  );

  return defineFeature({
    name: 'payments',
    routes: (app) => {
      if (!config.stripe)
        app.log.warn(
          'STRIPE_SECRET_KEY is not set: no card is taken (npm start runs a local fake of Stripe)',
        );
      paymentsRoutes({ authenticate: deps.authenticate, payments })(app);
    },
    // Stripe.js from elsewhere (the local stand-in's) loads its API and its challenge from its own origin.
    contentSources: () => {
      if (!config.stripe) return {};
      if (!config.stripe.jsUrl) return STRIPE_SOURCES;
      const origin = originOf(config.stripe.jsUrl);
      return { scriptSrc: [origin], connectSrc: [origin], frameSrc: [origin] };
    },
    exports: {},
  });
}
