import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';

export type { Stripe, StripeCardElement } from '@stripe/stripe-js';

let standIn: Promise<void> | null = null;

/** Loads a script once (the local stand-in for Stripe.js); a failed load may be tried again. */
function injectScript(src: string): Promise<void> {
  standIn ??= new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      standIn = null;
      script.remove();
      reject(new Error('The payment provider could not be loaded.'));
    };
    document.head.appendChild(script);
  });
  return standIn;
}

/**
 * Stripe.js through Stripe's own loader (`loadStripe`). Where js.stripe.com is not used — the
 * server's local fake names its stand-in in `stripeJs` — the stand-in is put on the page first, so
 * that `window.Stripe` exists and loadStripe takes it instead of fetching Stripe's (decision 0056).
 */
export async function loadPaymentProvider(publishableKey: string, stripeJs: string | null): Promise<Stripe> {
  if (stripeJs && !(window as { Stripe?: unknown }).Stripe) await injectScript(stripeJs);
  const stripe = await loadStripe(publishableKey);
  if (!stripe) throw new Error('The payment provider could not be loaded.');
  return stripe;
}
