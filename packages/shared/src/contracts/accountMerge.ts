import { z } from 'zod';
import { MERGE_COUNTS } from '../domain/accountMerge/mergeRules.js';
import { bsIdSchema } from './baseStations.js';
import { defineEndpoint, defineEndpoints } from './endpoint.js';

/**
 * Merging a customer account into another (issue 31 item 4; spec doc 1 §7 "Admin POST
 * checkAccountMerge, doAccountMerge", doc 2 §4, §6, §7 "Merge accounts (UID, targetUID, BSs,
 * targetBSs); lookup user by BS_ID", §8; decision 0101). The check names the target by a station id or
 * a username and says what would move; the merge moves it, one-way, in one transaction, when the
 * accounts are still as the check saw them. Root and Admin staff only.
 */

const uid = z.int().positive();

export const mergeCountsSchema = z
  .object(
    Object.fromEntries(MERGE_COUNTS.map((k) => [k, z.int().min(0)])) as {
      [K in (typeof MERGE_COUNTS)[number]]: z.ZodInt;
    },
  )
  .describe(
    'What moves: stations, probes, storages, monitors, alerts (delivered alerts), batches, readings (raw and packed), history (alert logbook entries and station replacements), sites, fan controllers, notifications, sub-users.',
  );
export type MergeCountsBody = z.infer<typeof mergeCountsSchema>;

export const mergePartySchema = z.object({
  UID: z.int(),
  username: z.string(),
  BSs: z.array(z.string()).describe('The account’s stations, sorted.'),
});
export type MergeParty = z.infer<typeof mergePartySchema>;

/** POST /admin/checkAccountMerge — the source by its station, the target by a station id or username. */
export const checkAccountMergeRequestSchema = z.strictObject({
  BS_ID: bsIdSchema.describe('The station whose settings the merge was opened from: its account is merged.'),
  target: z
    .string()
    .trim()
    .min(1, 'A target station id or username is required')
    .max(200)
    .describe('The destination account: one of its station ids, or its username.'),
});
export type CheckAccountMergeRequest = z.infer<typeof checkAccountMergeRequestSchema>;
export const checkAccountMergeResponseSchema = z.object({
  status_code: z.literal(0),
  source: mergePartySchema,
  target: mergePartySchema,
  moves: mergeCountsSchema,
});
export type CheckAccountMergeResponse = z.infer<typeof checkAccountMergeResponseSchema>;

/** POST /admin/doAccountMerge — spec doc 2 §7 "Merge accounts (UID, targetUID, BSs, targetBSs)". */
export const doAccountMergeRequestSchema = z.strictObject({
  UID: uid.describe('The account merged (emptied, then blocked).'),
  targetUID: uid.describe('The account that receives everything.'),
  BSs: z.array(bsIdSchema).max(500).describe('The source’s stations as the check showed them.'),
  targetBSs: z.array(bsIdSchema).max(500).describe('The target’s stations as the check showed them.'),
});
export type DoAccountMergeRequest = z.infer<typeof doAccountMergeRequestSchema>;
export const doAccountMergeResponseSchema = z.object({
  status_code: z.literal(0),
  UID: z.int().describe('The target account, now holding both.'),
  BSs: z.array(z.string()).describe('The target’s stations after the merge.'),
  moved: mergeCountsSchema,
});
export type DoAccountMergeResponse = z.infer<typeof doAccountMergeResponseSchema>;

export const accountMergeEndpoints = defineEndpoints({
  checkAccountMerge: defineEndpoint({
    method: 'POST',
    path: '/admin/checkAccountMerge',
    body: checkAccountMergeRequestSchema,
    response: checkAccountMergeResponseSchema,
    auth: 'user',
    summary:
      'Root and Admin staff: finds the target account by station id or username and counts what a merge would move (status 1 not found, 2 refused; nothing changes).',
  }),
  doAccountMerge: defineEndpoint({
    method: 'POST',
    path: '/admin/doAccountMerge',
    body: doAccountMergeRequestSchema,
    response: doAccountMergeResponseSchema,
    auth: 'user',
    summary:
      'Root and Admin staff: moves everything of an account to another in one transaction and blocks the emptied account (one-way; status 1 not found, 2 refused).',
  }),
});
