import { z } from 'zod';
import { STAFF_LEVELS } from '../domain/roles.js';
import { isValidEmail } from './account.js';
import { defineEndpoint, defineEndpoints } from './endpoint.js';

/**
 * The staff and the customer's session (issue 31 items 1 `loginAdmin` and 2; spec doc 1 §3 "Staff
 * levels: Root 0, Admin 1, Tech 2, Sales 3", §7 "Admin GET adminUsers", "Admin POST
 * setAdminUserGroup", "Auth and session: GET /admin/loginAdmin"; decision 0099). Levels travel as the
 * spec's numbers (admin_group).
 */
export const adminGroupSchema = z
  .int('admin_group must be 0 (Root), 1 (Admin), 2 (Tech) or 3 (Sales).')
  .min(STAFF_LEVELS.root, 'admin_group must be 0 (Root), 1 (Admin), 2 (Tech) or 3 (Sales).')
  .max(STAFF_LEVELS.sales, 'admin_group must be 0 (Root), 1 (Admin), 2 (Tech) or 3 (Sales).');

const uidSchema = z.int('UID must be a user id.').positive('UID must be a user id.');

export const staffMemberSchema = z.object({
  UID: z.int(),
  username: z.string(),
  name: z.string().nullable().describe('First and last name, when the account has them.'),
  email: z.string().nullable(),
  admin_group: z.int().describe('0 Root, 1 Admin, 2 Tech, 3 Sales.'),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

export const adminUsersResponseSchema = z.object({
  status_code: z.literal(0),
  users: z.array(staffMemberSchema).describe('Every staff member, highest level first, then by username.'),
});
export type AdminUsersResponse = z.infer<typeof adminUsersResponseSchema>;

export const setAdminUserGroupSchema = z.strictObject({ UID: uidSchema, admin_group: adminGroupSchema });
export type SetAdminUserGroup = z.infer<typeof setAdminUserGroupSchema>;

/** A staff change's answer: the member as it is now (null after a removal). */
export const staffChangeResponseSchema = z.object({
  status_code: z.literal(0),
  user: staffMemberSchema.nullable(),
});
export type StaffChangeResponse = z.infer<typeof staffChangeResponseSchema>;

const usernameField = z
  .string()
  .trim()
  .min(3, 'The username needs at least 3 characters.')
  .max(100, 'The username may have at most 100 characters.');

/**
 * Adding staff: an existing account (by its username) made staff, or a new staff account whose first
 * login is mailed to its address (a code through the password recovery, decision 0099).
 */
export const addAdminUserSchema = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({ kind: z.literal('existing'), username: usernameField, admin_group: adminGroupSchema }),
    z.strictObject({
      kind: z.literal('new'),
      username: usernameField,
      email: z
        .string()
        .trim()
        .refine((e) => isValidEmail(e), 'A new staff account needs a valid e-mail address.'),
      firstname: z.string().trim().max(100).optional(),
      lastname: z.string().trim().max(100).optional(),
      admin_group: adminGroupSchema,
    }),
  ],
  { error: 'kind must be "existing" or "new".' },
);
export type AddAdminUser = z.infer<typeof addAdminUserSchema>;

export const removeAdminUserSchema = z.strictObject({ UID: uidSchema });

export const loginAdminQuerySchema = z.object({ UID: z.coerce.number().pipe(uidSchema) });

export const loginAdminResponseSchema = z.object({
  status_code: z.literal(0),
  UID: z.int().describe('The customer whose session it is.'),
  accessToken: z.string(),
  accessTokenExpiry: z.number().describe('Epoch milliseconds.'),
});
export type LoginAdminResponse = z.infer<typeof loginAdminResponseSchema>;

export const endCustomerSessionResponseSchema = z.object({
  status_code: z.literal(0),
  returned: z
    .boolean()
    .describe('True: the staff member’s own session is back in the refresh cookie; false: log in again.'),
});

export const staffEndpoints = defineEndpoints({
  adminUsers: defineEndpoint({
    method: 'GET',
    path: '/admin/adminUsers',
    response: adminUsersResponseSchema,
    auth: 'user',
    summary: 'The staff and their levels.',
  }),
  setAdminUserGroup: defineEndpoint({
    method: 'POST',
    path: '/admin/setAdminUserGroup',
    body: setAdminUserGroupSchema,
    response: staffChangeResponseSchema,
    auth: 'user',
    summary: 'Sets a staff member’s level (who may manage whom: decision 0099).',
  }),
  addAdminUser: defineEndpoint({
    method: 'POST',
    path: '/admin/addAdminUser',
    body: addAdminUserSchema,
    response: staffChangeResponseSchema,
    auth: 'user',
    summary: 'Makes an existing account staff, or creates a staff account and mails its first login.',
  }),
  removeAdminUser: defineEndpoint({
    method: 'POST',
    path: '/admin/removeAdminUser',
    body: removeAdminUserSchema,
    response: staffChangeResponseSchema,
    auth: 'user',
    summary: 'Removes a member from the staff and ends its sessions.',
  }),
  loginAdmin: defineEndpoint({
    method: 'GET',
    path: '/admin/loginAdmin',
    query: loginAdminQuerySchema,
    response: loginAdminResponseSchema,
    auth: 'user',
    summary:
      'Opens the customer’s session for a staff member: the refresh cookie holds it, the staff member’s own is kept aside.',
  }),
  endCustomerSession: defineEndpoint({
    method: 'POST',
    path: '/admin/endCustomerSession',
    response: endCustomerSessionResponseSchema,
    auth: 'session',
    summary: 'Ends a customer’s session opened by loginAdmin and gives the staff member’s own session back.',
  }),
});
