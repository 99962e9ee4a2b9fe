import { z } from 'zod';
import { defineEndpoint, defineEndpoints } from './endpoint.js';

/**
 * The site index (spec doc 2 §2.7 "A screen listing sites for master users or users with several
 * base stations", §7 "Multisite data", §9; doc 1 §2, §7 GET /client/getMultisiteData; decision 0105):
 * every farm the caller watches, each with its sites (base stations) and, per site, its hottest probe
 * now, its open alerts and the age of its newest reading. Site names are the sites feature's
 * (getSiteNames, saveSiteNames); they are applied here. Temperatures are tenths of °C; the web
 * colours them with the viewer's colour steps.
 */

export const siteFreshnessSchema = z
  .enum(['fresh', 'over24h', 'notAvailable', 'noData'])
  .describe(
    'The newest reading: fresh; over24h (over 24 h old, highlighted); notAvailable (over 7 days); noData (none).',
  );

export const hottestProbeSchema = z.object({
  sensor_id: z.string(),
  name: z.string().nullable().describe("The probe's name; null when it has none (shown as its id)."),
  temperature: z.int().describe('Tenths of °C: its hottest depth, with its correction applied.'),
  meas_ts: z.int().describe('When it was read (epoch s).'),
});
export type HottestProbe = z.infer<typeof hottestProbeSchema>;

export const multisiteSiteSchema = z.object({
  BS_ID: z.string(),
  name: z.string().describe("The caller's site name when set, else the station's display name, else its id."),
  siteName: z.string().nullable().describe("The caller's own name for the site (saveSiteNames); null: none."),
  stationName: z.string().nullable().describe("The station's display name."),
  probes: z.int().describe('Enabled probes on the station.'),
  lastDataTs: z.int().nullable().describe('The newest reading of any of its probes (epoch s); null: none.'),
  freshness: siteFreshnessSchema,
  hottest: hottestProbeSchema
    .nullable()
    .describe('The hottest probe among readings under 7 days old; null when there is none.'),
  openAlerts: z.int().describe("Current alerts of the farm's monitors on this station's probes."),
});
export type MultisiteSite = z.infer<typeof multisiteSiteSchema>;

export const multisiteFarmSchema = z.object({
  UID: z.int().describe('The account (its main user).'),
  name: z.string().describe("The account's first and last name, else its username."),
  username: z.string(),
  sites: z.array(multisiteSiteSchema).describe('Its base stations, by id.'),
});
export type MultisiteFarm = z.infer<typeof multisiteFarmSchema>;

export const getMultisiteDataResponseSchema = z.object({
  status_code: z.literal(0),
  now: z.int().describe("The server's time of the answer (epoch s): the ages are counted from it."),
  farms: z.array(multisiteFarmSchema).describe('Every farm the caller watches that has a base station.'),
});
export type GetMultisiteDataResponse = z.infer<typeof getMultisiteDataResponseSchema>;

/** The site index's call, served by the site-index feature. */
export const siteIndexEndpoints = defineEndpoints({
  getMultisiteData: defineEndpoint({
    method: 'GET',
    path: '/client/getMultisiteData',
    response: getMultisiteDataResponseSchema,
    auth: 'user',
    summary:
      "The site index: a master's authorised farms, or the caller's own stations when the account has the siteindex flag and several.",
  }),
});
