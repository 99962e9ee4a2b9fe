import type {
  ConfirmPaymentResponse,
  PlanRenewal,
  PriceLineDto,
  UpgradeInfo,
} from '@emberwatch/shared/contracts/payments';
import type { Plan, Service } from '@emberwatch/shared/contracts/users';
import { cardErrorCode } from '@emberwatch/shared/domain/payments/cardErrors';
import {
  API_PRICE,
  RENEWAL_MONTHS,
  SIM_PRICE,
  UPGRADE_PLAN,
  checkoutMode,
  compactDate,
  currencyOf,
  dashedDate,
  extendExpiry,
  orderTotals,
  planPrice,
  providerCurrency,
  renewalOffered,
  taxRateOf,
  type CheckoutMode,
  type Currency,
  type PriceName,
} from '@emberwatch/shared/domain/payments/paymentRules';
import type { z } from 'zod';
import type {
  chargeRequestSchema,
  confirmPaymentRequestSchema,
  invoiceRequestSchema,
} from '@emberwatch/shared/contracts/payments';
import { ApiError } from '../../http/ApiError.js';
import { auditChanged } from '../../http/audit.js';
import { presentPlans, presentService, type UserRow } from '../users/index.js';
import { assertOperator, enforce, whoAmI, type AccessService, type Actor } from '../../http/access/index.js';
import { actsForOrdersAccount, mayPayFor, mayRenewSimOf, mayUseOrder } from './payments.policy.js';
import type { OrderRow, PaymentsRepository } from './payments.repository.js';
import type { Stripe } from './stripeClient.js';
import type { ServerTexts } from '../translations/index.js';
import { invoiceMailText } from './invoiceMail.js';

type ChargeBody = z.output<typeof chargeRequestSchema>;
type ConfirmBody = z.output<typeof confirmPaymentRequestSchema>;
type InvoiceBody = z.output<typeof invoiceRequestSchema>;

/** One line of an order, as priced when the order was made. */
export interface OrderLine {
  name: PriceName;
  months: number;
  price: number;
  /** The station whose SIM is renewed. */
  bsId?: string;
  /** The plan a renewal or upgrade leaves the account on. */
  planName?: string;
  level?: number;
  /** The new expiry, yyyyMMdd, as offered. */
  exp?: string;
}

export interface StoredOrder {
  lines: OrderLine[];
  taxRate: number;
  currency: Currency;
  net: number;
  tax: number;
  total: number;
  description: string;
}

/** What the account is offered now (getUpgradeInfo's answer, without the keys). */
interface Offer {
  mode: CheckoutMode;
  currency: Currency;
  taxRate: number;
  plan: Plan;
  service: Service | null;
  renewal: (PlanRenewal & { price: number; planName: string }) | null;
  upgrade: { level: number; name: string; price: number; exp: string } | null;
  sims: { bs_id: string; exp: number | null; renewable: boolean; newExp: string }[];
  serviceRenewal: { renewable: boolean; newExp: string; price: number } | null;
  /** The account's public API plan (migration 0037), when it has one. */
  api: { due: number | null; renewable: boolean; newExp: string; price: number } | null;
  prices: PriceLineDto[];
}

export interface PaymentsKeys {
  publishableKey: () => string;
  stripeJs: () => string | null;
  webhookSecret: () => string | undefined;
}

export interface InvoiceMail {
  userId: number;
  to: string;
  subject: string;
  text: string;
}

/**
 * Payments (decision 0056): the server prices every order itself from the account's plan, stations
 * and country; the browser's price must match it to the cent. A card order becomes a payment intent
 * at the provider; its confirmation (or the provider's signed webhook) applies the order once.
 * Supervisors order by invoice instead; service users outside Australia are sent to support.
 */
export class PaymentsService {
  constructor(
    private readonly repo: PaymentsRepository,
    private readonly access: AccessService,
    private readonly stripe: () => Stripe,
    private readonly keys: PaymentsKeys,
    private readonly nowS: () => number,
    private readonly invoices: {
      send: (m: InvoiceMail) => Promise<void>;
      pdf: (order: OrderRow, account: UserRow) => Promise<Buffer>;
      publicUrl: string;
      /** The server texts the e-mail is worded with (decision 0107). */
      texts: () => Promise<ServerTexts>;
    },
  ) {}

  /** The account a payment is for: the caller's own (its owner, not a sub-user or master), or staff's customer. */
  async payer(actor: Actor, uid: number | undefined): Promise<UserRow> {
    const namesAnother = uid !== undefined && uid !== actor.user.id;
    enforce(mayPayFor(whoAmI(actor), namesAnother));
    if (namesAnother) {
      const target = await this.access.targetAccount(actor, uid);
      if (target.main_user_id !== null) throw ApiError.invalid('Renewals are paid for the main account.');
      return target;
    }
    return actor.user;
  }

  private async offer(account: UserRow): Promise<Offer> {
    const now = this.nowS();
    const plan = presentPlans(account, now)[0]!;
    const service = presentService(account);
    const currency = currencyOf(account.country);
    const taxRate = taxRateOf(account.country);
    const mode = checkoutMode({ plans: [plan], service, country: account.country });
    const price = plan.planName === 'Free' ? null : planPrice(plan.planName);
    const newPlanExp = compactDate(extendExpiry(plan.dueDate, now, RENEWAL_MONTHS));
    const renewal =
      price !== null && renewalOffered(plan.dueDate, now)
        ? { months: RENEWAL_MONTHS, level: plan.planLevel, exp: newPlanExp, price, planName: plan.planName }
        : null;
    const upgradePrice = planPrice(UPGRADE_PLAN.name)!;
    const upgrade =
      plan.planName === 'Free'
        ? {
            level: UPGRADE_PLAN.level,
            name: UPGRADE_PLAN.name,
            price: upgradePrice,
            exp: compactDate(extendExpiry(null, now, RENEWAL_MONTHS)),
          }
        : null;
    const sims = (await this.repo.stations(account.id)).map((s) => ({
      bs_id: s.id,
      exp: s.sim_exp_ts,
      renewable: renewalOffered(s.sim_exp_ts, now),
      newExp: compactDate(extendExpiry(s.sim_exp_ts, now, RENEWAL_MONTHS)),
    }));
    const servicePrice = planPrice('INSIGHT')!;
    const serviceRenewal = service
      ? {
          renewable: renewalOffered(service.expDate, now),
          newExp: compactDate(extendExpiry(service.expDate, now, RENEWAL_MONTHS)),
          price: servicePrice,
        }
      : null;
    const apiDue = account.api_plan_due_ts;
    const api =
      apiDue !== null
        ? {
            due: apiDue,
            renewable: renewalOffered(apiDue, now),
            newExp: compactDate(extendExpiry(apiDue, now, RENEWAL_MONTHS)),
            price: API_PRICE,
          }
        : null;
    const prices: PriceLineDto[] = [];
    if (price !== null) prices.push({ name: 'plan', months: RENEWAL_MONTHS, price });
    if (upgrade) prices.push({ name: 'upgrade', months: RENEWAL_MONTHS, price: upgradePrice });
    prices.push({ name: 'sim', months: RENEWAL_MONTHS, price: SIM_PRICE });
    if (service) prices.push({ name: 'service', months: RENEWAL_MONTHS, price: servicePrice });
    if (api) prices.push({ name: 'api', months: RENEWAL_MONTHS, price: API_PRICE });
    return { mode, currency, taxRate, plan, service, renewal, upgrade, sims, serviceRenewal, api, prices };
  }

  async info(actor: Actor, uid: number | undefined): Promise<UpgradeInfo> {
    const account = await this.payer(actor, uid);
    const o = await this.offer(account);
    return {
      status_code: 0,
      prices: o.prices,
      renewal: o.renewal && { months: o.renewal.months, level: o.renewal.level, exp: o.renewal.exp },
      upgrade_plan_level: o.upgrade?.level ?? null,
      upgrade_plan_name: (o.upgrade?.name ?? null) as UpgradeInfo['upgrade_plan_name'],
      simExp: o.sims,
      currentPlan: o.plan,
      apiPlan: o.api && { due: o.api.due, renewable: o.api.renewable, newExp: o.api.newExp },
      service: o.service && {
        expDate: o.service.expDate,
        renewable: o.serviceRenewal!.renewable,
        newExp: o.serviceRenewal!.newExp,
      },
      taxRate: o.taxRate,
      currency: o.currency,
      mode: o.mode,
      id: this.keys.publishableKey(),
      stripeJs: this.keys.stripeJs(),
    };
  }

  /** Admins set a customer's plan expiry and API plan (spec doc 1 §7 setPlanInfo). */
  async setPlanInfo(
    actor: Actor,
    body: { UID: number; dueDate?: number | null; apiPlanDue?: number | null },
  ): Promise<{ status_code: 0; plans: Plan[]; api_plan: { due: number | null } | null }> {
    assertOperator(actor, 'plans');
    const target = await this.access.targetAccount(actor, body.UID);
    if (target.main_user_id !== null) throw ApiError.invalid('Plans belong to the main account.', 'UID');
    const before = await this.repo.account(target.id);
    await this.repo.setPlanInfo(target.id, {
      ...(body.dueDate !== undefined ? { plan_due_ts: body.dueDate } : {}),
      ...(body.apiPlanDue !== undefined ? { api_plan_due_ts: body.apiPlanDue } : {}),
    });
    const updated = (await this.repo.account(target.id))!;
    const planDates = (a: typeof updated | undefined) =>
      a ? { plan_due_ts: a.plan_due_ts, api_plan_due_ts: a.api_plan_due_ts } : null;
    auditChanged('plan', planDates(before), planDates(updated));
    return {
      status_code: 0,
      plans: presentPlans(updated, this.nowS()),
      api_plan: updated.api_plan_due_ts !== null ? { due: updated.api_plan_due_ts } : null,
    };
  }

  async renewalInfo(actor: Actor, uid: number | undefined) {
    await this.payer(actor, uid);
    return { status_code: 0 as const, id: this.keys.publishableKey(), stripeJs: this.keys.stripeJs() };
  }

  /** The lines of what was asked for, each checked against the offer; 400 for anything not on it. */
  private linesOf(
    o: Offer,
    sel: {
      planRenewal: PlanRenewal | null;
      upgrade: boolean;
      simRenewals: string[];
      apiRenewal: boolean;
      serviceRenewal: boolean;
    },
  ): OrderLine[] {
    const lines: OrderLine[] = [];
    if (sel.planRenewal) {
      if (!o.renewal)
        throw ApiError.invalid('The plan is not due for renewal: it expires more than two months ahead.');
      if (sel.planRenewal.level !== o.renewal.level || sel.planRenewal.months !== o.renewal.months)
        throw ApiError.invalid('The plan renewal does not match the plan on offer. Please reload the page.');
      lines.push({
        name: 'plan',
        months: o.renewal.months,
        price: o.renewal.price,
        planName: o.renewal.planName,
        level: o.renewal.level,
        exp: o.renewal.exp,
      });
    }
    if (sel.upgrade) {
      if (!o.upgrade) throw ApiError.invalid('Only a Free plan is upgraded.');
      if (sel.planRenewal) throw ApiError.invalid('Renew or upgrade the plan, not both.');
      lines.push({
        name: 'upgrade',
        months: RENEWAL_MONTHS,
        price: o.upgrade.price,
        planName: o.upgrade.name,
        level: o.upgrade.level,
        exp: o.upgrade.exp,
      });
    }
    for (const bsId of sel.simRenewals) {
      const sim = o.sims.find((s) => s.bs_id === bsId);
      enforce(mayRenewSimOf(sim));
      const { renewable, newExp } = sim!;
      if (!renewable)
        throw ApiError.invalid(
          `The SIM of ${bsId} is not due for renewal: it expires more than two months ahead.`,
        );
      lines.push({ name: 'sim', months: RENEWAL_MONTHS, price: SIM_PRICE, bsId, exp: newExp });
    }
    if (sel.apiRenewal) {
      if (!o.api) throw ApiError.invalid('This account has no API plan to renew.');
      if (!o.api.renewable)
        throw ApiError.invalid('The API plan is not due for renewal: it expires more than two months ahead.');
      lines.push({ name: 'api', months: RENEWAL_MONTHS, price: o.api.price, exp: o.api.newExp });
    }
    if (sel.serviceRenewal) {
      if (!o.serviceRenewal) throw ApiError.invalid('This account has no service to renew.');
      if (!o.serviceRenewal.renewable)
        throw ApiError.invalid('The service is not due for renewal: it expires more than two months ahead.');
      lines.push({
        name: 'service',
        months: RENEWAL_MONTHS,
        price: o.serviceRenewal.price,
        exp: o.serviceRenewal.newExp,
      });
    }
    if (lines.length === 0) throw ApiError.invalid('Choose something to renew.');
    return lines;
  }

  private storedOrder(o: Offer, lines: OrderLine[], description: string): StoredOrder {
    const totals = orderTotals(lines, o.taxRate);
    return {
      lines,
      taxRate: o.taxRate,
      currency: o.currency,
      net: totals.net,
      tax: totals.tax,
      total: totals.total,
      description,
    };
  }

  async charge(actor: Actor, body: ChargeBody): Promise<{ status_code: 0; intent_id: string }> {
    const account = await this.payer(actor, body.uid);
    const o = await this.offer(account);
    if (o.mode === 'invoice') throw ApiError.invalid('This plan is renewed by invoice.');
    if (o.mode === 'support')
      throw ApiError.invalid(
        'Please contact support to renew: online payment is not offered in your country.',
      );
    const order = this.storedOrder(o, this.linesOf(o, body), body.orderDescription);
    const cents = orderTotals(order.lines, order.taxRate).cents;
    if (body.currency !== o.currency) throw ApiError.invalid('The currency does not match your account.');
    if (body.price !== cents)
      throw ApiError.invalid(
        `The price (${body.price} cents) does not match the order (${cents} cents). Please reload the page.`,
      );
    let intent: Stripe.PaymentIntent;
    try {
      intent = await this.stripe().paymentIntents.create({
        amount: cents,
        currency: providerCurrency(o.currency),
        payment_method: body.stripeToken,
        confirmation_method: 'manual',
        description: body.orderDescription || describe(order),
        receipt_email: body.receiptEmail,
        metadata: { account_id: String(account.id), user_id: String(actor.user.id) },
      });
    } catch (err) {
      throw providerRefusal(err);
    }
    await this.repo.insertOrder({
      kind: 'card',
      account_id: account.id,
      user_id: actor.user.id,
      intent_id: intent.id,
      invoice_number: null,
      currency: o.currency,
      amount_cents: cents,
      order_json: JSON.stringify(order),
      billing_json: body.billingInfo ? JSON.stringify(body.billingInfo) : null,
      receipt_email: body.receiptEmail,
      status: 'pending',
      created_ts: this.nowS(),
      paid_ts: null,
    });
    return { status_code: 0, intent_id: intent.id };
  }

  async confirm(actor: Actor, body: ConfirmBody): Promise<ConfirmPaymentResponse> {
    // Someone who may pay for no account (a sub-user, a master) is refused before any payment is
    // looked up (docs/roles.md); an admin's account comes from the order.
    const own =
      actsForOrdersAccount(whoAmI(actor)) && body.uid === undefined
        ? undefined
        : await this.payer(actor, body.uid);
    const order = await this.repo.orderByIntent(body.intent_id);
    if (!order) throw ApiError.notFound('No such payment.');
    const account = own ?? (await this.payer(actor, order.account_id));
    enforce(mayUseOrder(account.id, { accountId: order.account_id, kind: 'payment' }));
    const stripe = this.stripe();
    let intent: Stripe.PaymentIntent;
    try {
      intent = await stripe.paymentIntents.retrieve(body.intent_id);
      if (intent.status === 'requires_confirmation')
        intent = await stripe.paymentIntents.confirm(body.intent_id);
    } catch (err) {
      const e = err as { type?: string; code?: string; decline_code?: string; message?: string };
      if (e.type === 'StripeCardError') return declined(e.code, e.decline_code, e.message);
      throw providerRefusal(err);
    }
    switch (intent.status) {
      case 'succeeded':
        await this.fulfil(order, intent, 'confirm');
        return { status_code: 0, actionRequired: false, paid: true };
      case 'requires_action':
        return {
          status_code: 0,
          actionRequired: true,
          paid: false,
          clientSecret: intent.client_secret ?? undefined,
        };
      case 'requires_payment_method': {
        const e = intent.last_payment_error;
        return declined(e?.code, e?.decline_code, e?.message ?? 'The payment was not completed.');
      }
      default:
        // processing and the like: the webhook applies the order once it is paid.
        return { status_code: 0, actionRequired: false, paid: false };
    }
  }

  /** Applies a paid order once; checks the provider's intent is this order's, amount and currency. */
  private async fulfil(order: OrderRow, intent: Stripe.PaymentIntent, source: 'confirm' | 'webhook') {
    const stored = JSON.parse(order.order_json) as StoredOrder;
    if (
      intent.status !== 'succeeded' ||
      intent.amount !== order.amount_cents ||
      intent.currency !== providerCurrency(stored.currency)
    )
      throw ApiError.invalid('The payment does not match its order.');
    const now = this.nowS();
    return this.repo.fulfil(order, source, now, async (w) => {
      for (const line of stored.lines) {
        if (line.name === 'plan' || line.name === 'upgrade') {
          const current = await w.plan();
          // An upgrade starts the new plan now; a renewal extends the running one.
          const base = line.name === 'upgrade' ? null : current.plan_due_ts;
          await w.setPlan({
            plan_due_ts: extendExpiry(base, now, line.months),
            ...(line.name === 'upgrade' ? { plan_name: line.planName!, plan_level: line.level! } : {}),
          });
        } else if (line.name === 'sim' && line.bsId) {
          const current = await w.simExpiry(line.bsId);
          if (current !== undefined) await w.setSimExpiry(line.bsId, extendExpiry(current, now, line.months));
        } else if (line.name === 'api') {
          const current = await w.plan();
          if (current.api_plan_due_ts !== null)
            await w.setApiPlanDue(extendExpiry(current.api_plan_due_ts, now, line.months));
        } else if (line.name === 'service') {
          const current = await w.plan();
          const service = current.service_json
            ? (JSON.parse(current.service_json) as Record<string, unknown>)
            : null;
          if (service) {
            const exp = extendExpiry(
              typeof service.expDate === 'number' ? service.expDate : null,
              now,
              line.months,
            );
            await w.setService(
              JSON.stringify({
                ...service,
                trial: 0,
                renewed: now,
                expDate: exp,
                nextPayment: { date: exp, type: 'renewal' },
              }),
            );
          }
        }
      }
    });
  }

  /** A verified provider event: a succeeded payment intent of one of our orders is applied (once). */
  async webhook(raw: Buffer, signature: string | undefined): Promise<{ received: true; applied: boolean }> {
    const secret = this.keys.webhookSecret();
    if (!secret) throw ApiError.unavailable('Webhooks are not configured (STRIPE_WEBHOOK_SECRET).');
    if (!signature) throw ApiError.invalid('The Stripe-Signature header is missing.');
    let event: Stripe.Event;
    try {
      event = this.stripe().webhooks.constructEvent(raw, signature, secret);
    } catch {
      throw ApiError.invalid('The webhook signature does not verify.');
    }
    if (event.type !== 'payment_intent.succeeded') return { received: true, applied: false };
    const intent = event.data.object;
    const order = await this.repo.orderByIntent(intent.id);
    // Payments made elsewhere on the same Stripe account are not ours to apply.
    if (!order) return { received: true, applied: false };
    return { received: true, applied: await this.fulfil(order, intent, 'webhook') };
  }

  async invoice(
    actor: Actor,
    body: InvoiceBody,
  ): Promise<{ status_code: 0; invoice_id: number; invoiceNumber: string }> {
    const account = await this.payer(actor, body.uid);
    const o = await this.offer(account);
    if (o.mode !== 'invoice') throw ApiError.invalid('Only supervisor plans are renewed by invoice.');
    const sims = [...new Set([...body.sims, ...(body.bsIDs ?? [])])];
    if (body.planRenewal) {
      // Spec doc 1 §7: the renewal's exp arrives as 8 digits; it must be a real date.
      if (dashedDate(body.planRenewal.exp) === null)
        throw ApiError.invalid('The renewal date is not a date.');
    }
    if (body.taxRate !== o.taxRate)
      throw ApiError.invalid(
        `The VAT rate (${body.taxRate} %) does not match your country's (${o.taxRate} %).`,
      );
    const lines = this.linesOf(o, {
      planRenewal: body.planRenewal,
      upgrade: false,
      simRenewals: sims,
      apiRenewal: body.apiRenewal,
      serviceRenewal: false,
    });
    const order = this.storedOrder(o, lines, body.orderDescription);
    const now = this.nowS();
    const id = await this.repo.insertOrder({
      kind: 'invoice',
      account_id: account.id,
      user_id: actor.user.id,
      intent_id: null,
      invoice_number: null,
      currency: o.currency,
      amount_cents: orderTotals(lines, o.taxRate).cents,
      order_json: JSON.stringify(order),
      billing_json: JSON.stringify(body.billingInfo),
      receipt_email: body.receiptEmail,
      status: 'invoiced',
      created_ts: now,
      paid_ts: null,
    });
    const invoiceNumber = invoiceNumberOf(id, now);
    await this.repo.setInvoiceNumber(id, invoiceNumber);
    await this.invoices.send({
      userId: account.id,
      to: body.receiptEmail,
      ...invoiceMailText(await this.invoices.texts(), account.language, {
        invoiceNumber,
        lines,
        currency: o.currency,
        totals: order,
        link: `${this.invoices.publicUrl}/account/services?invoice=${id}`,
      }),
    });
    return { status_code: 0, invoice_id: id, invoiceNumber };
  }

  async invoicePdf(actor: Actor, invoiceId: number, uid: number | undefined) {
    const order = await this.repo.orderById(invoiceId);
    if (!order || order.kind !== 'invoice') throw ApiError.notFound('No such invoice.');
    const forOrder = actsForOrdersAccount(whoAmI(actor)) ? order.account_id : undefined;
    const account = await this.payer(actor, uid ?? forOrder);
    enforce(mayUseOrder(account.id, { accountId: order.account_id, kind: 'invoice' }));
    const pdf = await this.invoices.pdf(order, account);
    return {
      status_code: 0 as const,
      fileName: `${order.invoice_number ?? `invoice-${order.id}`}.pdf`,
      pdfBase64: pdf.toString('base64'),
    };
  }
}

export function invoiceNumberOf(id: number, nowS: number): string {
  return `EW-${new Date(nowS * 1000).getUTCFullYear()}-${String(id).padStart(6, '0')}`;
}

export function lineText(l: OrderLine): string {
  const until = l.exp ? ` until ${dashedDate(l.exp) ?? l.exp}` : '';
  switch (l.name) {
    case 'plan':
      return `${l.planName ?? 'Plan'} renewal, ${l.months} months${until}`;
    case 'upgrade':
      return `Upgrade to ${l.planName ?? 'Premium'}, ${l.months} months${until}`;
    case 'sim':
      return `SIM data of ${l.bsId ?? ''}, ${l.months} months${until}`;
    case 'api':
      return `API plan, ${l.months} months${until}`;
    case 'service':
      return `Insight service, ${l.months} months${until}`;
  }
}

function describe(order: StoredOrder): string {
  return `Emberwatch: ${order.lines.map(lineText).join('; ')}`.slice(0, 500);
}

function declined(
  code: string | undefined,
  declineCode: string | undefined,
  message: string | undefined,
): ConfirmPaymentResponse {
  return {
    status_code: 0,
    actionRequired: false,
    paid: false,
    error: {
      code: cardErrorCode(code, declineCode) ?? code ?? null,
      decline_code: declineCode ?? null,
      message: message ?? 'Your card was declined.',
    },
  };
}

/** A refusal from the provider as a clear 4xx (bad payment method, a stale intent) or a 503. */
function providerRefusal(err: unknown): ApiError {
  const e = err as { type?: string; message?: string; statusCode?: number };
  if (e.type === 'StripeCardError') return ApiError.invalid(e.message ?? 'The card was refused.');
  if (e.type === 'StripeInvalidRequestError')
    return ApiError.invalid(`The payment provider refused the request: ${e.message ?? 'invalid request'}`);
  return ApiError.unavailable('The payment provider cannot be reached. Please try again later.');
}
