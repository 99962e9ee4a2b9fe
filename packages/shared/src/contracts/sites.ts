import { z } from 'zod';
import { bsIdSchema } from './baseStations.js';
import { defineEndpoint, defineEndpoints } from './endpoint.js';
import { statusOkSchema } from './statusOk.js';

/**
 * The site plan of an account's base station (spec doc 3 §3 "Site", §4 "Site plan", §5 "Site", §7
 * "Get site", "Save site") and the names master users give to sites (spec doc 2 §3 "Site name
 * record", doc 1 §6 getSiteNames/saveSiteNames). The range rules are in domain/sitePlan.ts; what the
 * spec leaves open is in docs/decisions/0025-site-plan-store.md.
 */

/** Spec doc 3 §5 "Site columns and rows 1-100"; §3 defaults 20 columns, 15 rows. */
export const SITE_EXTENT_MIN = 1;
export const SITE_EXTENT_MAX = 100;
export const SITE_COLUMNS_DEFAULT = 20;
export const SITE_ROWS_DEFAULT = 15;
/** Spec doc 3 §5 "Storage width 1-10 (minimum 2 for a silo), depth 1-5, floors 1-6". */
export const SITE_STORAGE_WIDTH_MAX = 10;
export const SITE_SILO_WIDTH_MIN = 2;
export const SITE_STORAGE_DEPTH_MAX = 5;
export const SITE_STORAGE_FLOORS_MAX = 6;
/** Spec doc 3 §5 "Label elevation 1-10". */
export const SITE_LABEL_ELEVATION_MAX = 10;
export const SITE_LABEL_TEXT_MAX = 60;
export const SITE_LABELS_MAX = 100;
export const SITE_NAME_MAX = 60;

const colorSchema = z.string().trim().max(32);
const userIdSchema = z.int().positive();

/** Spec doc 3 §3 Site storage: where one storage stands on the plan and how it is drawn. */
export const siteStorageSchema = z.strictObject({
  id: z.int().positive().describe('The itemID of the storage.'),
  wid: z.int().min(1).max(SITE_STORAGE_WIDTH_MAX).describe('Width in grid cells (at least 2 for a silo).'),
  hei: z.int().min(1).max(SITE_STORAGE_DEPTH_MAX).describe('Depth in grid cells (a silo is round: wid).'),
  floors: z.int().min(1).max(SITE_STORAGE_FLOORS_MAX),
  left: z.int().min(0).describe('Grid column of the left edge, 0 to columns - wid.'),
  top: z.int().min(0).describe('Grid row of the top edge, 0 to rows - hei.'),
  color: colorSchema,
  isSilo: z.boolean(),
});
export type SiteStorage = z.infer<typeof siteStorageSchema>;

/** Spec doc 3 §3 Site label: a text placed on the plan at an elevation. */
export const siteLabelSchema = z.strictObject({
  id: z
    .string()
    .trim()
    .regex(/^\d{1,9}$/, 'A label id is a number'),
  text: z.string().max(SITE_LABEL_TEXT_MAX),
  left: z.number().min(0),
  top: z.number().min(0),
  elevation: z.int().min(1).max(SITE_LABEL_ELEVATION_MAX),
  color: colorSchema,
});
export type SiteLabel = z.infer<typeof siteLabelSchema>;

/** What a client saves: the plan of one base station of the account. */
export const siteInputSchema = z.strictObject({
  BS_ID: bsIdSchema,
  columns: z.int().min(SITE_EXTENT_MIN).max(SITE_EXTENT_MAX),
  rows: z.int().min(SITE_EXTENT_MIN).max(SITE_EXTENT_MAX),
  showColors: z.boolean(),
  labels: z.array(siteLabelSchema).max(SITE_LABELS_MAX),
  siteStorages: z.array(siteStorageSchema).max(1000),
});
export type SiteInput = z.infer<typeof siteInputSchema>;

/** A site as the server answers it: its storages completed and pruned (spec doc 3 §4). */
export const siteSchema = siteInputSchema.extend({
  UID: z.int().describe('The account the site belongs to.'),
  generated: z
    .boolean()
    .describe('True when the server placed storages the saved plan did not have (or nothing was saved).'),
  updated_ts: z.int().nullable().describe('When the plan was last saved; null while never saved.'),
});
export type Site = z.infer<typeof siteSchema>;

/** GET /client/getSite — spec doc 3 §7 "Get site {UID, BS_IDs[]}": one site per base station. */
export const getSiteQuerySchema = z.object({
  UID: z.coerce.number().int().positive().optional(),
  BS_ID: bsIdSchema.optional().describe('One base station; all of the account when absent.'),
});
export const getSiteResponseSchema = z.object({
  status_code: z.literal(0),
  results: z.array(siteSchema).describe('One site per base station of the account, by station id.'),
});
export type GetSiteResponse = z.infer<typeof getSiteResponseSchema>;

/** POST /client/saveSite — spec doc 3 §7 "Save site: the site object". */
export const saveSiteRequestSchema = z.strictObject({
  UID: userIdSchema.optional(),
  site: siteInputSchema,
});
export type SaveSiteRequest = z.infer<typeof saveSiteRequestSchema>;
export const saveSiteResponseSchema = z.object({ status_code: z.literal(0), site: siteSchema });
export type SaveSiteResponse = z.infer<typeof saveSiteResponseSchema>;

/** Spec doc 2 §3 "Site name record: siteUID, BS_ID, name" — a caller's own name for a site. */
export const siteNameSchema = z.strictObject({
  siteUID: userIdSchema.describe('The account that owns the site.'),
  BS_ID: bsIdSchema,
  name: z.string().trim().min(1, 'The site name is required').max(SITE_NAME_MAX),
});
export type SiteName = z.infer<typeof siteNameSchema>;

export const getSiteNamesResponseSchema = z.object({
  status_code: z.literal(0),
  results: z.array(siteNameSchema),
});
export type GetSiteNamesResponse = z.infer<typeof getSiteNamesResponseSchema>;

/** POST /client/saveSiteNames: the caller's whole list of site names (sites left out lose theirs). */
export const saveSiteNamesRequestSchema = z.strictObject({
  siteNames: z.array(siteNameSchema).max(500),
});
export type SaveSiteNamesRequest = z.infer<typeof saveSiteNamesRequestSchema>;

/** Site plans and site names (spec doc 3 §7, doc 1 §6), served by the sites feature. */
export const siteEndpoints = defineEndpoints({
  getSite: defineEndpoint({
    method: 'GET',
    path: '/client/getSite',
    query: getSiteQuerySchema,
    response: getSiteResponseSchema,
    auth: 'user',
    summary: "The site plans of the caller's account, or of an account it may act for (UID).",
  }),
  saveSite: defineEndpoint({
    method: 'POST',
    path: '/client/saveSite',
    body: saveSiteRequestSchema,
    response: saveSiteResponseSchema,
    auth: 'user',
    summary: "Replaces the site plan of one of the account's base stations.",
  }),
  getSiteNames: defineEndpoint({
    method: 'GET',
    path: '/client/getSiteNames',
    response: getSiteNamesResponseSchema,
    auth: 'user',
    summary: "The caller's own names for the sites it sees.",
  }),
  saveSiteNames: defineEndpoint({
    method: 'POST',
    path: '/client/saveSiteNames',
    body: saveSiteNamesRequestSchema,
    response: statusOkSchema,
    auth: 'user',
    summary: "Replaces the caller's names for the sites it sees.",
  }),
});
