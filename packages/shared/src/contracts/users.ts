import { z } from 'zod';
import { bsConfResponseSchema, bsListEntrySchema, uidQuerySchema } from './baseStations.js';
import { defineEndpoint, defineEndpoints } from './endpoint.js';
import { userNewsSchema } from './notifications.js';
import { uiPreferencesSchema, uiPrefsRequestSchema } from './preferences.js';

/** Spec doc 1 §9 plan names; doc 1 §1 plan levels 2 = hay, 3 = old premium, 4 = grain/waste. */
export const PLAN_NAMES = [
  'Free',
  'INSIGHT',
  'Premium',
  'Supervisor',
  'Grain Supervisor',
  'Periskop',
  'Laundry',
] as const;
export type PlanName = (typeof PLAN_NAMES)[number];

export const planSchema = z.object({
  planName: z.enum(PLAN_NAMES),
  planLevel: z.int(),
  segment: z.int().nullable(),
  dueDate: z.int().nullable().describe('Epoch seconds.'),
  expired: z.boolean(),
});
export type Plan = z.infer<typeof planSchema>;

export const serviceSchema = z.object({
  plan: z.number(),
  trial: z.number(),
  started: z.number().nullable(),
  period: z.number().nullable(),
  expDate: z.number().nullable(),
  surveyCompleted: z.boolean(),
  /** Spec doc 1 §3 Service: the rest of its fields (the Insight onboarding writes them; decision 0051). */
  renewed: z.number().nullable().optional(),
  nextPayment: z
    .object({ date: z.number().describe('Epoch seconds.'), type: z.string() })
    .nullable()
    .optional(),
  oldPlans: z
    .array(planSchema)
    .optional()
    .describe('The plans the account had when it became an Insight user.'),
});
export type Service = z.infer<typeof serviceSchema>;

/** Spec doc 1 §3 "User info" (the fields this product has so far). */
export const userInfoSchema = z.object({
  U_ID: z.int(),
  UID: z.int(),
  username: z.string(),
  firstname: z.string().nullable(),
  lastname: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  country: z.string().nullable(),
  language: z.string(),
  demo: z.boolean(),
  bs_BS_IDs: z.array(z.string()),
  bs_list: z.array(bsListEntrySchema),
  FC_IDs: z
    .array(z.string())
    .describe('The account\'s fan controllers and RC units (spec doc 3 §3 "User fields used here").'),
  plans: z.array(planSchema),
  service: serviceSchema.nullable(),
  /** Spec doc 1 §3 "api_plan.due": the public API plan (migration 0037); null without one. */
  api_plan: z
    .object({ due: z.int().nullable().describe('Epoch seconds.') })
    .nullable()
    .optional(),
  blocked: z.boolean(),
  translator: z.boolean(),
  storagesEnabled: z.boolean(),
  siteindex: z.boolean(),
  voiceCallEnabled: z.boolean(),
  masterAuthorizations: z.array(
    z.object({
      UID: z.int(),
      id: z.int(),
      authorized: z.boolean(),
      name: z.string().describe('The master account as its owner knows it (company, else name or username).'),
    }),
  ),
  subUsers: z.array(z.object({ U_ID: z.int(), name: z.string(), username: z.string().nullable() })),
  subUserCount: z.int(),
  // The caller's news (not the account's it acts for): none for masters (spec doc 1 §6).
  ...userNewsSchema.shape,
});
export type UserInfo = z.infer<typeof userInfoSchema>;

/** GET /client/userInfo */
export const userInfoResponseSchema = z.object({
  status_code: z.literal(0),
  userinfo: userInfoSchema,
});
export type UserInfoResponse = z.infer<typeof userInfoResponseSchema>;

/**
 * GET /client/getUserInfoAndConf (spec doc 1 §7 Users): the user info and the configuration of every
 * station in its bs_list, in one answer (decision 0108) — what the app loads one after the other at
 * start and after a payment (doc 2 §8 "user info and base station config reloaded").
 */
export const userInfoAndConfResponseSchema = z.object({
  status_code: z.literal(0),
  userinfo: userInfoSchema,
  bsConfs: z
    .array(bsConfResponseSchema.omit({ status_code: true }))
    .describe('The configuration of each station of userinfo.bs_list, in its order (as GET bsConf).'),
});
export type UserInfoAndConfResponse = z.infer<typeof userInfoAndConfResponseSchema>;

/** POST /client/uiPrefs: the preferences as saved (the change merged over the stored ones). */
export const uiPrefsResponseSchema = z.object({
  status_code: z.literal(0),
  ui_preferences: uiPreferencesSchema,
});
export type UiPrefsResponse = z.infer<typeof uiPrefsResponseSchema>;

/** User info and preferences, served by the users feature. */
export const userEndpoints = defineEndpoints({
  userInfo: defineEndpoint({
    method: 'GET',
    path: '/client/userInfo',
    query: uidQuerySchema,
    response: userInfoResponseSchema,
    auth: 'user',
    summary: "The caller's user info, or (UID) that of an account it may act for.",
  }),
  getUserInfoAndConf: defineEndpoint({
    method: 'GET',
    path: '/client/getUserInfoAndConf',
    query: uidQuerySchema,
    response: userInfoAndConfResponseSchema,
    auth: 'user',
    summary:
      'The user info (as userInfo) and the configuration of each of its stations (as bsConf), in one call.',
  }),
  uiPrefs: defineEndpoint({
    method: 'POST',
    path: '/client/uiPrefs',
    body: uiPrefsRequestSchema,
    response: uiPrefsResponseSchema,
    auth: 'user',
    summary: "Saves the caller's preferences, or a customer's when an admin passes UID.",
  }),
});
