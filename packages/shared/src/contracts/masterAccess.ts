import { z } from 'zod';
import { defineEndpoint, defineEndpoints } from './endpoint.js';
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

export const masterAccessEndpoints = defineEndpoints({
  authorizeMasterUsers: defineEndpoint({
    method: 'POST',
    path: '/client/authorizeMasterUsers',
    body: authorizeMasterUsersRequestSchema,
    response: statusOkSchema,
    auth: 'user',
    summary: 'Grants master accounts the access they asked for (their requests by id).',
  }),
});
