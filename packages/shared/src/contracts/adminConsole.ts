import { z } from 'zod';
import { defineEndpoint, defineEndpoints } from './endpoint.js';
import { SEARCH_KEYS, SYSTEM_FAMILIES } from '../domain/adminConsole.js';

/**
 * The operator console's shell (spec doc 1 §2 "Admin bar", §7 Admin GET `basestations` and
 * `findSystem`; decision 0088): what the admin bar needs to know about the server it talks to, the
 * list of every station, and the picker's search by station, probe, user, phone and SIM.
 */

export const systemFamilySchema = z
  .enum(SYSTEM_FAMILIES)
  .describe(
    "The system family of the station's account: main (Emberwatch's own), haytech (the hay app), gari (the older Gari system).",
  );

/** The account a station belongs to, as the console names it. */
export const stationOwnerSchema = z.object({
  UID: z.int().describe("The account's main user: the UID an admin adds to calls made for it."),
  username: z.string(),
  name: z.string().nullable().describe('First and last name, when the account has them.'),
});
export type StationOwner = z.infer<typeof stationOwnerSchema>;

/** One station of the console's list (GET /admin/basestations). */
export const adminStationSchema = z.object({
  bs_id: z.string(),
  display_name: z.string().nullable(),
  family: systemFamilySchema,
  owner: stationOwnerSchema,
  probeCount: z.int(),
  last_data_ts: z.int().nullable(),
});
export type AdminStation = z.infer<typeof adminStationSchema>;

/** A search text: at most 64 characters, no control characters (`min` 1 where one is required). */
function searchText(min = 0) {
  return z
    .string()
    .trim()
    .min(min, 'Type something to search for.')
    .max(64, 'The search may be at most 64 characters long.')
    .refine(
      (s) => [...s].every((ch) => ch.charCodeAt(0) >= 32),
      'The search may not hold control characters.',
    );
}

export const adminBasestationsQuerySchema = z.strictObject({
  family: systemFamilySchema.optional().describe('Only stations of this family; every family when absent.'),
  q: searchText()
    .optional()
    .describe('Only stations whose id, name or owner (username, name) holds this text, any case.'),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});
export type AdminBasestationsQuery = z.input<typeof adminBasestationsQuerySchema>;

export const adminBasestationsResponseSchema = z.object({
  status_code: z.literal(0),
  results: z.array(adminStationSchema),
  total: z.int().describe('Stations that match, over all pages.'),
  limit: z.int(),
  offset: z.int(),
});
export type AdminBasestationsResponse = z.infer<typeof adminBasestationsResponseSchema>;

export const searchKeySchema = z.enum(SEARCH_KEYS);

export const findSystemQuerySchema = z.strictObject({
  q: searchText(1),
  by: z
    .enum(['any', 'station', 'probe', 'user', 'phone', 'sim'])
    .default('any')
    .describe(
      'Where to look: station (id, name), probe (id, from its start), user (username, name, e-mail), phone, SIM; any: all of them.',
    ),
  family: systemFamilySchema.optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
  offset: z.coerce.number().int().min(0).max(1000).default(0),
});
export type FindSystemQuery = z.input<typeof findSystemQuerySchema>;
export type FindSystemBy = z.output<typeof findSystemQuerySchema>['by'];

/** One match of the picker: a station, its owner and what the search found on it. */
export const systemMatchSchema = z.object({
  bs_id: z.string(),
  display_name: z.string().nullable(),
  family: systemFamilySchema,
  owner: stationOwnerSchema,
  matched: z.object({
    key: searchKeySchema,
    value: z.string().describe('The text that matched: the probe id, the e-mail, the phone number…'),
  }),
});
export type SystemMatch = z.infer<typeof systemMatchSchema>;

export const findSystemResponseSchema = z.object({
  status_code: z.literal(0),
  results: z
    .array(systemMatchSchema)
    .describe('Best first: exact matches, then those that start with the text, then the rest.'),
  more: z.boolean().describe('More matches follow (ask again with a larger offset).'),
});
export type FindSystemResponse = z.infer<typeof findSystemResponseSchema>;

export const consoleInfoResponseSchema = z.object({
  status_code: z.literal(0),
  environment: z
    .enum(['development', 'production', 'test'])
    .describe('The server’s environment: the admin bar is coloured by it.'),
  staffLevel: z.enum(['root', 'admin', 'tech', 'sales']),
});
export type ConsoleInfoResponse = z.infer<typeof consoleInfoResponseSchema>;

/** The admin console's shell, served by the admin-console feature. */
export const adminConsoleEndpoints = defineEndpoints({
  consoleInfo: defineEndpoint({
    method: 'GET',
    path: '/admin/consoleInfo',
    response: consoleInfoResponseSchema,
    auth: 'user',
    summary: "The admin bar's facts: the server's environment and the caller's staff level.",
  }),
  basestations: defineEndpoint({
    method: 'GET',
    path: '/admin/basestations',
    query: adminBasestationsQuerySchema,
    response: adminBasestationsResponseSchema,
    auth: 'user',
    summary: 'Every base station with its owner, a page at a time, by family and text (admins).',
  }),
  findSystem: defineEndpoint({
    method: 'GET',
    path: '/admin/findSystem',
    query: findSystemQuerySchema,
    response: findSystemResponseSchema,
    auth: 'user',
    summary: 'Finds stations by station id or name, probe id, user, phone or SIM (admins).',
  }),
});
