import { z } from 'zod';
import { defineEndpoint, defineEndpoints } from './endpoint.js';
import { uiPreferencesSchema } from './preferences.js';
import { statusOkSchema } from './statusOk.js';

export const loginRequestSchema = z.strictObject({
  username: z.string().trim().min(1, 'Username is required').max(100),
  password: z.string().min(1, 'Password is required').max(200),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const accessTokenSchema = z.object({
  accessToken: z.string(),
  accessTokenExpiry: z.number().describe('Epoch milliseconds.'),
});
export type AccessToken = z.infer<typeof accessTokenSchema>;

export const loginResponseSchema = accessTokenSchema.extend({
  status_code: z.literal(0),
  UID: z.int(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/**
 * POST /admin/refreshToken: a fresh access token, or nulls when the request carried no session
 * cookie (no session is not an error). A cookie that no longer holds a session is still a 401.
 */
export const refreshTokenResponseSchema = z.object({
  status_code: z.literal(0),
  accessToken: z.string().nullable().describe('Null when the request carried no session cookie.'),
  accessTokenExpiry: z.number().nullable().describe('Epoch milliseconds; null with a null token.'),
});
export type RefreshTokenResponse = z.infer<typeof refreshTokenResponseSchema>;
/** The name the web client uses. */
export type RefreshResponse = RefreshTokenResponse;

/** GET /auth: the token is valid; whose it is. */
export const authResponseSchema = z.object({ status_code: z.literal(0), UID: z.int() });
export type AuthResponse = z.infer<typeof authResponseSchema>;

/** Spec doc 1 §3 "Session info". `status` 0 means logged in. */
export const sessionInfoSchema = z.object({
  status_code: z.literal(0),
  status: z.literal(0),
  UID: z.int(),
  username: z.string(),
  admin: z.boolean(),
  master: z.boolean(),
  grandMaster: z.boolean(),
  accountAccess: z.array(z.int()).describe('For a master user: the owner accounts that authorised it.'),
  admin_group: z.int().nullable(),
  admin_username: z.string().nullable(),
  users: z
    .array(z.object({ UID: z.int(), username: z.string() }))
    .describe('Accounts this session may act for (own account first).'),
  bs_ids: z.array(z.string()),
  translator: z.boolean(),
  newFeatureLive: z.boolean(),
  feedQualityLive: z.boolean(),
  limitFreeData: z.boolean(),
  ui_preferences: uiPreferencesSchema,
  partnerApp: z
    .enum(['gari', 'haytech'])
    .nullable()
    .describe('Partner-app kind, when the user comes from one.'),
  subUser: z.boolean().describe("True for a sub-user acting under a main user's account."),
});
export type SessionInfo = z.infer<typeof sessionInfoSchema>;

/**
 * Every refusal or failure of the JSON API (apps/server/src/http/errorHandler.ts): status_code is the
 * HTTP status (or the API's own code), error a message a person can read.
 */
export const apiErrorSchema = z.object({
  status_code: z.int(),
  error: z.string(),
  path: z.string().optional().describe('The request field that was refused, dotted ("prefs.chart_scale").'),
  code: z
    .string()
    .optional()
    .describe('The public API only: a stable code for the refusal (PUBLIC_API_ERRORS, decision 0111).'),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/** Login, token refresh, logout and session info, served by the sessions feature. */
export const sessionEndpoints = defineEndpoints({
  login: defineEndpoint({
    method: 'POST',
    path: '/admin/login',
    body: loginRequestSchema,
    response: loginResponseSchema,
    auth: 'session',
    summary: 'Logs in: an access token in the answer, the refresh token in an httpOnly cookie.',
  }),
  refreshToken: defineEndpoint({
    method: 'POST',
    path: '/admin/refreshToken',
    response: refreshTokenResponseSchema,
    auth: 'session',
    summary: 'Exchanges the refresh cookie for a new access token (the refresh token rotates).',
  }),
  logout: defineEndpoint({
    method: 'POST',
    path: '/admin/logout',
    response: statusOkSchema,
    auth: 'session',
    summary: 'Ends the session of the refresh cookie.',
  }),
  auth: defineEndpoint({
    method: 'GET',
    path: '/auth',
    response: authResponseSchema,
    auth: 'user',
    summary: 'Checks the access token.',
  }),
  getSessionInfo: defineEndpoint({
    method: 'GET',
    path: '/client/getSessionInfo',
    response: sessionInfoSchema,
    auth: 'user',
    summary: 'Who is logged in, the accounts they work with and their preferences.',
  }),
});
