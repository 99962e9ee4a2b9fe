import { z } from 'zod';
import { SERVICE_KINDS } from '../domain/services.js';
import { defineEndpoint, defineEndpoints } from './endpoint.js';

/**
 * A customer's services registered by staff (spec doc 1 §7 Admin GET getServices, Admin POST
 * registerService; issue 31 item 5; decision 0103): the storages feature, the users allowance and the
 * limited data tier, each with an optional end, and their history. Operators' calls only.
 */

export const serviceKindSchema = z.enum(SERVICE_KINDS);

const uid = z.int().positive();

export const getServicesQuerySchema = z.strictObject({
  UID: z.coerce.number().pipe(uid).optional().describe('One account; without: every account.'),
  kind: serviceKindSchema.optional(),
  state: z
    .enum(['running', 'ended', 'all'])
    .default('running')
    .describe('running: not ended yet (the default); ended; all.'),
  expiring: z.coerce
    .number()
    .int()
    .min(0)
    .max(366)
    .optional()
    .describe('Only registrations that end within this many days.'),
});
/** The query as a caller writes it (the schema coerces the query string's text). */
export interface GetServicesQuery {
  UID?: number;
  kind?: z.infer<typeof serviceKindSchema>;
  state?: 'running' | 'ended' | 'all';
  expiring?: number;
}

export const serviceRegistrationSchema = z.object({
  id: z.int(),
  U_ID: z.int(),
  username: z.string(),
  kind: serviceKindSchema,
  value: z.int(),
  startTs: z.int(),
  untilTs: z.int().nullable().describe('When it ends by itself (epoch s); null: no end.'),
  endedTs: z.int().nullable().describe('When it ended; null: running.'),
  endedBy: z
    .enum(['expiry', 'replaced'])
    .nullable()
    .describe('expiry: its end date came; replaced: a newer registration of its kind.'),
  note: z.string().nullable(),
  staff: z.string().nullable().describe('Who registered it (a staff username).'),
});
export type ServiceRegistration = z.infer<typeof serviceRegistrationSchema>;

/** An account's services as they are now (its own columns, registered or not). */
export const serviceValuesSchema = z.object({
  storages: z.int(),
  subUsers: z.int(),
  limitedData: z.int(),
});
export type ServiceValues = z.infer<typeof serviceValuesSchema>;

/** A customer's open order of an extra service (decision 0108), until staff register it. */
export const extraServiceRequestSchema = z.object({
  kind: serviceKindSchema,
  value: z.int().describe('What is asked for: storages 1 on; subUsers the allowance wanted.'),
  note: z.string().nullable(),
  createdTs: z.int(),
});
export type ExtraServiceRequest = z.infer<typeof extraServiceRequestSchema>;

export const getServicesResponseSchema = z.object({
  status_code: z.literal(0),
  results: z.array(serviceRegistrationSchema),
  current: serviceValuesSchema.nullable().describe('With UID: the account’s services now.'),
  requests: z
    .array(extraServiceRequestSchema)
    .describe('With UID: the customer’s open orders (saveExtraServices); otherwise empty.'),
});
export type GetServicesResponse = z.infer<typeof getServicesResponseSchema>;

export const registerServiceRequestSchema = z.strictObject({
  UID: uid.describe('The account (its owner).'),
  kind: serviceKindSchema,
  value: z.int().describe('storages and limitedData: 1 on, 0 off; subUsers: the allowance.'),
  untilTs: z.int().positive().nullable().default(null).describe('When it ends (epoch s); null: no end.'),
  note: z.string().trim().max(200).nullable().default(null).describe('An invoice number, a reason.'),
});
export type RegisterServiceRequest = z.input<typeof registerServiceRequestSchema>;

export const registerServiceResponseSchema = z.object({
  status_code: z.literal(0),
  registration: serviceRegistrationSchema,
  current: serviceValuesSchema,
});

/**
 * POST /client/saveExtraServices (spec doc 1 §7 Users; body not shown, decision 0108): the account
 * owner orders extra services — the storages feature, a larger users allowance — or withdraws an
 * order (value null). Staff see the orders in getServices and serve them with registerService; until
 * then the account is unchanged.
 */
export const saveExtraServicesRequestSchema = z.strictObject({
  UID: uid.optional().describe('The account (staff ordering for a customer); default the caller’s.'),
  services: z
    .array(
      z.strictObject({
        kind: z.enum(['storages', 'subUsers']),
        value: z.int().nullable().describe('storages: 1; subUsers: the allowance wanted; null withdraws.'),
      }),
    )
    .min(1)
    .max(2)
    .refine((l) => new Set(l.map((s) => s.kind)).size === l.length, { message: 'Each service once.' }),
  note: z.string().trim().max(200).nullable().default(null),
});
export type SaveExtraServicesRequest = z.input<typeof saveExtraServicesRequestSchema>;
export const saveExtraServicesResponseSchema = z.object({
  status_code: z.literal(0),
  requests: z.array(extraServiceRequestSchema).describe('The account’s open orders after the save.'),
  current: serviceValuesSchema.describe('What the account has now (unchanged by an order).'),
});
export type SaveExtraServicesResponse = z.infer<typeof saveExtraServicesResponseSchema>;

export const serviceEndpoints = defineEndpoints({
  saveExtraServices: defineEndpoint({
    method: 'POST',
    path: '/client/saveExtraServices',
    body: saveExtraServicesRequestSchema,
    response: saveExtraServicesResponseSchema,
    auth: 'user',
    summary:
      'The account owner orders extra services (storages, a larger users allowance) or withdraws an order; staff register them.',
  }),
  getServices: defineEndpoint({
    method: 'GET',
    path: '/admin/getServices',
    query: getServicesQuerySchema,
    response: getServicesResponseSchema,
    auth: 'user',
    summary:
      'Admins: registered services (storages, users allowance, limited data) of one account or all, with an account’s services now.',
  }),
  registerService: defineEndpoint({
    method: 'POST',
    path: '/admin/registerService',
    body: registerServiceRequestSchema,
    response: registerServiceResponseSchema,
    auth: 'user',
    summary:
      'Admins: registers a service for an account, with an optional end; a running one of its kind ends.',
  }),
});
