import { z } from 'zod';
import { celsiusToFahrenheit, fahrenheitToCelsius, type DegreesUnit } from '../domain/temperature.js';
import { bsIdSchema, uidQuerySchema } from './baseStations.js';
import { recipientHealthSchema } from './delivery.js';
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

/** Spec doc 3 §5: the voice limit slider in the user's unit: 0–99 °C or 30–200 °F, step 1. */
export const VOICE_TEMP_LIMIT_RANGE: Record<DegreesUnit, { min: number; max: number }> = {
  C: { min: VOICE_TEMP_LIMIT_MIN, max: VOICE_TEMP_LIMIT_MAX },
  F: { min: 30, max: 200 },
};

/** The stored (°C) voice limit as the slider shows it: whole degrees in the user's unit, in its range. */
export function voiceLimitToDisplay(celsius: number, unit: DegreesUnit): number {
  const { min, max } = VOICE_TEMP_LIMIT_RANGE[unit];
  const v = Math.round(unit === 'C' ? celsius : celsiusToFahrenheit(celsius));
  return Math.min(max, Math.max(min, v));
}

/** A slider value as stored whole °C; 30 °F (−1 °C) is saved as 0 °C, the stored minimum. */
export function voiceLimitToCelsius(value: number, unit: DegreesUnit): number {
  const c = Math.round(unit === 'C' ? value : fahrenheitToCelsius(value));
  return Math.min(VOICE_TEMP_LIMIT_MAX, Math.max(VOICE_TEMP_LIMIT_MIN, c)) + 0;
}

/** A storage's messaging before anyone set it: every channel off, nobody chosen, the spec's defaults. */
export function defaultAlertMessaging(): AlertMessaging {
  return {
    sms: { active: false, UIDS: [] },
    email: { active: false, UIDS: [] },
    voice: {
      active: false,
      UIDS: [],
      noCallHours: [...NO_CALL_HOURS_DEFAULT],
      tempLimit: VOICE_TEMP_LIMIT_DEFAULT,
    },
    sentinel: { active: false },
  };
}

export function alertMessagingOrDefault(m: AlertMessaging | null | undefined): AlertMessaging {
  return m ?? defaultAlertMessaging();
}

/**
 * Whether two alert messagings alert alike (null is the default: every channel off). Recipients are
 * compared in order, as saved. A save that leaves the messaging alike does not change the storage's
 * alerts (docs/roles.md: a sub-user may save a storage's layout, not whom its alerts reach).
 */
export function sameAlertMessaging(
  a: AlertMessaging | null | undefined,
  b: AlertMessaging | null | undefined,
): boolean {
  const x = alertMessagingOrDefault(a);
  const y = alertMessagingOrDefault(b);
  const sameChannel = (p: { active: boolean; UIDS: number[] }, q: { active: boolean; UIDS: number[] }) =>
    p.active === q.active && p.UIDS.length === q.UIDS.length && p.UIDS.every((u, i) => u === q.UIDS[i]);
  return (
    sameChannel(x.sms, y.sms) &&
    sameChannel(x.email, y.email) &&
    sameChannel(x.voice, y.voice) &&
    x.voice.noCallHours[0] === y.voice.noCallHours[0] &&
    x.voice.noCallHours[1] === y.voice.noCallHours[1] &&
    x.voice.tempLimit === y.voice.tempLimit &&
    x.sentinel.active === y.sentinel.active
  );
}

/**
 * Spec doc 3 §5 "No-call hours: if start equals end, voice alerts are on all day and night;
 * otherwise no calls between the hours". Hours are 0–24 in the station's time zone; a span may wrap
 * midnight (22–6). `hour` is the hour of day (0–23).
 */
export function voiceCallAllowedAt(hour: number, [from, to]: readonly [number, number]): boolean {
  const f = from % 24;
  const t = to % 24;
  if (f === t) return true;
  const quiet = f < t ? hour >= f && hour < t : hour >= f || hour < t;
  return !quiet;
}

/**
 * Spec doc 3 §2 "A disabled-alerts icon shows when messaging is off": no channel would reach
 * anyone — SMS, e-mail and voice are off or have nobody chosen, and Sentinel is off.
 */
export function alertMessagingOff(m: AlertMessaging | null | undefined): boolean {
  if (!m) return true;
  const reaches = (c: { active: boolean; UIDS: number[] }) => c.active && c.UIDS.length > 0;
  return !(reaches(m.sms) || reaches(m.email) || reaches(m.voice) || m.sentinel.active);
}

/** Spec doc 1 §4, doc 3 §4: the edit-confirm dialog's three reasons, each an alerts-disabled message. */
export const EDIT_CONFIRM_REASONS = ['noProbes', 'noMonitor', 'noSms'] as const;
export type EditConfirmReason = (typeof EDIT_CONFIRM_REASONS)[number];

/**
 * Why a storage's alerts will not reach anyone by SMS when it is saved: it has no probes, no
 * monitor, or SMS is off or has nobody chosen. Empty: the ordinary save-before-closing question.
 */
export function editConfirmReasons(s: {
  probeCount: number;
  monitor: number | null;
  alertMessaging: AlertMessaging | null;
}): EditConfirmReason[] {
  const reasons: EditConfirmReason[] = [];
  if (s.probeCount === 0) reasons.push('noProbes');
  if (s.monitor === null) reasons.push('noMonitor');
  const sms = s.alertMessaging?.sms;
  if (!sms || !sms.active || sms.UIDS.length === 0) reasons.push('noSms');
  return reasons;
}

/** Spec doc 3 §5: "A phone is complete when the part after the country prefix has at least 9 digits and the total length is at least 5." */
export const PHONE_DIGITS_AFTER_PREFIX_MIN = 9;
export const PHONE_LENGTH_MIN = 5;

/** ITU country calling codes of two digits; 1 and 7 are the one-digit ones, the rest have three. */
const TWO_DIGIT_CALLING_CODES = new Set(
  '20 27 30 31 32 33 34 36 39 40 41 43 44 45 46 47 48 49 51 52 53 54 55 56 57 58 60 61 62 63 64 65 66 81 82 84 86 90 91 92 93 94 95 98'.split(
    ' ',
  ),
);

/**
 * The country prefix of an international number ("+358 40 123 4567" or "00358…"): "+" and the
 * calling code. Calling codes are prefix-free, so the digits alone say how long the code is. Null
 * for a number without "+" or "00": its country is unknown and no provider can reach it.
 */
export function phoneCountryPrefix(phone: string): string | null {
  const t = phone.trim();
  const digits = t.replace(/\D/g, '');
  const international = t.startsWith('+') ? digits : t.startsWith('00') ? digits.slice(2) : null;
  if (!international || !/^[+0-9 ()./-]+$/.test(t)) return null;
  const first = international.slice(0, 1);
  const len =
    first === '1' || first === '7' ? 1 : TWO_DIGIT_CALLING_CODES.has(international.slice(0, 2)) ? 2 : 3;
  return international.length > len ? `+${international.slice(0, len)}` : null;
}

export function isPhoneComplete(phone: string | null | undefined): boolean {
  if (!phone || phone.trim().length < PHONE_LENGTH_MIN) return false;
  const prefix = phoneCountryPrefix(phone);
  if (!prefix) return false;
  const digits = phone.replace(/\D/g, '').replace(/^00/, '');
  return digits.length - (prefix.length - 1) >= PHONE_DIGITS_AFTER_PREFIX_MIN;
}

/**
 * A phone as the SMS provider is given it (E.164: `+` and digits; `00` read as `+`), the form the
 * outbox keeps its address in — the same as the delivery feature's `e164`.
 */
export function phoneE164(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return `+${phone.trim().startsWith('+') ? digits : digits.replace(/^00/, '')}`;
}

/**
 * Someone a storage's alerts may reach: the account's owner or one of its sub-users, with the
 * confirmed phone and the e-mail address the account has for them (null when none).
 */
export const alertRecipientSchema = z.object({
  U_ID: z.int(),
  name: z.string(),
  /** The confirmed phone, international form; null without one. */
  phone: z.string().nullable(),
  /** isPhoneComplete(phone): SMS and voice can be chosen for the entry only then. */
  phoneComplete: z.boolean(),
  /** Null without an address: the e-mail checkbox is disabled (spec doc 3 §5). */
  email: z.string().nullable(),
  /** The account's owner (main user), not a sub-user. */
  owner: z.boolean(),
  /**
   * Ours (decision 0070): the channels on which messages to this person's current phone or address
   * fail for good now, with since when and the last error; empty while everything arrives.
   */
  health: z.array(recipientHealthSchema),
});
export type AlertRecipient = z.infer<typeof alertRecipientSchema>;

/** GET /client/getAlertRecipients: who the account's storages can alert, and which channels it has. */
export const getAlertRecipientsResponseSchema = z.object({
  status_code: z.literal(0),
  results: z.array(alertRecipientSchema).describe('The owner first, then the sub-users by name.'),
  /** Spec doc 3 §6 "Voice call option: only when voiceCallEnabled" (the account's). */
  voiceCallEnabled: z.boolean(),
  /** Spec doc 3 §6 "Sentinel: only when sentinelAlerts exists" (the account's). */
  sentinel: z.boolean(),
  /** Ours (decision 0070): the account's Sentinel target when its calls fail for good; null otherwise. */
  sentinelHealth: recipientHealthSchema.nullable(),
});
export type GetAlertRecipientsResponse = z.infer<typeof getAlertRecipientsResponseSchema>;

/** POST /client/setCustomAlertHours (spec doc 1 §7): a storage's voice limit (°C) and no-call hours. */
export const setCustomAlertHoursRequestSchema = z.strictObject({
  UID: z.int().positive().optional(),
  itemID: z.int().positive(),
  noCallHours: z.tuple([hourSchema, hourSchema]).describe('[from, to]; equal hours: calls day and night.'),
  tempLimit: z.int().min(VOICE_TEMP_LIMIT_MIN).max(VOICE_TEMP_LIMIT_MAX).describe('°C.'),
});
export type SetCustomAlertHoursRequest = z.infer<typeof setCustomAlertHoursRequestSchema>;

/**
 * What the delivery feature reads for one storage (the storages feature's `alertMessagingOf`): the
 * channels as they may be used now — voice off unless the account has voice calls, Sentinel off
 * without a Sentinel target — and per channel the people with an address for it (SMS and voice:
 * a complete phone; e-mail: an address). A chosen user who left the account is dropped.
 */
export const deliveryRecipientSchema = z.object({
  userId: z.int(),
  name: z.string(),
  /** The phone (SMS, voice) or the e-mail address (e-mail). */
  address: z.string(),
  language: z.string(),
  country: z.string().nullable(),
});
export type DeliveryRecipient = z.infer<typeof deliveryRecipientSchema>;
const deliveryChannelSchema = z.object({ active: z.boolean(), recipients: z.array(deliveryRecipientSchema) });
export const storageAlertMessagingSchema = z.object({
  storageId: z.int(),
  ownerId: z.int(),
  storageName: z.string(),
  bsId: z.string(),
  sms: deliveryChannelSchema,
  email: deliveryChannelSchema,
  voice: deliveryChannelSchema.extend({
    noCallHours: z.tuple([hourSchema, hourSchema]),
    /** °C: voice only above it (spec doc 3 §5). */
    tempLimit: z.int(),
  }),
  sentinel: z.object({ active: z.boolean() }),
});
export type StorageAlertMessaging = z.infer<typeof storageAlertMessagingSchema>;

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
  getAlertRecipients: defineEndpoint({
    method: 'GET',
    path: '/client/getAlertRecipients',
    query: uidQuerySchema,
    response: getAlertRecipientsResponseSchema,
    auth: 'user',
    summary:
      "Who the account's storage alerts may reach (owner and sub-users) and its voice and Sentinel rights.",
  }),
  setCustomAlertHours: defineEndpoint({
    method: 'POST',
    path: '/client/setCustomAlertHours',
    body: setCustomAlertHoursRequestSchema,
    response: saveStorageResponseSchema,
    auth: 'user',
    summary: "Saves a storage's voice-call temperature limit (°C) and no-call hours.",
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
