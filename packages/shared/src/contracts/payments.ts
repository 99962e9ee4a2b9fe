import { z } from 'zod';
import { PLAN_NAMES, planSchema } from './users.js';
import { defineEndpoint, defineEndpoints } from './endpoint.js';

/**
 * Payments and renewals (spec doc 2 §2.8, §3 "Billing info" and "Order", §4, §5, §7 Payments, §8; doc 1
 * §7 "Payments: POST /charge, /confirmPayment, /invoiceRequest"). Card data never reaches this server:
 * the browser gives it to the payment provider (Stripe.js) and sends only the payment method's id.
 * Decision 0056.
 */

const uid = z.int().positive().describe('The account, when an admin acts for a customer.');
const bsId = z.string().regex(/^[A-Z][0-9]{7}$/, 'A base station id is one capital letter and seven digits');
const eightDigits = z.string().regex(/^\d{8}$/, 'A date as 8 digits, yyyyMMdd');

export const currencySchema = z.enum(['dol', 'eur']).describe('dol shows $, eur €.');
export const checkoutModeSchema = z
  .enum(['card', 'invoice', 'support'])
  .describe('card: checkout; invoice: supervisors order by invoice; support: contact support instead.');

export const priceLineSchema = z.object({
  name: z.enum(['plan', 'upgrade', 'sim', 'api', 'service']),
  months: z.int(),
  price: z.number().describe('In the currency, before tax.'),
});
export type PriceLineDto = z.infer<typeof priceLineSchema>;

export const planRenewalSchema = z.object({
  months: z.int().positive(),
  level: z.int(),
  exp: eightDigits.describe('The new expiry, yyyyMMdd.'),
});
export type PlanRenewal = z.infer<typeof planRenewalSchema>;

export const upgradeInfoQuerySchema = z.strictObject({ UID: z.coerce.number().pipe(uid).optional() });

export const simExpSchema = z.object({
  bs_id: z.string(),
  exp: z.int().nullable().describe('Epoch seconds; null while unknown.'),
  /** Within two months of expiry (spec doc 2 §4): renewal offered. */
  renewable: z.boolean(),
  /** The new expiry after a renewal, yyyyMMdd. */
  newExp: eightDigits,
});

export const upgradeInfoResponseSchema = z.object({
  status_code: z.literal(0),
  prices: z.array(priceLineSchema),
  /** The plan's renewal when it is offered (within two months of expiry), else null. */
  renewal: planRenewalSchema.nullable(),
  upgrade_plan_level: z.int().nullable(),
  upgrade_plan_name: z.enum(PLAN_NAMES).nullable(),
  simExp: z.array(simExpSchema),
  currentPlan: planSchema,
  apiPlan: z.object({ due: z.int().nullable(), renewable: z.boolean(), newExp: eightDigits }).nullable(),
  service: z
    .object({
      expDate: z.int().nullable(),
      renewable: z.boolean(),
      newExp: eightDigits,
    })
    .nullable(),
  taxRate: z.number().describe('VAT in percent.'),
  currency: currencySchema,
  mode: checkoutModeSchema,
  id: z.string().describe("The payment provider's publishable key."),
  /** Where Stripe.js is loaded from when it is not js.stripe.com (the local stand-in); null: Stripe's. */
  stripeJs: z.string().nullable(),
});
export type UpgradeInfo = z.infer<typeof upgradeInfoResponseSchema>;

export const renewalInfoQuerySchema = z.strictObject({ U_ID: z.coerce.number().pipe(uid).optional() });
export const renewalInfoResponseSchema = z.object({
  status_code: z.literal(0),
  id: z.string().describe("The payment provider's publishable key."),
  stripeJs: z.string().nullable(),
});

/** Spec doc 2 §3 "Billing info: name, email, company, address, zip, city, country" (§5: all required). */
export const billingInfoSchema = z.strictObject({
  name: z.string().trim().min(1, 'Name is required').max(200),
  email: z.email('A valid e-mail is required').max(200),
  company: z.string().trim().min(1, 'Company is required').max(200),
  address: z.string().trim().min(1, 'Street is required').max(200),
  zip: z.string().trim().min(1, 'Postal code is required').max(20),
  city: z.string().trim().min(1, 'City is required').max(100),
  country: z.string().trim().min(1, 'Country is required').max(100),
});
export type BillingInfo = z.infer<typeof billingInfoSchema>;

/** What is bought: the server prices it again and refuses an order whose price differs. */
const orderSelection = {
  uid: uid.optional(),
  simRenewals: z
    .array(bsId)
    .max(100)
    .refine((ids) => new Set(ids).size === ids.length, 'A base station is listed twice')
    .default([]),
  planRenewal: planRenewalSchema.nullable().default(null),
  upgrade: z.boolean().default(false).describe('Upgrade a Free plan to the offered plan.'),
  apiRenewal: z.boolean().default(false),
  serviceRenewal: z.boolean().default(false),
  orderDescription: z.string().max(500).default(''),
};

export const chargeRequestSchema = z.strictObject({
  stripeToken: z
    .string()
    .regex(/^pm_[A-Za-z0-9_]+$/, 'A payment method id (pm_…) is required')
    .describe("The card's payment method id from Stripe.js; the card itself never reaches this server."),
  customerName: z.string().trim().min(1).max(200),
  receiptEmail: z.email('A valid e-mail is required'),
  companyName: z.string().max(200).default(''),
  price: z.int().positive().describe('The total with tax, in cents.'),
  currency: currencySchema,
  billingInfo: billingInfoSchema.partial().optional(),
  ...orderSelection,
});
export type ChargeRequest = z.input<typeof chargeRequestSchema>;

export const chargeResponseSchema = z.object({
  status_code: z.literal(0),
  intent_id: z.string(),
});

export const confirmPaymentRequestSchema = z.strictObject({
  intent_id: z.string().regex(/^pi_[A-Za-z0-9_]+$/, 'A payment intent id (pi_…) is required'),
  receiptEmail: z.email().optional(),
  uid: uid.optional(),
  renewals: z.unknown().optional().describe('Ignored: the order is the one recorded with the charge.'),
  alreadyConfirmed: z
    .boolean()
    .default(false)
    .describe('Set after the card action (3-D Secure): the payment is confirmed again.'),
});

export const cardErrorSchema = z.object({
  code: z.string().nullable(),
  decline_code: z.string().nullable(),
  message: z.string(),
});

export const confirmPaymentResponseSchema = z.object({
  /** 0: the call was handled; whether the card paid is `paid`, why it did not is `error`. */
  status_code: z.literal(0),
  actionRequired: z.boolean(),
  clientSecret: z.string().optional(),
  paid: z.boolean(),
  /** The card was declined or its authentication failed: the provider's code and words. */
  error: cardErrorSchema.optional(),
});
export type ConfirmPaymentResponse = z.infer<typeof confirmPaymentResponseSchema>;

export const invoiceRequestSchema = z.strictObject({
  uid: uid.optional(),
  customerName: z.string().trim().min(1).max(200),
  receiptEmail: z.email('A valid e-mail is required'),
  companyName: z.string().max(200).default(''),
  billingInfo: billingInfoSchema,
  planRenewal: planRenewalSchema.nullable().default(null),
  sims: z.array(bsId).max(100).default([]).describe('Base stations whose SIM is renewed.'),
  apiRenewal: z.boolean().default(false).describe("The account's API plan is renewed."),
  bsIDs: z.array(bsId).max(100).optional().describe('The same stations (the spec names both).'),
  simPrice: z.number().optional(),
  taxRate: z.number().min(0).max(100).describe('As shown; refused when it differs from the rate billed.'),
  termsAccepted: z.literal(true, 'The terms must be accepted'),
  orderDescription: z.string().max(500).default(''),
});
export type InvoiceRequest = z.input<typeof invoiceRequestSchema>;

export const invoiceResponseSchema = z.object({
  status_code: z.literal(0),
  invoice_id: z.int(),
  invoiceNumber: z.string(),
});

export const invoicePdfQuerySchema = z.strictObject({
  invoice_id: z.coerce.number().int().positive(),
  UID: z.coerce.number().pipe(uid).optional(),
});
export const invoicePdfResponseSchema = z.object({
  status_code: z.literal(0),
  fileName: z.string(),
  pdfBase64: z.string(),
});

/**
 * Spec doc 1 §7 admin POST setPlanInfo: an admin sets a customer's plan expiry and its public API
 * plan's (spec doc 1 §3 api_plan.due; null removes the API plan). Fields left out are left as they are.
 */
export const setPlanInfoRequestSchema = z
  .strictObject({
    UID: uid,
    dueDate: z
      .int()
      .positive()
      .nullable()
      .optional()
      .describe("The plan's expiry, epoch seconds; null: none."),
    apiPlanDue: z
      .int()
      .positive()
      .nullable()
      .optional()
      .describe("The API plan's due date, epoch seconds; null: no API plan."),
  })
  .refine((b) => b.dueDate !== undefined || b.apiPlanDue !== undefined, 'Nothing to set');
export const setPlanInfoResponseSchema = z.object({
  status_code: z.literal(0),
  plans: z.array(planSchema),
  api_plan: z.object({ due: z.int().nullable() }).nullable(),
});

export const paymentEndpoints = defineEndpoints({
  getUpgradeInfo: defineEndpoint({
    method: 'GET',
    path: '/client/getUpgradeInfo',
    query: upgradeInfoQuerySchema,
    response: upgradeInfoResponseSchema,
    auth: 'user',
    summary: 'Prices, the plan, SIM, API and service renewals on offer, tax, currency and the public key.',
  }),
  getRenewalInfo: defineEndpoint({
    method: 'GET',
    path: '/client/getRenewalInfo',
    query: renewalInfoQuerySchema,
    response: renewalInfoResponseSchema,
    auth: 'user',
    summary: "The payment provider's public key for the service renewal.",
  }),
  charge: defineEndpoint({
    method: 'POST',
    path: '/charge',
    body: chargeRequestSchema,
    response: chargeResponseSchema,
    auth: 'user',
    summary: 'Records an order and creates its payment intent (the price in cents must match the order).',
  }),
  confirmPayment: defineEndpoint({
    method: 'POST',
    path: '/confirmPayment',
    body: confirmPaymentRequestSchema,
    response: confirmPaymentResponseSchema,
    auth: 'user',
    summary: 'Confirms a payment: paid (the order is applied once), a card action required, or declined.',
  }),
  invoiceRequest: defineEndpoint({
    method: 'POST',
    path: '/invoiceRequest',
    body: invoiceRequestSchema,
    response: invoiceResponseSchema,
    auth: 'user',
    summary: 'Supervisors: orders a renewal by invoice (terms accepted); the invoice PDF is e-mailed.',
  }),
  setPlanInfo: defineEndpoint({
    method: 'POST',
    path: '/admin/setPlanInfo',
    body: setPlanInfoRequestSchema,
    response: setPlanInfoResponseSchema,
    auth: 'user',
    summary: "Admins: sets an account's plan expiry and its API plan's due date.",
  }),
  invoicePdf: defineEndpoint({
    method: 'GET',
    path: '/client/invoicePdf',
    query: invoicePdfQuerySchema,
    response: invoicePdfResponseSchema,
    auth: 'user',
    summary: "An invoice of the caller's account as a PDF.",
  }),
});
