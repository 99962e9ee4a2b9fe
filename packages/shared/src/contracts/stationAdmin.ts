import { z } from 'zod';
import {
  PROBE_STOP_DEFAULT_MAX_S,
  PROBE_STOP_DEFAULT_MIN_S,
  PROBE_STOP_INTERVALS_MAX,
  PROBE_STOP_INTERVALS_MIN,
} from '../domain/stationAdmin/probeStopSettings.js';
import { REPLACEMENT_BS_ID, REPLACEMENT_BS_ID_REQUIRED } from '../domain/stationAdmin/stationReplacement.js';
import { bsIdSchema, stationSettingsSchema } from './baseStations.js';
import { defineEndpoint, defineEndpoints } from './endpoint.js';
import { minmaxQuerySchema } from './probeData.js';

/**
 * The base-station tools of the operator console (issue 30 items 3 and 5; decision 0094): replacing a
 * station by a new one, its replacement history, removing a station from an account, grouping an
 * account's stations, and the fleet-wide probe stop (data-break) defaults — spec doc 1 §7 "Admin
 * GET/POST", doc 2 §2.5, §3–§8. Also three customer calls of doc 1 §7 "Data": saving a station's
 * settings (POST bsConf), its probes' state of charge (soc) and its aux probes' extremes (auxMinmax).
 */

const uid = z.int().positive();

/** POST /admin/replaceBasestation — spec doc 2 §7 "Replace BS (old_bs, new_bs, UID)". */
export const replaceBasestationRequestSchema = z.strictObject({
  old_bs: bsIdSchema,
  new_bs: z.string().trim().regex(REPLACEMENT_BS_ID, REPLACEMENT_BS_ID_REQUIRED),
  UID: uid.describe('The account the current station belongs to.'),
});
export type ReplaceBasestationRequest = z.infer<typeof replaceBasestationRequestSchema>;
export const replaceBasestationResponseSchema = z.object({
  status_code: z.literal(0),
  bs_id: z.string().describe('The new station.'),
});

/** Spec doc 2 §3 "Replacement history: replaced, BS_ID, replaced_date, admin". */
export const replacementSchema = z.object({
  replaced: z.string().describe('The station taken out.'),
  BS_ID: z.string().describe('The station put in its place.'),
  replaced_date: z.int().describe('When (epoch s).'),
  admin: z.string().describe('The staff member who replaced it.'),
});
export type Replacement = z.infer<typeof replacementSchema>;
export const replacementHistoryQuerySchema = z.object({ BS_ID: bsIdSchema });
export const replacementHistoryResponseSchema = z.object({
  status_code: z.literal(0),
  results: z.array(replacementSchema).describe('Every replacement the station was part of, newest first.'),
});
export type ReplacementHistoryResponse = z.infer<typeof replacementHistoryResponseSchema>;

/** POST /admin/deactivateBS — spec doc 2 §7 "Deactivate BS (bs_id)". */
export const deactivateBSRequestSchema = z.strictObject({ bs_id: bsIdSchema });

/** POST /admin/groupBSs — spec doc 1 §7 "groupBSs (bs_ids)". */
export const groupBSsRequestSchema = z.strictObject({
  bs_ids: z
    .array(bsIdSchema)
    .min(1)
    .max(20)
    .refine((l) => new Set(l).size === l.length, 'A station is listed twice.')
    .describe('Two or more stations of one account to group; one station to take out of its group.'),
});
export const groupBSsResponseSchema = z.object({
  status_code: z.literal(0),
  bsGroup: z.string().nullable().describe('The group the stations are in now; null when ungrouped.'),
});

/** The fleet's probe stop settings (decision 0094). */
export const probeStopSettingsSchema = z.object({
  defaultS: z
    .int()
    .min(PROBE_STOP_DEFAULT_MIN_S)
    .max(PROBE_STOP_DEFAULT_MAX_S)
    .refine((s) => s % 60 === 0, 'Whole minutes (in seconds).')
    .describe('How long a station or probe of an account that chose no delay may be silent (seconds).'),
  reportingIntervals: z
    .int()
    .min(PROBE_STOP_INTERVALS_MIN)
    .max(PROBE_STOP_INTERVALS_MAX)
    .describe('Every delay is at least this many of the probe’s configured reporting intervals.'),
});
export type ProbeStopSettings = z.infer<typeof probeStopSettingsSchema>;
export const probeStopSettingsResponseSchema = z.object({
  status_code: z.literal(0),
  settings: probeStopSettingsSchema,
  /** The spec's own values, to go back to. */
  specDefaults: probeStopSettingsSchema,
  updated_ts: z.int().nullable(),
  updated_by: z.string().nullable(),
});
export type ProbeStopSettingsResponse = z.infer<typeof probeStopSettingsResponseSchema>;

// The station's settings (POST bsConf) are part of its configuration: contracts/baseStations.ts.
export { stationSettingsSchema, type StationSettings } from './baseStations.js';
export const saveBsConfQuerySchema = z.object({ basestationID: bsIdSchema });
/**
 * The settings; the station is named in the query as the spec has it (`?basestationID=`), or in the
 * body (the catalogue's POST calls carry JSON only, so a client may send it there).
 */
export const saveBsConfRequestSchema = stationSettingsSchema.extend({ basestationID: bsIdSchema.optional() });
export const saveBsConfResponseSchema = z.object({
  status_code: z.literal(0),
  bs_id: z.string(),
  settings: stationSettingsSchema,
});

/** GET /client/soc — each probe's state of charge (spec doc 2 §1 "battery state per probe"). */
export const socQuerySchema = z.object({ basestationID: bsIdSchema });
export const socEntrySchema = z.object({
  sensor_id: z.string(),
  batt_voltage: z.int().nullable().describe('Centivolts of the latest reading; null when it sent none.'),
  level: z.int().min(0).max(4).nullable().describe('Battery quality 0–4 (thresholds 320, 330, 340, 350).'),
  low: z.boolean().describe('Under 340 with the reading older than 3 hours (spec doc 3 §9).'),
  meas_ts: z.int(),
});
export type SocEntry = z.infer<typeof socEntrySchema>;
export const socResponseSchema = z.object({ status_code: z.literal(0), results: z.array(socEntrySchema) });

/** GET /client/auxMinmax — the aux (outdoor) probes' extremes over a period, like minmaxData. */
export const auxMinmaxQuerySchema = minmaxQuerySchema;
export const auxMinMaxEntrySchema = z.object({
  a: z.string().describe('The aux probe (spec doc 2 §3 "Aux probe: a (id), aa").'),
  aa: z.string().nullable().describe('Its name.'),
  min: z.number(),
  max: z.number(),
});
export const auxMinmaxResponseSchema = z.object({
  status_code: z.literal(0),
  fromTS: z.int(),
  toTS: z.int(),
  results: z.array(auxMinMaxEntrySchema),
});
export type AuxMinmaxResponse = z.infer<typeof auxMinmaxResponseSchema>;

const ok = z.object({ status_code: z.literal(0) });

export const stationAdminEndpoints = defineEndpoints({
  replaceBasestation: defineEndpoint({
    method: 'POST',
    path: '/admin/replaceBasestation',
    body: replaceBasestationRequestSchema,
    response: replaceBasestationResponseSchema,
    auth: 'user',
    summary:
      'Root, Admin and Tech staff: moves a station’s probes, settings and history to a registered, unused station (status 1, 2, 3 or 4 refuses).',
  }),
  getReplacementHistory: defineEndpoint({
    method: 'GET',
    path: '/admin/getReplacementHistory',
    query: replacementHistoryQuerySchema,
    response: replacementHistoryResponseSchema,
    auth: 'user',
    summary: 'Admins: the replacements a station was part of.',
  }),
  deactivateBS: defineEndpoint({
    method: 'POST',
    path: '/admin/deactivateBS',
    body: deactivateBSRequestSchema,
    response: ok,
    auth: 'user',
    summary:
      'Root, Admin and Tech staff: takes a station without probes off an account with other stations; its history stays.',
  }),
  groupBSs: defineEndpoint({
    method: 'POST',
    path: '/admin/groupBSs',
    body: groupBSsRequestSchema,
    response: groupBSsResponseSchema,
    auth: 'user',
    summary: 'Root, Admin and Tech staff: merges stations of one account into one group (one tab).',
  }),
  getProbeStopSettings: defineEndpoint({
    method: 'GET',
    path: '/admin/getProbeStopSettings',
    response: probeStopSettingsResponseSchema,
    auth: 'user',
    summary: 'Admins: the fleet’s defaults for when a silent station or probe is a data break.',
  }),
  saveProbeStopSettings: defineEndpoint({
    method: 'POST',
    path: '/admin/saveProbeStopSettings',
    body: probeStopSettingsSchema.strict(),
    response: probeStopSettingsResponseSchema,
    auth: 'user',
    summary: 'Root and Admin staff: changes the fleet’s data-break defaults.',
  }),
  saveBsConf: defineEndpoint({
    method: 'POST',
    path: '/client/bsConf',
    body: saveBsConfRequestSchema,
    response: saveBsConfResponseSchema,
    auth: 'user',
    summary: 'Saves a station’s settings (basestationID in the query or the body); owner or admin.',
  }),
  soc: defineEndpoint({
    method: 'GET',
    path: '/client/soc',
    query: socQuerySchema,
    response: socResponseSchema,
    auth: 'user',
    summary: 'Each probe’s battery: its latest voltage, quality level and low flag.',
  }),
  auxMinmax: defineEndpoint({
    method: 'GET',
    path: '/client/auxMinmax',
    query: auxMinmaxQuerySchema,
    response: auxMinmaxResponseSchema,
    auth: 'user',
    summary:
      'The station’s aux (outdoor) probes’ lowest and highest temperature over a period (default 7 days).',
  }),
});
