import { z } from 'zod';
import {
  ACTIVATION_CODE_MAX_LENGTH,
  ACTIVATION_CODE_MIN_LENGTH,
} from '../domain/activation/activationCode.js';
import { PROBE_SERIAL_PATTERN } from '../domain/isProbeSerial.js';
import { defineEndpoint, defineEndpoints } from './endpoint.js';

/**
 * Activation (spec doc 1 §2 routes and probe activation dialog, §4, §5, §8; doc 2 §2.6 "add base
 * station by activation code", §5, §7 "Add BS by activation code (id, uid)", §8): a kit — a base
 * station or a probe set — carries a code; the first account to send it owns the kit. Decision 0052.
 */

export const KIT_KINDS = ['system', 'probes'] as const;
export type KitKind = (typeof KIT_KINDS)[number];

/** Spec doc 2 §5 "Replace BS id": one capital letter, then seven digits. */
const bsIdSchema = z
  .string()
  .regex(/^[A-Z][0-9]{7}$/, 'A base station id is one capital letter and seven digits')
  .describe('A base station id, e.g. F1000001.');

export const activateKitRequestSchema = z.strictObject({
  id: z
    .string()
    .trim()
    .min(ACTIVATION_CODE_MIN_LENGTH, 'Activation code is required')
    .max(ACTIVATION_CODE_MAX_LENGTH, 'This is not an activation code')
    .describe("The kit's activation code (case, spaces and dashes do not matter)."),
  kind: z
    .enum(KIT_KINDS)
    .default('system')
    .describe('What the caller means to activate: a base station (system) or a probe set.'),
  UID: z.int().positive().optional().describe('The account, when an admin activates for a customer.'),
  BS_ID: bsIdSchema
    .optional()
    .describe("Probe sets: the account's station the probes are configured on (default: its first)."),
});
export type ActivateKitRequest = z.infer<typeof activateKitRequestSchema>;

export const activatedKitSchema = z.object({
  kind: z.enum(KIT_KINDS),
  /** The station's id (a system), or the station the set's probes were configured on. */
  bs_id: z.string(),
  /** A probe set's id; null for a base station. */
  set_id: z.string().nullable(),
  /** The set's probes (sensor_id_sys); empty for a base station. */
  probes: z.array(z.string()),
});
export type ActivatedKit = z.infer<typeof activatedKitSchema>;

/**
 * Activated. A refusal is the error envelope with the spec's status (ACTIVATION_REFUSALS): 404
 * status_code 2 no such code (or one of the other kind), 409 status_code 3 already activated, 403
 * status_code 22 a Gari kit; 429 too many wrong codes.
 */
export const activateKitResponseSchema = z.object({
  status_code: z.literal(0),
  kit: activatedKitSchema,
});
export type ActivateKitResponse = z.infer<typeof activateKitResponseSchema>;

export const getKitQuerySchema = z.strictObject({
  state: z
    .enum(['open', 'claimed', 'all'])
    .default('open')
    .describe('Kits not yet activated (open), activated ones, or all.'),
});

export const kitSchema = z.object({
  id: z.int(),
  kind: z.enum(KIT_KINDS),
  bs_id: z.string().nullable(),
  set_id: z.string().nullable(),
  probes: z.array(z.string()),
  /** Kits of a partner service (gari): only that service activates them. */
  partner_app: z.string().nullable(),
  created_ts: z.int(),
  /** The printed code and where its QR code leads; null once activated (the code is then forgotten). */
  code: z.string().nullable(),
  activationUrl: z.string().nullable(),
  /** The QR code of activationUrl as an SVG document. */
  qrSvg: z.string().nullable(),
  claimed: z
    .object({
      UID: z.int().nullable(),
      username: z.string().nullable(),
      bs_id: z.string().nullable(),
      ts: z.int(),
    })
    .nullable(),
});
export type Kit = z.infer<typeof kitSchema>;

export const getKitResponseSchema = z.object({
  status_code: z.literal(0),
  results: z.array(kitSchema),
});
export type GetKitResponse = z.infer<typeof getKitResponseSchema>;

/** How many kits one registration call makes (a print run). */
export const MAX_KITS_PER_CALL = 100;
/** Probes in one set: the largest station we size for (decision 0013). */
export const MAX_PROBES_PER_SET = 100;

export const registerMultipleBSsRequestSchema = z.strictObject({
  bs_ids: z
    .array(bsIdSchema)
    .min(1)
    .max(MAX_KITS_PER_CALL)
    .refine((ids) => new Set(ids).size === ids.length, 'A base station id is listed twice')
    .describe('The new stations, one kit each.'),
  partner_app: z.literal('gari').optional().describe('Kits only the Gari service activates.'),
});
export type RegisterMultipleBSsRequest = z.infer<typeof registerMultipleBSsRequestSchema>;

export const registerMultipleBSsResponseSchema = z.object({
  status_code: z.literal(0),
  results: z.array(
    z.object({
      bs_id: z.string(),
      code: z.string(),
      /** The station's secret, to flash into it: in this answer only, never stored or shown again. */
      secret: z.string(),
    }),
  ),
});
export type RegisterMultipleBSsResponse = z.infer<typeof registerMultipleBSsResponseSchema>;

const kitProbeSchema = z.strictObject({
  sensor_id: z.string().regex(PROBE_SERIAL_PATTERN, 'A probe id is a serial such as H10001'),
  depths: z.int().min(1).max(8).describe('Measuring points along the probe.'),
});

export const registerMultipleSetsRequestSchema = z.strictObject({
  sets: z
    .array(
      z.strictObject({
        set_id: z.string().trim().min(1).max(32).describe("The set's id, printed on its label."),
        probes: z.array(kitProbeSchema).min(1).max(MAX_PROBES_PER_SET),
      }),
    )
    .min(1)
    .max(MAX_KITS_PER_CALL)
    .refine((sets) => {
      const ids = sets.flatMap((set) => set.probes.map((p) => p.sensor_id));
      return new Set(ids).size === ids.length;
    }, 'A probe is listed twice'),
});
export type RegisterMultipleSetsRequest = z.infer<typeof registerMultipleSetsRequestSchema>;

export const registerMultipleSetsResponseSchema = z.object({
  status_code: z.literal(0),
  results: z.array(z.object({ set_id: z.string(), code: z.string() })),
});
export type RegisterMultipleSetsResponse = z.infer<typeof registerMultipleSetsResponseSchema>;

/** The status of an admin call that only succeeds (its refusals are 4xx with the reason). */
const adminOkSchema = z.object({ status_code: z.literal(0) });

const setIdSchema = z.string().trim().min(1).max(32).describe("A probe set's id, as printed on its label.");

/**
 * POST /admin/activateUsersSet (spec doc 1 §7 "activateUsersSet (BS_ID, UID, set_id)"): an admin
 * activates a probe set by its id, without its code, into an account's station (decision 0059).
 */
export const activateUsersSetRequestSchema = z.strictObject({
  BS_ID: bsIdSchema.describe("The account's station the set's probes are configured on."),
  UID: z.int().positive().describe('The account (its owner).'),
  set_id: setIdSchema,
});
export type ActivateUsersSetRequest = z.infer<typeof activateUsersSetRequestSchema>;

/**
 * POST /admin/activateKitAdmin (spec doc 1 §7): an admin activates any kit — a base station or a
 * probe set — by the kit's id from the kit list, without its code, for an account (decision 0059).
 */
export const activateKitAdminRequestSchema = z.strictObject({
  kit_id: z.int().positive().describe("The kit's id in the admin's kit list."),
  UID: z.int().positive().describe('The account (its owner).'),
  BS_ID: bsIdSchema
    .optional()
    .describe("Probe sets: the account's station the probes are configured on (default: its first)."),
});
export type ActivateKitAdminRequest = z.infer<typeof activateKitAdminRequestSchema>;

/** What an admin activation made: the same shape as a code's. */
export const adminActivationResponseSchema = z.object({
  status_code: z.literal(0),
  kit: activatedKitSchema,
});
export type AdminActivationResponse = z.infer<typeof adminActivationResponseSchema>;

/** POST /admin/removeSet (spec doc 1 §7): deletes a probe set kit that is not activated (decision 0059). */
export const removeSetRequestSchema = z.strictObject({ set_id: setIdSchema });
export type RemoveSetRequest = z.infer<typeof removeSetRequestSchema>;

/**
 * POST /admin/undoBSActivation (spec doc 1 §7): a station activated by mistake leaves the account and
 * its kit is open again, its printed code valid once more; only while the station is untouched.
 */
export const undoBSActivationRequestSchema = z.strictObject({ BS_ID: bsIdSchema });
export type UndoBSActivationRequest = z.infer<typeof undoBSActivationRequestSchema>;

export const activationEndpoints = defineEndpoints({
  activateKit: defineEndpoint({
    method: 'POST',
    path: '/admin/activateKit',
    body: activateKitRequestSchema,
    response: activateKitResponseSchema,
    auth: 'user',
    summary:
      "Activates a kit by its code into the caller's account (an admin's: the UID's): a base station or a probe set.",
  }),
  getKit: defineEndpoint({
    method: 'GET',
    path: '/admin/getKit',
    query: getKitQuerySchema,
    response: getKitResponseSchema,
    auth: 'user',
    summary: 'Admins: the kits with their codes and printable QR codes (open ones), or who activated them.',
  }),
  registerMultipleBSs: defineEndpoint({
    method: 'POST',
    path: '/admin/registerMultipleBSs',
    body: registerMultipleBSsRequestSchema,
    response: registerMultipleBSsResponseSchema,
    auth: 'user',
    summary:
      "Admins: new base station kits, each with its activation code and the station's secret (shown once).",
  }),
  registerMultipleSets: defineEndpoint({
    method: 'POST',
    path: '/admin/registerMultipleSets',
    body: registerMultipleSetsRequestSchema,
    response: registerMultipleSetsResponseSchema,
    auth: 'user',
    summary: 'Admins: new probe set kits, each with its activation code.',
  }),
  activateUsersSet: defineEndpoint({
    method: 'POST',
    path: '/admin/activateUsersSet',
    body: activateUsersSetRequestSchema,
    response: adminActivationResponseSchema,
    auth: 'user',
    summary: "Admins: activates a probe set by its id into an account's station, without its code.",
  }),
  activateKitAdmin: defineEndpoint({
    method: 'POST',
    path: '/admin/activateKitAdmin',
    body: activateKitAdminRequestSchema,
    response: adminActivationResponseSchema,
    auth: 'user',
    summary: 'Admins: activates a kit (station or probe set) by its kit id for an account, without its code.',
  }),
  removeSet: defineEndpoint({
    method: 'POST',
    path: '/admin/removeSet',
    body: removeSetRequestSchema,
    response: adminOkSchema,
    auth: 'user',
    summary: 'Admins: deletes a probe set kit that is not activated (its printed code stops working).',
  }),
  undoBSActivation: defineEndpoint({
    method: 'POST',
    path: '/admin/undoBSActivation',
    body: undoBSActivationRequestSchema,
    response: adminOkSchema,
    auth: 'user',
    summary:
      "Admins: undoes an untouched station's activation: it leaves the account and its kit's code works again.",
  }),
});
