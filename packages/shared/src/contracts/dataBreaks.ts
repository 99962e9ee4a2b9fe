import { z } from 'zod';
import {
  DATA_BREAK_DELAY_MAX_S,
  DATA_BREAK_DELAY_MIN_S,
  isDataBreakDelay,
} from '../domain/dataBreaks/dataBreakDelay.js';
import { uidQuerySchema } from './baseStations.js';
import { defineEndpoint, defineEndpoints } from './endpoint.js';

/**
 * The data-break delay (issue 27 item 2; docs/decisions/0071-data-break-delay.md): how long a station
 * or probe may stay silent before it is a data break (spec doc 3 §9 noBSData, noProbeData), chosen by
 * the owner for the account and overridable per storage. The spec names no call for it; these follow
 * its catalogue's style (getStorages / saveStorage).
 */

const hoursText = (s: number) => `${s / 3600} h`;

/** Seconds, whole minutes from 30 min to 48 h; null: the default (the account's, or the spec's 4 h). */
export const dataBreakDelaySchema = z
  .int()
  .refine(
    isDataBreakDelay,
    `The delay must be whole minutes from ${DATA_BREAK_DELAY_MIN_S / 60} min to ${hoursText(DATA_BREAK_DELAY_MAX_S)} (in seconds).`,
  )
  .nullable();

export const storageDataBreakDelaySchema = z.object({
  itemID: z.int().positive(),
  name: z.string(),
  delayS: dataBreakDelaySchema.describe("The storage's override (seconds); null: the account's delay."),
});
export type StorageDataBreakDelay = z.infer<typeof storageDataBreakDelaySchema>;

export const getDataBreakSettingsQuerySchema = uidQuerySchema;

export const getDataBreakSettingsResponseSchema = z.object({
  status_code: z.literal(0),
  delayS: dataBreakDelaySchema.describe("The account's delay (seconds); null: the default."),
  /** The default of an account that chose none: the spec's 4 h. */
  defaultS: z.int(),
  minS: z.int(),
  maxS: z.int(),
  storages: z.array(storageDataBreakDelaySchema).describe("The account's storages by name."),
});
export type GetDataBreakSettingsResponse = z.infer<typeof getDataBreakSettingsResponseSchema>;

export const saveDataBreakSettingsRequestSchema = z.strictObject({
  UID: z.int().positive().optional().describe('The account, when an admin acts for it.'),
  /** Absent: the account's delay stays; null: back to the default. */
  delayS: dataBreakDelaySchema.optional(),
  /** Only the storages listed change; each must be the account's. */
  storages: z
    .array(z.strictObject({ itemID: z.int().positive(), delayS: dataBreakDelaySchema }))
    .max(1000)
    .refine((l) => new Set(l.map((s) => s.itemID)).size === l.length, 'A storage is listed twice.')
    .optional(),
});
export type SaveDataBreakSettingsRequest = z.infer<typeof saveDataBreakSettingsRequestSchema>;

export const dataBreakEndpoints = defineEndpoints({
  getDataBreakSettings: defineEndpoint({
    method: 'GET',
    path: '/client/getDataBreakSettings',
    query: getDataBreakSettingsQuerySchema,
    response: getDataBreakSettingsResponseSchema,
    auth: 'user',
    summary: "The account's data-break delay and each storage's override (seconds).",
  }),
  saveDataBreakSettings: defineEndpoint({
    method: 'POST',
    path: '/client/saveDataBreakSettings',
    body: saveDataBreakSettingsRequestSchema,
    response: getDataBreakSettingsResponseSchema,
    auth: 'user',
    summary: "Saves the account's data-break delay and storages' overrides (owner or admin).",
  }),
});
