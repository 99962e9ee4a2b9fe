import Stripe from 'stripe';

/**
 * The official Stripe SDK, pointed at Stripe, another Stripe-compatible address (STRIPE_API_BASE), or
 * the local fake (decision 0056). Retries are the SDK's own, with its idempotency keys.
 */
export function stripeClient(secretKey: string, apiBase?: string): Stripe {
  const config: ConstructorParameters<typeof Stripe>[1] = { maxNetworkRetries: 2, timeout: 20_000 };
  if (apiBase) {
    const u = new URL(apiBase);
    config.host = u.hostname;
    config.protocol = u.protocol === 'http:' ? 'http' : 'https';
    config.port = u.port || (u.protocol === 'http:' ? 80 : 443);
  }
  return new Stripe(secretKey, config);
}

export type { Stripe };
