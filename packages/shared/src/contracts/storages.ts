import { z } from 'zod';
import { bsIdSchema, uidQuerySchema } from './baseStations.js';
import { defineEndpoint, defineEndpoints } from './endpoint.js';
import { layoutPrefsSchema, sensorLayoutSchema, stacksSchema } from './storageLayout.js';
import { statusOkSchema } from './statusOk.js';

/**
 * Storages (spec doc 3 §3 "Storage", §5 "Storages", §7 "Save storage", "Create storage", "Delete
 * storage"). The layout shapes (sensor_layout, stacks, layout_prefs) and their limits are in
 * storageLayout.ts; the rules that depend on the account (the segment-15 limits, whose probes may be
 * placed) are the server's. What the spec leaves open is in docs/decisions/0019-storages-store.md.
 */

/** Spec doc 3 §9: "Default storage capacity max 1000" (the survey-derived maximum comes later). */
export const STORAGE_CAPACITY_MAX_DEFAULT = 1000;
export const STORAGE_NAME_MAX = 60;
export const STORAGE_TYPE_MAX = 40;
/** Spec doc 3 §5 "Voice-call temperature limit: 0-99 °C", default 60. */
export const VOICE_TEMP_LIMIT_MIN = 0;
export const VOICE_TEMP_LIMIT_MAX = 99;
export const VOICE_TEMP_LIMIT_DEFAULT = 60;
/** Spec doc 3 §5 "No-call hours … Default 9 to 17". */
export const NO_CALL_HOURS_DEFAULT: [number, number] = [9, 17];

const hourSchema = z.int().min(0).max(24);
const userIdSchema = z.int().positive();

/** One channel of Storage.alertMessaging: on or off, and which of the account's users it reaches. */
export const alertChannelSettingSchema = z.strictObject({
  active: z.boolean(),
  UIDS: z
    .array(userIdSchema)
    .max(50)
    .describe("Users of the storage's account (the owner or its sub-users)."),
});

/** Spec doc 3 §3 Storage.alertMessaging: sms/email/voice {active, UIDS}, voice also hours and limit, sentinel. */
export const alertMessagingSchema = z.strictObject({
  sms: alertChannelSettingSchema,
  email: alertChannelSettingSchema,
  voice: alertChannelSettingSchema.extend({
    /** [from, to]: no calls between the hours; equal hours mean calls day and night (spec doc 3 §5). */
    noCallHours: z.tuple([hourSchema, hourSchema]),
    /** °C; the web converts for °F users. */
    tempLimit: z.int().min(VOICE_TEMP_LIMIT_MIN).max(VOICE_TEMP_LIMIT_MAX),
  }),
  sentinel: z.strictObject({ active: z.boolean() }),
});
export type AlertMessaging = z.infer<typeof alertMessagingSchema>;

/**
 * Spec doc 3 §3 Storage.qualityPeriod {from, to}: epoch seconds; `to` null means ongoing (to = today).
 * The whole period is null while unset (spec doc 4 "Quality view": unset, set, ongoing).
 */
export const qualityPeriodSchema = z
  .strictObject({
    from: z.int().min(0),
    to: z.int().min(0).nullable(),
  })
  .refine((p) => p.to === null || p.to >= p.from, {
    message: 'The period ends before it starts',
    path: ['to'],
  });
export type QualityPeriod = z.infer<typeof qualityPeriodSchema>;

/** What a client sends: a storage without its id (create) or with it (edit). The whole item is saved. */
export const storageInputSchema = z.strictObject({
  itemID: z.int().positive().optional().describe('Absent to create a storage; the id of the one to edit.'),
  name: z.string().trim().min(1, 'The storage name is required').max(STORAGE_NAME_MAX),
  type: z
    .string()
    .trim()
    .min(1, 'The storage type is required')
    .max(STORAGE_TYPE_MAX)
    .describe('What is stored or how (free text, e.g. "Round bales"); the spec names no list.'),
  capacity: z.int().min(0).nullable().describe('Bales or tons; at most the account maximum (default 1000).'),
  BS_ID: bsIdSchema.describe("The base station whose probes the storage holds; one of the account's."),
  layoutType: z
    .int()
    .nullable()
    .describe('1 rows (2D), 2 floors (3D), 3 stacks; null while undefined (storageLayouts.ts).'),
  sensor_layout: sensorLayoutSchema.nullable().describe('The rows/floors layout; null for stacks.'),
  stacks: stacksSchema.describe('The bale stacks of a stacks layout; empty otherwise.'),
  monitor: z.int().positive().nullable().describe('The itemID of the monitor that watches the storage.'),
  layout_prefs: layoutPrefsSchema.nullable(),
  alertMessaging: alertMessagingSchema.nullable(),
  qualityPeriod: qualityPeriodSchema.nullable(),
});
export type StorageInput = z.infer<typeof storageInputSchema>;

/** A saved storage as the server answers it. */
export const storageSchema = storageInputSchema.extend({
  itemID: z.int(),
  capacity: z.int().nullable(),
  /** The account the storage belongs to. */
  UID: z.int(),
  /** Spec doc 3 §3 undefinedLayoutType: true while no layout type is chosen (layoutType null). */
  undefinedLayoutType: z.boolean(),
  updated_ts: z.int(),
});
export type Storage = z.infer<typeof storageSchema>;

/** GET /client/getStorages: the account's storages (UID for an account the caller may act for). */
export const getStoragesQuerySchema = uidQuerySchema;
export const getStoragesResponseSchema = z.object({
  status_code: z.literal(0),
  results: z.array(storageSchema).describe('Sorted by name.'),
});
export type GetStoragesResponse = z.infer<typeof getStoragesResponseSchema>;

/** POST /client/saveStorage — spec doc 3 §7 "Save storage {UID, item}" and "Create storage". */
export const saveStorageRequestSchema = z.strictObject({
  UID: userIdSchema.optional(),
  item: storageInputSchema,
  /** Sent by the create call of spec doc 3 §7; the server uses neither yet. */
  locale: z.string().max(16).optional(),
  insightUser: z.boolean().optional(),
});
export type SaveStorageRequest = z.infer<typeof saveStorageRequestSchema>;
export const saveStorageResponseSchema = z.object({ status_code: z.literal(0), item: storageSchema });
export type SaveStorageResponse = z.infer<typeof saveStorageResponseSchema>;

/** POST /client/removeStorage — spec doc 3 §7 "Delete storage {UID, itemID}". */
export const removeStorageRequestSchema = z.strictObject({
  UID: userIdSchema.optional(),
  itemID: z.int().positive(),
});

/** Storages of an account (spec doc 3 §7), served by the storages feature. */
export const storageEndpoints = defineEndpoints({
  getStorages: defineEndpoint({
    method: 'GET',
    path: '/client/getStorages',
    query: getStoragesQuerySchema,
    response: getStoragesResponseSchema,
    auth: 'user',
    summary: "The storages of the caller's account, or of an account it may act for (UID), by name.",
  }),
  saveStorage: defineEndpoint({
    method: 'POST',
    path: '/client/saveStorage',
    body: saveStorageRequestSchema,
    response: saveStorageResponseSchema,
    auth: 'user',
    summary: 'Creates a storage (no itemID) or replaces one (itemID) with its layout and probes.',
  }),
  removeStorage: defineEndpoint({
    method: 'POST',
    path: '/client/removeStorage',
    body: removeStorageRequestSchema,
    response: statusOkSchema,
    auth: 'user',
    summary: 'Deletes a storage; its probes become free to place elsewhere.',
  }),
});
