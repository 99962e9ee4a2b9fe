import { z } from 'zod';
import { defineEndpoint, defineEndpoints } from './endpoint.js';

/**
 * API keys (spec doc 1 §2, §7 "Public API" GET /api/v1/generateKey; doc 2 "User" api_key, api_plan;
 * issue 33 item 1, decision 0109): an account owner makes keys for the public API on the account
 * page. A key's secret is answered once, when it is made or rotated; the store keeps its hash only.
 * Whether a key works also depends on the account's API plan (api_plan.due, renewed by the checkout's
 * `type=api`).
 */

export const API_KEY_SCOPES = ['read', 'activate'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];
export const API_KEY_NAME_MAX = 60;

export const apiKeyIdSchema = z
  .string()
  .regex(/^[a-z0-9]{12}$/, 'A key id is 12 lowercase letters and digits')
  .describe('The key’s public id (the part of the key after "ewk_" and before the secret).');

const keyNameSchema = z
  .string()
  .trim()
  .min(1, 'Name the key')
  .max(API_KEY_NAME_MAX, `A key name has at most ${API_KEY_NAME_MAX} characters`)
  .describe('What the key is for (e.g. the partner system using it).');

export const apiKeySchema = z.object({
  id: apiKeyIdSchema,
  name: z.string(),
  scope: z
    .enum(API_KEY_SCOPES)
    .describe('read: the v1 calls only; activate: the v2 activation calls as well.'),
  created_ts: z.int(),
  revoked_ts: z.int().nullable().describe('When it was revoked (epoch s); null while it works.'),
  last_used_ts: z.int().nullable().describe('Its last accepted call (epoch s, to the minute); null: never.'),
  last_used_ip: z.string().nullable().describe('The address of that call.'),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const apiPlanStateSchema = z
  .object({
    due: z.int().nullable().describe('When the API plan is due (epoch s); null: the account has none.'),
    active: z.boolean().describe('Whether keys work now: a plan that is not yet due.'),
  })
  .describe('The account’s API plan, which decides whether its keys work.');
export type ApiPlanState = z.infer<typeof apiPlanStateSchema>;

export const generateKeyQuerySchema = z.strictObject({
  name: keyNameSchema.default('API key'),
  scope: z.enum(API_KEY_SCOPES).default('read'),
});

export const newApiKeyResponseSchema = z.object({
  status_code: z.literal(0),
  key: apiKeySchema,
  secret: z
    .string()
    .describe('The whole key, to send as the X-API-Key header. Shown this once: only its hash is kept.'),
});
export type NewApiKeyResponse = z.infer<typeof newApiKeyResponseSchema>;

export const getApiKeysResponseSchema = z.object({
  status_code: z.literal(0),
  keys: z.array(apiKeySchema),
  api_plan: apiPlanStateSchema,
});
export type GetApiKeysResponse = z.infer<typeof getApiKeysResponseSchema>;

export const renameApiKeyRequestSchema = z.strictObject({ id: apiKeyIdSchema, name: keyNameSchema });
export const apiKeyRequestSchema = z.strictObject({ id: apiKeyIdSchema });

export const apiKeyResponseSchema = z.object({ status_code: z.literal(0), key: apiKeySchema });

/** The account owner's key management, served by the public-api feature. */
export const publicApiKeyEndpoints = defineEndpoints({
  generateKey: defineEndpoint({
    method: 'GET',
    path: '/api/v1/generateKey',
    query: generateKeyQuerySchema,
    response: newApiKeyResponseSchema,
    auth: 'user',
    summary: 'Makes a public API key for the caller’s account; its secret is answered this once.',
  }),
  getApiKeys: defineEndpoint({
    method: 'GET',
    path: '/client/getApiKeys',
    response: getApiKeysResponseSchema,
    auth: 'user',
    summary: 'The account’s API keys (never their secrets) and its API plan.',
  }),
  renameApiKey: defineEndpoint({
    method: 'POST',
    path: '/client/renameApiKey',
    body: renameApiKeyRequestSchema,
    response: apiKeyResponseSchema,
    auth: 'user',
    summary: 'Renames an API key.',
  }),
  revokeApiKey: defineEndpoint({
    method: 'POST',
    path: '/client/revokeApiKey',
    body: apiKeyRequestSchema,
    response: apiKeyResponseSchema,
    auth: 'user',
    summary: 'Revokes an API key: it is refused from now on.',
  }),
  rotateApiKey: defineEndpoint({
    method: 'POST',
    path: '/client/rotateApiKey',
    body: apiKeyRequestSchema,
    response: newApiKeyResponseSchema,
    auth: 'user',
    summary: 'Gives an API key a new secret (the old one stops working); the new secret is answered once.',
  }),
});
