import { z } from 'zod';
import {
  DEFAULT_VALIDITY_DAYS,
  iccidProblem,
  ICCID_MESSAGES,
  MAX_SIMS_PER_REQUEST,
  MAX_VALIDITY_DAYS,
  normalizeIccid,
  SIM_CSV_MESSAGES,
  SIM_STATUSES,
} from '../domain/sims.js';
import { bsIdSchema } from './baseStations.js';
import { defineEndpoint, defineEndpoints } from './endpoint.js';

/**
 * The base stations' SIM cards (issue 30 items 3, 5 and 6; spec doc 1 §7 "Admin GET/POST", doc 2
 * §2.5, §3, §7 "Save SIM (BS_ID, SIM, SIMstatus)"; decision 0092): a station's SIM and its status,
 * the list of every SIM, a check of pasted numbers against the operator and the database, the import
 * of the operator's CSV export, expiry dates, the operator's callback, and the validity overview (plans
 * and SIMs about to expire). Every call but the callback is an operator's (admins only; masters
 * refused); the callback is the SIM operator's, authenticated by a shared secret.
 */

/** A SIM number as typed: spaces and dashes dropped, then an ICCID (19 or 20 digits, 89…, Luhn). */
export const iccidSchema = z
  .string()
  .max(40)
  .transform(normalizeIccid)
  .superRefine((v, ctx) => {
    const problem = iccidProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: ICCID_MESSAGES[problem] });
  });

export const simStatusSchema = z.enum(SIM_STATUSES);

const ownerSchema = z.object({
  uid: z.int(),
  username: z.string().nullable(),
});

export const simSchema = z.object({
  iccid: z.string(),
  msisdn: z.string().nullable(),
  imsi: z.string().nullable(),
  status: simStatusSchema,
  status_ts: z.int().nullable().describe('When the status began (epoch s); null when nobody knows.'),
  exp_ts: z.int().nullable().describe('When the SIM’s subscription ends (epoch s); null: not set.'),
  bs_id: z.string().nullable().describe('The station it is in; null: unassigned.'),
  display_name: z.string().nullable(),
  owner: ownerSchema.nullable(),
});
export type Sim = z.infer<typeof simSchema>;

export const getSimQuerySchema = z
  .object({
    SIM: iccidSchema.optional(),
    BS_ID: bsIdSchema.optional(),
  })
  .describe('Either SIM or BS_ID (both or neither: 400).');
export const getSimResponseSchema = z.object({
  status_code: z.literal(0),
  sim: simSchema.nullable().describe('null: the station has no SIM.'),
  operator: z
    .object({
      status: simStatusSchema.nullable().describe('The status at the operator; null: unknown there.'),
      exp_ts: z.int().nullable(),
    })
    .nullable()
    .describe('What the SIM operator says of it now; null when it did not answer (see operator_error).'),
  operator_error: z.string().nullable(),
});
export type GetSimResponse = z.infer<typeof getSimResponseSchema>;

export const simListQuerySchema = z.object({
  status: simStatusSchema.optional(),
  expiring: z.coerce
    .number()
    .int()
    .min(0)
    .max(MAX_VALIDITY_DAYS)
    .optional()
    .describe('Only SIMs whose subscription ends within this many days (or has ended).'),
  unassigned: z.enum(['0', '1']).optional().describe('1: only SIMs in no station.'),
});
export const simListResponseSchema = z.object({
  status_code: z.literal(0),
  results: z.array(simSchema),
});

export const setBsSimRequestSchema = z.strictObject({
  BS_ID: bsIdSchema,
  SIM: z
    .string()
    .max(40)
    .transform(normalizeIccid)
    .superRefine((v, ctx) => {
      const problem = v === '' ? null : iccidProblem(v);
      if (problem) ctx.addIssue({ code: 'custom', message: ICCID_MESSAGES[problem] });
    })
    .describe('The SIM number (ICCID); empty: the station has no SIM any more.'),
  SIMstatus: simStatusSchema.default('Active'),
});
export type SetBsSimRequest = z.input<typeof setBsSimRequestSchema>;

export const checkSimsRequestSchema = z.strictObject({
  sims: z
    .array(z.string().max(40))
    .min(1, 'Give at least one SIM number.')
    .max(MAX_SIMS_PER_REQUEST, `At most ${MAX_SIMS_PER_REQUEST} SIMs at a time.`),
});
export const simCheckSchema = z.object({
  input: z.string(),
  iccid: z.string(),
  problem: z.string().nullable().describe('Why the number is no SIM number; null: it is one.'),
  known: z.boolean().describe('In the database.'),
  status: simStatusSchema.nullable(),
  bs_id: z.string().nullable(),
  owner: ownerSchema.nullable(),
  operator_status: simStatusSchema
    .nullable()
    .describe('At the operator; null: unknown there or the operator did not answer.'),
  at_operator: z.boolean().nullable().describe('null: the operator did not answer.'),
});
export type SimCheck = z.infer<typeof simCheckSchema>;
export const checkSimsResponseSchema = z.object({
  status_code: z.literal(0),
  results: z.array(simCheckSchema),
  operator_error: z.string().nullable(),
});

/** A CSV export is at most this many characters a request (the page sends parts of 500 SIMs). */
export const MAX_SIM_CSV_CHARS = 200_000;
export const storeSimsRequestSchema = z.strictObject({
  csv: z.string().min(1, 'The file is empty.').max(MAX_SIM_CSV_CHARS),
});
export const SIM_IMPORT_RESULTS = ['added', 'updated', 'unchanged', 'refused'] as const;
export const simImportLineSchema = z.object({
  line: z.int(),
  iccid: z.string(),
  result: z.enum(SIM_IMPORT_RESULTS),
  error: z.enum(Object.keys(SIM_CSV_MESSAGES) as [keyof typeof SIM_CSV_MESSAGES]).nullable(),
  message: z.string().nullable(),
});
export type SimImportLine = z.infer<typeof simImportLineSchema>;
export const storeSimsResponseSchema = z.object({
  status_code: z.literal(0),
  results: z.array(simImportLineSchema),
  added: z.int(),
  updated: z.int(),
  unchanged: z.int(),
  refused: z.int(),
});
export type StoreSimsResponse = z.infer<typeof storeSimsResponseSchema>;

export const setSimExpirationRequestSchema = z
  .strictObject({
    SIM: iccidSchema.optional(),
    BS_ID: bsIdSchema.optional(),
    exp_ts: z.int().min(0).max(4_102_444_800).nullable().describe('Epoch s; null: no end date.'),
  })
  .describe('Either SIM or BS_ID (both or neither: 400).');
export type SetSimExpirationRequest = z.input<typeof setSimExpirationRequestSchema>;

/** The SIM operator's state-change event (docs/decisions/0092-sim-cards.md). */
export const operatorEventSchema = z.object({
  iccid: z.string().max(40),
  state: z.string().max(20),
  changedAt: z.string().max(40).describe('ISO 8601.'),
});
export const operatorEventResponseSchema = z.object({
  status_code: z.literal(0),
  changed: z.boolean().describe('false: unknown SIM, or older than what is stored.'),
});

export const validityOverviewQuerySchema = z.object({
  days: z.coerce.number().int().min(1).max(MAX_VALIDITY_DAYS).default(DEFAULT_VALIDITY_DAYS),
});
export const validityEntrySchema = z.object({
  kind: z.enum(['plan', 'sim']),
  bs_id: z.string(),
  display_name: z.string().nullable(),
  owner: ownerSchema,
  plan_name: z.string().nullable().describe('kind plan: the account’s plan.'),
  sim: z.string().nullable().describe('kind sim: the station’s SIM number, when known.'),
  exp_ts: z.int(),
  expired: z.boolean(),
});
export type ValidityEntry = z.infer<typeof validityEntrySchema>;
export const validityOverviewResponseSchema = z.object({
  status_code: z.literal(0),
  from_ts: z.int(),
  to_ts: z.int(),
  results: z.array(validityEntrySchema).describe('Soonest first.'),
});

export const simEndpoints = defineEndpoints({
  getSIM: defineEndpoint({
    method: 'GET',
    path: '/admin/getSIM',
    query: getSimQuerySchema,
    response: getSimResponseSchema,
    auth: 'user',
    summary:
      'Admins: one SIM by its number or by its station, with status, dates, station, owner and what the operator says of it.',
  }),
  simList: defineEndpoint({
    method: 'GET',
    path: '/admin/simList',
    query: simListQuerySchema,
    response: simListResponseSchema,
    auth: 'user',
    summary: 'Admins: every SIM, filtered by status, expiry within N days, or unassigned.',
  }),
  checkSIMs: defineEndpoint({
    method: 'POST',
    path: '/admin/checkSIMs',
    body: checkSimsRequestSchema,
    response: checkSimsResponseSchema,
    auth: 'user',
    summary:
      'Admins: checks SIM numbers against the operator and the database (known, assigned, status); stores nothing.',
  }),
  storeSIMs: defineEndpoint({
    method: 'POST',
    path: '/admin/storeSIMs',
    body: storeSimsRequestSchema,
    response: storeSimsResponseSchema,
    auth: 'user',
    summary:
      'Root, Admin and Tech staff: imports the operator’s CSV export in one transaction, a result per line; a re-import changes nothing.',
  }),
  setBSSIM: defineEndpoint({
    method: 'POST',
    path: '/admin/setBSSIM',
    body: setBsSimRequestSchema,
    response: z.object({ status_code: z.literal(0), sim: simSchema.nullable() }),
    auth: 'user',
    summary:
      'Root, Admin and Tech staff: a station’s SIM and its status; a status change goes through the SIM operator first.',
  }),
  setSIMExpiration: defineEndpoint({
    method: 'POST',
    path: '/admin/setSIMExpiration',
    body: setSimExpirationRequestSchema,
    response: z.object({
      status_code: z.literal(0),
      bs_id: z.string().nullable(),
      sim: simSchema.nullable(),
    }),
    auth: 'user',
    summary:
      'Root, Admin and Tech staff: when a SIM’s (or a station’s) subscription ends; told to the operator first.',
  }),
  teliaAPI: defineEndpoint({
    method: 'POST',
    path: '/telia/API',
    body: operatorEventSchema,
    response: operatorEventResponseSchema,
    auth: 'public',
    summary:
      'The SIM operator’s callback: a SIM’s state changed (X-Callback-Secret: the shared secret; else 401/403).',
  }),
  getValidityOverview: defineEndpoint({
    method: 'GET',
    path: '/admin/getValidityOverview',
    query: validityOverviewQuerySchema,
    response: validityOverviewResponseSchema,
    auth: 'user',
    summary:
      'Admins: stations whose plan or SIM expires within `days` days (or expired within as many), with owner, soonest first.',
  }),
});
