import { z } from 'zod';
import {
  ACTIVATION_CODE_MAX_LENGTH,
  ACTIVATION_CODE_MIN_LENGTH,
} from '../domain/activation/activationCode.js';
import { activateKitResponseSchema } from './activation.js';
import { defineEndpoint, defineEndpoints } from './endpoint.js';

/**
 * The partner apps (spec doc 1 §2 routes /gari, /haytechapp, /SAV-{product}; §7 "Admin POST ... Also
 * POST /activateHaytechAppBS, /activateHaytechAppProbeset"; doc 2 §8 activation statuses). The
 * Haytech app activates its users' kits through these two calls; they are the activation feature's
 * claim (same codes, same refusals 2, 3 and 22, same throttle) for hay-app accounts only (decision 0117).
 */

const codeSchema = z
  .string()
  .trim()
  .min(ACTIVATION_CODE_MIN_LENGTH, 'Activation code is required')
  .max(ACTIVATION_CODE_MAX_LENGTH, 'This is not an activation code')
  .describe("The kit's activation code (case, spaces and dashes do not matter).");

const uidSchema = z
  .int()
  .positive()
  .optional()
  .describe('Staff only: the hay-app account (its owner) the kit is activated for.');

export const activateHaytechAppBSRequestSchema = z.strictObject({ id: codeSchema, UID: uidSchema });
export type ActivateHaytechAppBSRequest = z.infer<typeof activateHaytechAppBSRequestSchema>;

export const activateHaytechAppProbesetRequestSchema = z.strictObject({
  id: codeSchema,
  UID: uidSchema,
  BS_ID: z
    .string()
    .regex(/^[A-Z][0-9]{7}$/, 'A base station id is one capital letter and seven digits')
    .optional()
    .describe("The account's station the set's probes are configured on (default: its first)."),
});
export type ActivateHaytechAppProbesetRequest = z.infer<typeof activateHaytechAppProbesetRequestSchema>;

export const partnerAppsEndpoints = defineEndpoints({
  activateHaytechAppBS: defineEndpoint({
    method: 'POST',
    path: '/activateHaytechAppBS',
    body: activateHaytechAppBSRequestSchema,
    response: activateKitResponseSchema,
    auth: 'user',
    summary:
      "The Haytech app: activates a base station kit by its code into a hay-app account (refusals as activateKit's: 2, 3, 22).",
  }),
  activateHaytechAppProbeset: defineEndpoint({
    method: 'POST',
    path: '/activateHaytechAppProbeset',
    body: activateHaytechAppProbesetRequestSchema,
    response: activateKitResponseSchema,
    auth: 'user',
    summary:
      "The Haytech app: activates a probe set by its code onto a hay-app account's station (refusals as activateKit's).",
  }),
});
