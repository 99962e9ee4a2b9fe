import { z } from 'zod';
import { SMS_CODE_LENGTH } from './account.js';
import { uidQuerySchema } from './baseStations.js';
import { defineEndpoint, defineEndpoints } from './endpoint.js';
import { MAX_GARI_ACCOUNTS, MAX_GARI_PROBES, MAX_GARI_STATIONS } from '../domain/gariMigration/gariExport.js';
import { GARI_MIGRATION_STATES, type GariProblemCode } from '../domain/gariMigration/gariMigrationPlan.js';

/**
 * The migration from the older Gari system (issue 31 item 6; spec doc 1 §7 "Admin POST"
 * checkGariUsername, checkGariMigration, migrateGariUser, confirmGariMobile; decision 0102). An
 * operator uploads the older system's export (docs/gari-export-format.md); the page reads it with
 * domain/gariMigration/gariExport.ts and sends its accounts here. The list of migrations and the
 * account's own state (the top bar's "account migrated" badge) are read with the two GETs.
 */

const text = (max: number) => z.string().trim().max(max);

export const gariProbeSchema = z.object({
  id: text(32),
  name: text(100).default(''),
  material: text(20).default('hay'),
  depths: z.int().min(0).max(99).default(3),
});
export const gariStationSchema = z.object({
  id: text(32),
  name: text(100).default(''),
  probes: z.array(gariProbeSchema).max(MAX_GARI_PROBES).default([]),
});
/** One account of the export, as domain/gariMigration/gariExport.ts reads it (fields judged there). */
export const gariAccountSchema = z.object({
  gari_id: text(64),
  username: text(64),
  name: text(100).default(''),
  company: text(100).default(''),
  phone: text(40).default(''),
  email: text(254).default(''),
  language: text(5).default('en'),
  stations: z.array(gariStationSchema).max(MAX_GARI_STATIONS),
});
export type GariAccountInput = z.input<typeof gariAccountSchema>;

export const gariMigrationStateSchema = z.enum(GARI_MIGRATION_STATES);
export const gariUsernameStatusSchema = z.enum(['free', 'gari', 'migrated', 'taken', 'invalid']);

export const checkGariUsernameRequestSchema = z.strictObject({
  username: text(64),
  gari_id: text(64)
    .optional()
    .describe('The older account; with it, a username it was moved into is `migrated`.'),
});
export const checkGariUsernameResponseSchema = z.object({
  status_code: z.literal(0),
  username: z.string(),
  status: gariUsernameStatusSchema.describe(
    'free: nobody has it; gari: a Gari user not yet migrated (attached to); migrated: this older account is in it; taken: another account’s; invalid: not a username.',
  ),
  uid: z.int().nullable().describe('The account holding it (not for `taken`, which another customer holds).'),
});

export const gariProblemSchema = z.object({
  code: z.string() as z.ZodType<GariProblemCode>,
  subject: z.string().nullable().describe('The station or probe id; null: the account.'),
  message: z.string(),
});
export type GariProblemItem = z.infer<typeof gariProblemSchema>;

export const gariCheckSchema = z.object({
  gari_id: z.string(),
  username: z.string(),
  username_status: gariUsernameStatusSchema.exclude(['invalid']),
  uid: z.int().nullable().describe('The account it would go into; null: a new one.'),
  stations_new: z.array(z.string()),
  stations_kept: z.array(z.string()).describe('In the account already: not duplicated.'),
  probes_new: z.array(z.string()),
  probes_kept: z.array(z.string()),
  problems: z.array(gariProblemSchema).describe('Any problem refuses the whole account.'),
  state: gariMigrationStateSchema.nullable().describe('Its migration so far; null: never started.'),
});
export type GariCheck = z.infer<typeof gariCheckSchema>;

export const checkGariMigrationRequestSchema = z.strictObject({
  accounts: z.array(gariAccountSchema).min(1).max(MAX_GARI_ACCOUNTS),
});
export const checkGariMigrationResponseSchema = z.object({
  status_code: z.literal(0),
  results: z.array(gariCheckSchema),
});

export const migrateGariUserRequestSchema = z.strictObject({ account: gariAccountSchema });
export const migrateGariUserResponseSchema = z.object({
  status_code: z.literal(0),
  gari_id: z.string(),
  uid: z.int(),
  username: z.string(),
  created_account: z.boolean().describe('A new account; false: attached to the Gari user’s.'),
  stations_added: z.int(),
  probes_added: z.int(),
  already: z.boolean().describe('Migrated before and nothing was missing: nothing changed.'),
  state: gariMigrationStateSchema,
});
export type MigrateGariUserResponse = z.infer<typeof migrateGariUserResponseSchema>;

export const confirmGariMobileRequestSchema = z.strictObject({
  gari_id: text(64).min(1),
  code: z
    .string()
    .regex(new RegExp(`^\\d{${SMS_CODE_LENGTH}}$`), `The code is ${SMS_CODE_LENGTH} digits.`)
    .optional()
    .describe('Without: sends (again) a code by SMS to the account’s phone; with: confirms it.'),
});
export const confirmGariMobileResponseSchema = z.object({
  status_code: z.literal(0),
  gari_id: z.string(),
  phone: z.string(),
  sent: z.boolean().describe('A code went out now.'),
  state: gariMigrationStateSchema,
});
export type ConfirmGariMobileResponse = z.infer<typeof confirmGariMobileResponseSchema>;

export const gariMigrationSchema = z.object({
  gari_id: z.string(),
  uid: z.int().nullable(),
  username: z.string(),
  phone: z.string(),
  state: gariMigrationStateSchema,
  created_account: z.boolean(),
  stations: z.int().describe('Stations added by the migration.'),
  probes: z.int(),
  started_ts: z.int(),
  completed_ts: z.int().nullable(),
  phone_confirmed_ts: z.int().nullable(),
  code_sent_ts: z.int().nullable(),
  last_error: z.string().nullable().describe('Why the last try stopped (a started migration).'),
});
export type GariMigration = z.infer<typeof gariMigrationSchema>;

export const gariMigrationStateResponseSchema = z.object({
  status_code: z.literal(0),
  migrationCompleted: z
    .boolean()
    .describe('The account was moved in from the older Gari system (the top bar’s “account migrated”).'),
  phoneConfirmed: z.boolean(),
});

export const gariMigrationEndpoints = defineEndpoints({
  checkGariUsername: defineEndpoint({
    method: 'POST',
    path: '/admin/checkGariUsername',
    body: checkGariUsernameRequestSchema,
    response: checkGariUsernameResponseSchema,
    auth: 'user',
    summary:
      'Admins: whether a username is free, a Gari user’s, already migrated into, or taken; stores nothing.',
  }),
  checkGariMigration: defineEndpoint({
    method: 'POST',
    path: '/admin/checkGariMigration',
    body: checkGariMigrationRequestSchema,
    response: checkGariMigrationResponseSchema,
    auth: 'user',
    summary:
      'Admins: what migrating each account of a Gari export would create or find, and every problem; stores nothing.',
  }),
  migrateGariUser: defineEndpoint({
    method: 'POST',
    path: '/admin/migrateGariUser',
    body: migrateGariUserRequestSchema,
    response: migrateGariUserResponseSchema,
    auth: 'user',
    summary:
      'Root and Admin staff: moves one Gari account in (creates or attaches to the account, its stations and probes) in one transaction; again adds only what is missing.',
  }),
  confirmGariMobile: defineEndpoint({
    method: 'POST',
    path: '/admin/confirmGariMobile',
    body: confirmGariMobileRequestSchema,
    response: confirmGariMobileResponseSchema,
    auth: 'user',
    summary:
      'Root and Admin staff: sends a migrated account’s phone a code by SMS, or confirms the phone with it (status 2 wrong code, 13 already confirmed).',
  }),
  getGariMigrations: defineEndpoint({
    method: 'GET',
    path: '/admin/getGariMigrations',
    response: z.object({ status_code: z.literal(0), results: z.array(gariMigrationSchema) }),
    auth: 'user',
    summary: 'Admins: every account moved in from the Gari system, with its state, newest first.',
  }),
  gariMigrationState: defineEndpoint({
    method: 'GET',
    path: '/client/gariMigrationState',
    query: uidQuerySchema,
    response: gariMigrationStateResponseSchema,
    auth: 'user',
    summary: 'Whether the account was moved in from the Gari system, and its phone confirmed since.',
  }),
});
