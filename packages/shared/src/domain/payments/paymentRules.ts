import type { Plan, PlanName, Service } from '../../contracts/users.js';

/**
 * Payments and renewals (spec doc 2 §3 "Order", §4, §5, §6, §9; doc 1 §7 Payments). The spec fixes
 * the shape (prices with name, months and price; a VAT rate in percent shown with the total; the price
 * sent in cents; renewal within two months of expiry; invoices for supervisors; a support message for
 * service users outside Australia). It gives no amounts: the price list below is ours
 * (docs/decisions/0056-payments.md), one copy for the server (which charges) and the web (which shows).
 */

/** Spec doc 2 §9 "Renewal offered within 2 months of expiry". */
export const RENEWAL_WINDOW_MONTHS = 2;
/** One renewal buys a year of a plan, a SIM's data subscription or the API. */
export const RENEWAL_MONTHS = 12;

/** Spec doc 2 §3 Order "currency (dol shows $, otherwise euro)". */
export type Currency = 'dol' | 'eur';

/** Countries billed in dollars (lower-case ISO codes, as the user's country is stored). */
const DOLLAR_COUNTRIES = new Set(['us', 'ca', 'mx', 'au', 'nz']);

export function currencyOf(country: string | null | undefined): Currency {
  return DOLLAR_COUNTRIES.has((country ?? '').toLowerCase()) ? 'dol' : 'eur';
}

export function currencySymbol(currency: Currency): '$' | '€' {
  return currency === 'dol' ? '$' : '€';
}

/** The provider's currency code for an order's currency. */
export function providerCurrency(currency: Currency): 'usd' | 'eur' {
  return currency === 'dol' ? 'usd' : 'eur';
}

/**
 * VAT (GST in Australia and New Zealand) in percent by the buyer's country: the standard rates of
 * 2026; other countries are billed without tax (an export).
 */
const TAX_RATES: Record<string, number> = {
  fi: 25.5,
  de: 19,
  fr: 20,
  es: 21,
  it: 22,
  nl: 21,
  hr: 25,
  se: 25,
  dk: 25,
  at: 20,
  be: 21,
  ie: 23,
  ee: 24,
  pl: 23,
  au: 10,
  nz: 15,
};

export function taxRateOf(country: string | null | undefined): number {
  return TAX_RATES[(country ?? '').toLowerCase()] ?? 0;
}

/** A year of each plan that is bought (Free is not renewed: it is upgraded). */
export const PLAN_PRICES: Partial<Record<PlanName, number>> = {
  INSIGHT: 149,
  Premium: 199,
  Supervisor: 499,
  'Grain Supervisor': 499,
  Periskop: 299,
  Laundry: 299,
};
/** A year of a base station's SIM data subscription. */
export const SIM_PRICE = 49;
/** A year of the API plan. */
export const API_PRICE = 99;
/** The plan a Free account is offered (spec: upgrade_plan_level, upgrade_plan_name). */
export const UPGRADE_PLAN = { name: 'Premium' as PlanName, level: 2 };

export type PriceName = 'plan' | 'upgrade' | 'sim' | 'api' | 'service';
export interface PriceLine {
  name: PriceName;
  months: number;
  price: number;
}

/** Money to the cent, away from floating-point noise. */
export function roundMoney(amount: number): number {
  return Math.round(amount * 100 + Number.EPSILON * 100) / 100;
}

/** Spec doc 2 §9 "Price sent in cents (amount times 100, rounded)". */
export function toCents(amount: number): number {
  return Math.round(amount * 100);
}

export interface OrderTotals {
  net: number;
  tax: number;
  total: number;
  cents: number;
}

/** Spec doc 2 §9 "VAT as taxRate percent, shown with total". */
export function orderTotals(lines: readonly { price: number }[], taxRate: number): OrderTotals {
  const net = roundMoney(lines.reduce((sum, l) => sum + l.price, 0));
  const tax = roundMoney((net * taxRate) / 100);
  const total = roundMoney(net + tax);
  return { net, tax, total, cents: toCents(total) };
}

/** Epoch seconds `months` calendar months later (UTC); the 31st becomes the month's last day. */
export function addMonths(tsS: number, months: number): number {
  const d = new Date(tsS * 1000);
  const day = d.getUTCDate();
  const target = new Date(
    Date.UTC(
      d.getUTCFullYear(),
      d.getUTCMonth() + months,
      1,
      d.getUTCHours(),
      d.getUTCMinutes(),
      d.getUTCSeconds(),
    ),
  );
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return Math.floor(target.getTime() / 1000);
}

/**
 * Spec doc 2 §4 "Renewal buttons are hidden when the plan expiry is more than two months ahead":
 * offered when the expiry is known and at most two calendar months away (or past).
 */
export function renewalOffered(expiryS: number | null | undefined, nowS: number): boolean {
  if (expiryS === null || expiryS === undefined) return false;
  return expiryS <= addMonths(nowS, RENEWAL_WINDOW_MONTHS);
}

/**
 * The new expiry after a paid renewal: `months` after the current expiry while it runs, or after now
 * once it has passed (a lapsed year is not paid for again).
 */
export function extendExpiry(currentS: number | null | undefined, nowS: number, months: number): number {
  const base = currentS !== null && currentS !== undefined && currentS > nowS ? currentS : nowS;
  return addMonths(base, months);
}

/** An expiry as the order's 8 digits, yyyyMMdd (UTC). */
export function compactDate(tsS: number): string {
  const d = new Date(tsS * 1000);
  const p = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${p(d.getUTCFullYear(), 4)}${p(d.getUTCMonth() + 1)}${p(d.getUTCDate())}`;
}

/**
 * Spec doc 1 §7 Payments: "the plan renewal exp is reformatted from 8 digits to a dashed date"
 * (20271126 → 2027-11-26). Anything that is not a real 8-digit date gives null.
 */
export function dashedDate(exp: string): string | null {
  const m = /^(\d{4})(\d{2})(\d{2})$/.exec(exp);
  if (!m) return null;
  const [, y, mo, d] = m as unknown as [string, string, string, string];
  const date = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d)));
  if (date.getUTCMonth() !== Number(mo) - 1 || date.getUTCDate() !== Number(d)) return null;
  return `${y}-${mo}-${d}`;
}

/** How the account pays (spec doc 2 §6). */
export type CheckoutMode = 'card' | 'invoice' | 'support';

/**
 * Spec doc 2 §6: "Supervisor and compost-supervisor users renew by invoice with terms acceptance, not
 * by card. Users with a service subscription outside Australia see a contact-support message instead
 * of checkout."
 */
export function checkoutMode(a: {
  plans: readonly Pick<Plan, 'planName'>[];
  service: Service | null;
  country: string | null;
}): CheckoutMode {
  const plan = a.plans[0]?.planName;
  if (plan === 'Supervisor' || plan === 'Grain Supervisor') return 'invoice';
  if (a.service !== null && (a.country ?? '').toLowerCase() !== 'au') return 'support';
  return 'card';
}

/** The plan renewal's price, or null when the plan is not renewed by payment (Free). */
export function planPrice(planName: PlanName): number | null {
  return PLAN_PRICES[planName] ?? null;
}
