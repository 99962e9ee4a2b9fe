import { z } from 'zod';
import { defineEndpoint, defineEndpoints } from './endpoint.js';
import { usernameSchema } from './account.js';
import { statusOkSchema } from './statusOk.js';

/**
 * Master access (spec doc 1 §2 "authorization-request dialog", §7 Users "authorizeMasterUsers (UID,
 * authMasters[]; status 0 refreshes user info)"): a master account (an adviser, a co-operative)
 * asks to watch a farm; its owner grants it. The request list is the user info's
 * `masterAuthorizations`. The spec does not give authMasters' items: they are the ids of the
 * requests the owner switched on (decision 0044). Granting is the owner's (or an admin acting for
 * the account): a farm hand may not hand the farm's data to another company.
 */
export const authorizeMasterUsersRequestSchema = z.strictObject({
  UID: z.int().positive().optional().describe('The account, when an admin acts for it.'),
  authMasters: z
    .array(z.int().positive())
    .min(1, 'Switch on at least one request')
    .max(100)
    .describe('The ids of the requests (masterAuthorizations[].id) to grant.'),
});
export type AuthorizeMasterUsersRequest = z.infer<typeof authorizeMasterUsersRequestSchema>;

/**
 * The farm's own list of masters (decision 0104): who can watch it or asked to, since when, and
 * whether it is a grand master (who may change what a master only reads; spec doc 3 §6).
 */
export const accountMasterSchema = z.object({
  id: z
    .int()
    .describe('The authorisation (request) id: authorizeMasterUsers and withdrawMasterUsers take it.'),
  username: z.string(),
  name: z.string(),
  authorized: z.boolean(),
  grandMaster: z.boolean(),
  since: z.int().describe('When the request was made (epoch s).'),
});
export type AccountMaster = z.infer<typeof accountMasterSchema>;
export const accountMastersQuerySchema = z.object({
  UID: z.coerce.number().int().positive().optional().describe('The account, when an admin acts for it.'),
});
export const accountMastersResponseSchema = z.object({
  status_code: z.literal(0),
  masters: z.array(accountMasterSchema),
});
export type AccountMastersResponse = z.infer<typeof accountMastersResponseSchema>;

/** Spec doc 2 §7 "get master user by username": what the farm sees before it invites him. */
export const masterUserByUsernameQuerySchema = z.object({
  UID: z.coerce.number().int().positive().optional(),
  username: usernameSchema,
});
export const masterUserByUsernameResponseSchema = z.object({
  status_code: z.literal(0),
  master: z.object({ username: z.string(), name: z.string(), grandMaster: z.boolean() }),
});
export type MasterUserByUsernameResponse = z.infer<typeof masterUserByUsernameResponseSchema>;

/** The farm invites a master by username: a request, as a master's own, that authorizeMasterUsers grants. */
export const inviteMasterUserRequestSchema = z.strictObject({
  UID: z.int().positive().optional(),
  username: usernameSchema,
});
export type InviteMasterUserRequest = z.input<typeof inviteMasterUserRequestSchema>;
export const inviteMasterUserResponseSchema = z.object({
  status_code: z.literal(0),
  id: z.int().describe('The request, to grant with authorizeMasterUsers.'),
});

/** The farm withdraws masters' access (or refuses their requests), by request id. */
export const withdrawMasterUsersRequestSchema = z.strictObject({
  UID: z.int().positive().optional(),
  masters: z.array(z.int().positive()).min(1).max(100),
});
export type WithdrawMasterUsersRequest = z.infer<typeof withdrawMasterUsersRequestSchema>;

export const masterAccessEndpoints = defineEndpoints({
  getAccountMasters: defineEndpoint({
    method: 'GET',
    path: '/client/getAccountMasters',
    query: accountMastersQuerySchema,
    response: accountMastersResponseSchema,
    auth: 'user',
    summary: 'The masters who can watch the account or asked to.',
  }),
  getMasterUserByUsername: defineEndpoint({
    method: 'GET',
    path: '/client/getMasterUserByUsername',
    query: masterUserByUsernameQuerySchema,
    response: masterUserByUsernameResponseSchema,
    auth: 'user',
    summary: 'A master user by username, for the farm that would invite him.',
  }),
  inviteMasterUser: defineEndpoint({
    method: 'POST',
    path: '/client/inviteMasterUser',
    body: inviteMasterUserRequestSchema,
    response: inviteMasterUserResponseSchema,
    auth: 'user',
    summary: 'Makes a request for a master user by username (granted with authorizeMasterUsers).',
  }),
  withdrawMasterUsers: defineEndpoint({
    method: 'POST',
    path: '/client/withdrawMasterUsers',
    body: withdrawMasterUsersRequestSchema,
    response: statusOkSchema,
    auth: 'user',
    summary: 'Withdraws masters’ access to the account (or refuses their requests), by request id.',
  }),
  authorizeMasterUsers: defineEndpoint({
    method: 'POST',
    path: '/client/authorizeMasterUsers',
    body: authorizeMasterUsersRequestSchema,
    response: statusOkSchema,
    auth: 'user',
    summary: 'Grants master accounts the access they asked for (their requests by id).',
  }),
});
