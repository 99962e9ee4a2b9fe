import { z } from 'zod';
import { defineEndpoint, defineEndpoints } from './endpoint.js';

/**
 * Sentinel, the external alarm system an account's alerts may also go to (spec doc 3 §1, §3 user
 * `sentinelAlerts {siteID, url}`, §4 "Alert channels", §6 "Sentinel: only when sentinelAlerts exists",
 * §9 "Sentinel test text uses 60 C or 140 F", "Sentinel result delay 1 s"; doc 1 §7 /sentinelCall,
 * /testSentinelCall). Every call to the target is a JSON POST signed with the account's secret
 * (docs/sentinel-webhook.md, decision 0046).
 */

/** Where an account's Sentinel calls go: the site's id at the receiver and the receiver's URL. */
export const sentinelAlertsSchema = z.strictObject({
  siteID: z
    .string()
    .trim()
    .min(1, 'Enter the Sentinel site id')
    .max(64)
    // Printable text only: it travels in the JSON body and in the receiver's logs.
    .refine(
      (s) => [...s].every((c) => c.charCodeAt(0) >= 32 && c.charCodeAt(0) !== 127),
      'The site id may not contain control characters',
    )
    .describe("The site's id at the Sentinel receiver."),
  url: z
    .string()
    .trim()
    .min(1, 'Enter the Sentinel URL')
    .max(2048)
    .describe('The http(s) URL the signed JSON POSTs go to (public addresses only).'),
});
export type SentinelAlerts = z.infer<typeof sentinelAlertsSchema>;

/** Spec doc 3 §9: the test text says 60 C, or 140 F for a user who reads °F. */
export const SENTINEL_TEST_TEMPERATURE = { C: 60, F: 140 } as const;
/** Spec doc 3 §9 "Sentinel result delay 1 s": the test's result shows 1 s after the answer. */
export const SENTINEL_RESULT_DELAY_MS = 1000;

/** The signing headers (docs/sentinel-webhook.md). */
export const SENTINEL_TIMESTAMP_HEADER = 'X-Emberwatch-Timestamp';
export const SENTINEL_SIGNATURE_HEADER = 'X-Emberwatch-Signature';
/** How old a call a receiver should still accept, seconds (the replay window we document). */
export const SENTINEL_REPLAY_WINDOW_S = 300;

/**
 * raise/clear: one temperature alert; dataBreak/dataBack: a station (or its probes) went silent, and its
 * data arrives again (issue 27 item 1, decision 0067); test: the settings' test call.
 */
export const SENTINEL_KINDS = ['raise', 'clear', 'dataBreak', 'dataBack', 'test'] as const;
export type SentinelKind = (typeof SENTINEL_KINDS)[number];

/**
 * What the delivery feature puts in an outgoing Sentinel message's `payload` (OutgoingMessage): the
 * alert's facts, temperatures in °C whatever the recipients read. The channel adds the rest of the
 * body (version, deliveryId, text) and signs it.
 */
export const sentinelAlertPayloadSchema = z.strictObject({
  kind: z.enum(SENTINEL_KINDS),
  siteID: z.string().min(1).max(64),
  /** The alert's id in Emberwatch; null for a test. */
  alertId: z.int().nullable(),
  /**
   * The group the alert was told in (decision 0067): alerts of one storage raised together share it,
   * as a station's silent probes do. Absent for a test.
   */
  groupId: z.int().optional(),
  /** A data break's station (dataBreak, dataBack). */
  station: z.string().nullable().optional(),
  /** A data break's silent probes (empty: the whole station is silent). */
  probes: z.array(z.string()).optional(),
  /** A data break: the last data before it, ISO 8601 UTC. */
  since: z.iso.datetime({ offset: true }).optional(),
  storage: z.string().nullable().describe("The storage's name."),
  probe: z.string().nullable().describe("The probe's serial, e.g. H10101."),
  depthM: z.number().nullable().describe('Depth of the measuring point, metres (0.5 handle … 2.0 tip).'),
  temperatureC: z
    .number()
    .nullable()
    .describe('The reading that raised the alert (clear: the one that ended it; null after a reset), °C.'),
  limitC: z.number().nullable().describe("The rule's limit, °C."),
  alertTime: z.iso
    .datetime({ offset: true })
    .describe("The raising reading's time (clear: the ending reading's, or the reset's), ISO 8601 UTC."),
});
export type SentinelAlertPayload = z.infer<typeof sentinelAlertPayloadSchema>;

/** The JSON body of every Sentinel call, as signed and sent (docs/sentinel-webhook.md). */
export const sentinelWebhookBodySchema = sentinelAlertPayloadSchema.extend({
  version: z.literal(1),
  /** Unique per message: a retry of one message repeats it, so a receiver can drop the duplicate. */
  deliveryId: z.string().min(1),
  /** The alert in words, in the account owner's language. */
  text: z.string(),
});
export type SentinelWebhookBody = z.infer<typeof sentinelWebhookBodySchema>;

/** Why a call to the target failed (the web words each; docs/sentinel-webhook.md). */
export const SENTINEL_FAILURES = ['http', 'timeout', 'network', 'refused'] as const;
export type SentinelFailure = (typeof SENTINEL_FAILURES)[number];

const uidSchema = z
  .int()
  .positive()
  .optional()
  .describe('The account, when an admin (or its grand master) acts for it.');

export const sentinelCallRequestSchema = z.strictObject({ UID: uidSchema });
export type SentinelCallRequest = z.infer<typeof sentinelCallRequestSchema>;

export const sentinelCallResponseSchema = z.object({
  status_code: z.literal(0),
  sentinelAlerts: sentinelAlertsSchema.nullable(),
  /**
   * The signing secret, to its owner only and only once: the first read after an admin created the
   * target or rotated the secret. Never again afterwards; a lost secret is rotated.
   */
  secret: z.string().optional(),
});
export type SentinelCallResponse = z.infer<typeof sentinelCallResponseSchema>;

export const rotateSentinelSecretResponseSchema = z.object({
  status_code: z.literal(0),
  /** The new secret: in the answer to the owner; an admin's rotation leaves it for the owner's next read. */
  secret: z.string().optional(),
});
export type RotateSentinelSecretResponse = z.infer<typeof rotateSentinelSecretResponseSchema>;

export const setSentinelAlertsRequestSchema = z.strictObject({
  UID: z.int().positive().describe('The account (its owner).'),
  sentinelAlerts: sentinelAlertsSchema.nullable().describe('The target; null removes it with its secret.'),
});
export type SetSentinelAlertsRequest = z.infer<typeof setSentinelAlertsRequestSchema>;

export const setSentinelAlertsResponseSchema = z.object({
  status_code: z.literal(0),
  sentinelAlerts: sentinelAlertsSchema.nullable(),
});
export type SetSentinelAlertsResponse = z.infer<typeof setSentinelAlertsResponseSchema>;

/**
 * The owner's own setting of the target (decision 0072): the same rules as the admin's call; a new
 * target's secret is answered once, in this answer, to the owner.
 */
export const setSentinelTargetRequestSchema = z.strictObject({
  UID: uidSchema,
  sentinelAlerts: sentinelAlertsSchema.nullable().describe('The target; null removes it with its secret.'),
});
export type SetSentinelTargetRequest = z.infer<typeof setSentinelTargetRequestSchema>;

export const setSentinelTargetResponseSchema = setSentinelAlertsResponseSchema.extend({
  /** A new target's signing secret, to its owner only, once (a changed URL or site id keeps it). */
  secret: z.string().optional(),
});
export type SetSentinelTargetResponse = z.infer<typeof setSentinelTargetResponseSchema>;

export const testSentinelCallResponseSchema = z.object({
  status_code: z.literal(0),
  /** The target answered 2xx. */
  ok: z.boolean(),
  failure: z.enum(SENTINEL_FAILURES).optional(),
  /** The target's HTTP status (failure `http`). */
  httpStatus: z.int().optional(),
  /** What went wrong, in English (logs, support); the web words `failure` itself. */
  error: z.string().optional(),
});
export type TestSentinelCallResponse = z.infer<typeof testSentinelCallResponseSchema>;

export const sentinelEndpoints = defineEndpoints({
  sentinelCall: defineEndpoint({
    method: 'POST',
    path: '/sentinelCall',
    body: sentinelCallRequestSchema,
    response: sentinelCallResponseSchema,
    auth: 'user',
    summary: "The account's Sentinel target (siteID, url); its owner gets the new signing secret once.",
  }),
  rotateSentinelSecret: defineEndpoint({
    method: 'POST',
    path: '/client/rotateSentinelSecret',
    body: sentinelCallRequestSchema,
    response: rotateSentinelSecretResponseSchema,
    auth: 'user',
    summary: "Replaces the account's Sentinel signing secret (owner: answered once; admin: for the owner).",
  }),
  testSentinelCall: defineEndpoint({
    method: 'POST',
    path: '/testSentinelCall',
    body: sentinelCallRequestSchema,
    response: testSentinelCallResponseSchema,
    auth: 'user',
    summary:
      "Sends a signed test call (60 C or 140 F) to the account's Sentinel target; answers OK or why not.",
  }),
  setSentinelTarget: defineEndpoint({
    method: 'POST',
    path: '/client/setSentinelTarget',
    body: setSentinelTargetRequestSchema,
    response: setSentinelTargetResponseSchema,
    auth: 'user',
    summary:
      "The owner (or an admin): sets or removes the account's Sentinel target; a new target's secret is answered to the owner once.",
  }),
  setSentinelAlerts: defineEndpoint({
    method: 'POST',
    path: '/admin/setSentinelAlerts',
    body: setSentinelAlertsRequestSchema,
    response: setSentinelAlertsResponseSchema,
    auth: 'user',
    summary: "Admins: sets or removes an account's Sentinel target (a new target gets a new secret).",
  }),
});
