import { z } from 'zod';
import {
  ACTIVITY_TYPES,
  BALE_WEIGHT_MAX,
  BALE_WEIGHT_STEP,
  BALES_TYPES,
  HAY_TYPES,
  HAY_TYPE_UNITS,
  STORAGE_MONTHS_MAX,
  SURVEY_STORAGE_NAME_MAX,
  SURVEY_STORAGE_TYPES,
  SURVEY_STORAGES_MAX,
  SURVEY_VOLUME_MAX,
  WEIGHT_UNITS,
  YEARLY_CUTS_MAX,
  YEARLY_CUTS_NOT_APPLICABLE,
} from '../domain/insight/surveyAnswers.js';
import { INSIGHT_TRIAL_DAYS_MAX } from '../domain/insight/insightTrial.js';
import { uidQuerySchema } from './baseStations.js';
import { defineEndpoint, defineEndpoints } from './endpoint.js';
import { serviceSchema } from './users.js';

/**
 * Insight onboarding (spec doc 1 §2 "Insight welcome flow", §3 "Survey answers", "Storage (survey)",
 * "Service", §4, §5, §7 "Insight" and "Migration", §8, §9; doc 2 §3 "Survey answers"). The shapes
 * check each value's range; whether the answers are complete is the shared step rule
 * (domain/insight/surveySteps.ts), which the server applies before it saves. Open points:
 * docs/decisions/0051-insight-onboarding.md.
 */

const userIdSchema = z.int().positive();

export const surveyStorageSchema = z.strictObject({
  id: z.int().min(1).max(1000),
  name: z.string().trim().max(SURVEY_STORAGE_NAME_MAX),
  type: z.enum(SURVEY_STORAGE_TYPES).nullable(),
  capacity: z.int().min(0).max(SURVEY_VOLUME_MAX).describe('Bales or tons, as the survey counts its volume.'),
  size: z.number().min(0).max(1_000_000).nullable().describe('Floor area, m²; null when not given.'),
  undefinedLayoutType: z.boolean(),
});

export const surveyAnswersSchema = z
  .strictObject({
    activityType: z.enum(ACTIVITY_TYPES).nullable(),
    activityOther: z.string().trim().max(200),
    hayType: z.enum(HAY_TYPES).nullable(),
    yearlyCuts: z.int().min(YEARLY_CUTS_NOT_APPLICABLE).max(YEARLY_CUTS_MAX),
    weightUnit: z.enum(WEIGHT_UNITS),
    hayTypeUnit: z.enum(HAY_TYPE_UNITS),
    balesPerYear: z.int().min(0).max(SURVEY_VOLUME_MAX),
    averageTonsPerYear: z.int().min(0).max(SURVEY_VOLUME_MAX),
    balesType: z.enum(BALES_TYPES).nullable(),
    balesWeight: z.int().min(0).max(BALE_WEIGHT_MAX.lb).multipleOf(BALE_WEIGHT_STEP),
    storageTime: z
      .tuple([z.int().min(0).max(STORAGE_MONTHS_MAX), z.int().min(0).max(STORAGE_MONTHS_MAX)])
      .describe('A month range [from, to].'),
    storagesNumber: z.int().min(0).max(SURVEY_STORAGES_MAX),
    storages: z.array(surveyStorageSchema).max(SURVEY_STORAGES_MAX),
  })
  .superRefine((a, ctx) => {
    if (a.balesWeight > BALE_WEIGHT_MAX[a.weightUnit])
      ctx.addIssue({
        code: 'custom',
        path: ['balesWeight'],
        message: `A bale weighs at most ${BALE_WEIGHT_MAX[a.weightUnit]} ${a.weightUnit}`,
      });
    if (a.storageTime[0] > a.storageTime[1])
      ctx.addIssue({
        code: 'custom',
        path: ['storageTime'],
        message: 'The storage time ends before it starts',
      });
    if (new Set(a.storages.map((s) => s.id)).size !== a.storages.length)
      ctx.addIssue({ code: 'custom', path: ['storages'], message: 'Two storages have the same id' });
  });

/** GET /client/getInsightTrialTime: spec doc 1 §9 "Trial length from the server (trialDays, default 1)". */
export const insightTrialTimeResponseSchema = z.object({
  status_code: z.literal(0),
  trialDays: z.int().min(0).max(INSIGHT_TRIAL_DAYS_MAX),
});

/** GET /client/getInsightSurvey: status 0 with the answers; 1 and null while none are saved (spec doc 1 §8). */
export const getInsightSurveyResponseSchema = z.object({
  status_code: z.union([z.literal(0), z.literal(1)]),
  data: surveyAnswersSchema.nullable(),
});
export type GetInsightSurveyResponse = z.infer<typeof getInsightSurveyResponseSchema>;

export const saveInsightSurveyRequestSchema = z.strictObject({
  UID: userIdSchema.optional(),
  answers: surveyAnswersSchema,
  /** From the onboarding wizard: the survey is then marked completed (spec doc 1 §4). */
  fromWelcomePage: z.boolean().optional(),
});
export const saveInsightSurveyResponseSchema = z.object({
  status_code: z.literal(0),
  service: serviceSchema,
});

export const saveInsightStoragesRequestSchema = z.strictObject({
  UID: userIdSchema.optional(),
  storages: z.array(surveyStorageSchema).min(1).max(SURVEY_STORAGES_MAX),
  locale: z.string().max(16).optional(),
});
export const saveInsightStoragesResponseSchema = z.object({
  status_code: z.literal(0),
  storages: z
    .array(z.object({ id: z.int(), itemID: z.int().nullable() }))
    .describe('Each survey storage and the storage made of it (null: the account has no base station yet).'),
});

/** POST /admin/insightMigration: accepting the terms makes the account an Insight user (spec doc 1 §4). */
export const insightMigrationRequestSchema = z.strictObject({
  UID: userIdSchema.optional(),
  termsAccepted: z.literal(true, 'You must accept the terms and conditions'),
});
export const insightServiceResponseSchema = z.object({
  status_code: z.literal(0),
  service: serviceSchema.nullable(),
});

export const insightHoldRequestSchema = z.strictObject({ UID: userIdSchema });

export const insightFreemiumTrialRequestSchema = z.strictObject({
  UID: userIdSchema.optional().describe("Absent: sets the installation's trial length (trialDays)."),
  trialDays: z.int().min(1).max(INSIGHT_TRIAL_DAYS_MAX),
});
export const insightFreemiumTrialResponseSchema = z.object({
  status_code: z.literal(0),
  trialDays: z.int(),
  service: serviceSchema.nullable(),
});

export const setInsightRequestSchema = z.strictObject({
  UID: userIdSchema,
  service: z
    .strictObject({
      plan: z.int().min(0).max(10),
      trial: z.int().min(-1).max(INSIGHT_TRIAL_DAYS_MAX),
      started: z.int().min(0).nullable(),
      period: z.int().min(0).max(120).nullable().describe('Months.'),
      expDate: z.int().min(0).nullable(),
      surveyCompleted: z.boolean(),
    })
    .nullable()
    .describe('null removes the service.'),
});

/** POST /testMigrationCall: a one-time key and the URL of the separate app (spec doc 1 §2 migration screen). */
export const testMigrationCallRequestSchema = z.strictObject({ UID: userIdSchema.optional() });
export const testMigrationCallResponseSchema = z.object({
  status_code: z.union([z.literal(0), z.literal(1)]).describe('1: the migration is not open.'),
  key: z.string().nullable().describe('One-time key for the separate app (status 0).'),
  url: z.string().nullable().describe("The separate app's URL; null: back to /login."),
  error: z.string().optional().describe('Why not (spec doc 1 §8: shown as the migration error text).'),
});
export type TestMigrationCallResponse = z.infer<typeof testMigrationCallResponseSchema>;

export const setMigrationOnRequestSchema = z.strictObject({
  on: z.boolean(),
  url: z
    .url({ protocol: /^https?$/ })
    .max(2048)
    .nullable()
    .describe('Where the migration screen sends the user (null: back to /login).'),
});
export const migrationSettingsResponseSchema = z.object({
  status_code: z.literal(0),
  on: z.boolean(),
  url: z.string().nullable(),
  count: z.int().describe('Accounts that have been handed a migration key.'),
});

export const insightEndpoints = defineEndpoints({
  getInsightTrialTime: defineEndpoint({
    method: 'GET',
    path: '/client/getInsightTrialTime',
    response: insightTrialTimeResponseSchema,
    auth: 'user',
    summary: 'The length of the Insight free trial, days.',
  }),
  getInsightSurvey: defineEndpoint({
    method: 'GET',
    path: '/client/getInsightSurvey',
    query: uidQuerySchema,
    response: getInsightSurveyResponseSchema,
    auth: 'user',
    summary: "The account's Insight survey answers (status 1 while none are saved).",
  }),
  saveInsightSurvey: defineEndpoint({
    method: 'POST',
    path: '/client/saveInsightSurvey',
    body: saveInsightSurveyRequestSchema,
    response: saveInsightSurveyResponseSchema,
    auth: 'user',
    summary: 'Saves complete survey answers of an Insight account (from the wizard: marks it completed).',
  }),
  saveInsightStorages: defineEndpoint({
    method: 'POST',
    path: '/client/saveInsightStorages',
    body: saveInsightStoragesRequestSchema,
    response: saveInsightStoragesResponseSchema,
    auth: 'user',
    summary: "Makes the survey's storages the account's storages, each once.",
  }),
  insightMigration: defineEndpoint({
    method: 'POST',
    path: '/admin/insightMigration',
    body: insightMigrationRequestSchema,
    response: insightServiceResponseSchema,
    auth: 'user',
    summary: 'Accepts the Insight terms: the account gets the Insight service (plan 2) in its free trial.',
  }),
  insightHold: defineEndpoint({
    method: 'POST',
    path: '/admin/insightHold',
    body: insightHoldRequestSchema,
    response: insightServiceResponseSchema,
    auth: 'user',
    summary: "Admins: ends an account's Insight trial as refused (trial -1).",
  }),
  insightFreemiumTrial: defineEndpoint({
    method: 'POST',
    path: '/admin/insightFreemiumTrial',
    body: insightFreemiumTrialRequestSchema,
    response: insightFreemiumTrialResponseSchema,
    auth: 'user',
    summary: "Admins: starts an account's free trial of trialDays, or (no UID) sets the trial length.",
  }),
  setInsight: defineEndpoint({
    method: 'POST',
    path: '/admin/setInsight',
    body: setInsightRequestSchema,
    response: insightServiceResponseSchema,
    auth: 'user',
    summary: "Admins: sets or removes an account's Insight service.",
  }),
  testMigrationCall: defineEndpoint({
    method: 'POST',
    path: '/testMigrationCall',
    body: testMigrationCallRequestSchema,
    response: testMigrationCallResponseSchema,
    auth: 'user',
    summary: 'A one-time migration key for the account and the URL of the separate app.',
  }),
  setMigrationOn: defineEndpoint({
    method: 'POST',
    path: '/setMigrationOn',
    body: setMigrationOnRequestSchema,
    response: migrationSettingsResponseSchema,
    auth: 'user',
    summary: 'Admins: turns the migration to the separate app on or off and sets its URL.',
  }),
  getMigrationCount: defineEndpoint({
    method: 'GET',
    path: '/getMigrationCount',
    response: migrationSettingsResponseSchema,
    auth: 'user',
    summary: 'Admins: the migration setting and how many accounts were handed a key.',
  }),
});
