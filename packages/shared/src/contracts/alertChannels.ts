import { z } from 'zod';
import { DELIVERY_MESSAGE_STATUSES } from './delivery.js';
import { defineEndpoint, defineEndpoints } from './endpoint.js';

/**
 * The account's alert channels page (issue 27 item 11; decision 0072): the channels a storage's
 * alert messaging can only use once they are set up for the account — voice calls (spec doc 3 §6
 * "Voice call option: only when voiceCallEnabled"), the Sentinel webhook ("only when sentinelAlerts
 * exists", decision 0046) — and web push on the caller's own devices (decision 0048).
 */

const uidSchema = z
  .int()
  .positive()
  .optional()
  .describe('The account, when an admin (or a master it authorised) looks at it.');

export const getAlertChannelsRequestSchema = z.strictObject({ UID: uidSchema });
export type GetAlertChannelsRequest = z.infer<typeof getAlertChannelsRequestSchema>;

/** What the caller may do on the page, decided by the server (the web hides what is refused). */
export const alertChannelRightsSchema = z.object({
  /** Switch the account's voice calls on or off: an operator's (admin's) decision, decision 0072. */
  changeVoice: z.boolean(),
  /** See the account's Sentinel target. */
  readSentinel: z.boolean(),
  /** Set, change or remove the target. */
  setSentinel: z.boolean(),
  /** Make a new signing secret. */
  rotateSentinel: z.boolean(),
  /** Send the Sentinel test call. */
  testSentinel: z.boolean(),
});
export type AlertChannelRights = z.infer<typeof alertChannelRightsSchema>;

export const getAlertChannelsResponseSchema = z.object({
  status_code: z.literal(0),
  /** The account the page is about (its owner's user id). */
  UID: z.int(),
  voiceCallEnabled: z.boolean(),
  /**
   * Whether the owner's phone is complete (international, decision 0038): the number voice calls and
   * SMS reach the owner on.
   */
  ownerPhoneComplete: z.boolean(),
  sentinel: z.boolean().describe('Whether the account has a Sentinel target.'),
  /** How many devices of the caller (not of the account) have web push on. */
  pushDevices: z.int(),
  rights: alertChannelRightsSchema,
});
export type GetAlertChannelsResponse = z.infer<typeof getAlertChannelsResponseSchema>;

export const setVoiceCallsRequestSchema = z.strictObject({
  UID: z.int().positive().describe('The account (its owner).'),
  voiceCallEnabled: z.boolean(),
});
export type SetVoiceCallsRequest = z.infer<typeof setVoiceCallsRequestSchema>;

export const setVoiceCallsResponseSchema = z.object({
  status_code: z.literal(0),
  voiceCallEnabled: z.boolean(),
});
export type SetVoiceCallsResponse = z.infer<typeof setVoiceCallsResponseSchema>;

/** How long the test-push call waits for the outbox's worker before it answers "pending", seconds. */
export const TEST_PUSH_ALERT_WAIT_S = 15;

export const testPushAlertResponseSchema = z.object({
  status_code: z.literal(0),
  /** The outbox row (kind `test`, channel `push`): it shows in the admin's outbox like an alert's. */
  messageId: z.int(),
  /** sent: at least one device's push service took it; pending: not yet (retried like an alert). */
  status: z.enum(DELIVERY_MESSAGE_STATUSES),
  /** Why it did not go (push services' hosts and statuses only, never an endpoint). */
  error: z.string().nullable(),
});
export type TestPushAlertResponse = z.infer<typeof testPushAlertResponseSchema>;

/**
 * The voice test call's limits (decision 0120): one call per caller every 2 minutes (a call rings and
 * reads for up to about a minute), and at most 3 a day per account (UTC day, counted from the outbox,
 * so a restart or a second server does not reset it). The number called is only ever the caller's own
 * confirmed one, so these guard the bill and the caller's own phone, not a third party.
 */
export const VOICE_TEST_INTERVAL_S = 120;
export const VOICE_TEST_DAILY_CAP = 3;

/**
 * Why a voice test call was not placed: the refusal's `status_code` (the web words each). voiceOff 409,
 * noConfirmedPhone 409, demo 403, tooSoon and dailyCap 429 with Retry-After.
 */
export const VOICE_TEST_REFUSAL = {
  voiceOff: 31,
  noConfirmedPhone: 32,
  demo: 33,
  tooSoon: 34,
  dailyCap: 35,
} as const;
export type VoiceTestRefusal = keyof typeof VOICE_TEST_REFUSAL;

export const voiceTestCallResponseSchema = z.object({
  status_code: z.literal(0),
  /** The outbox row (kind `test`, channel `voice`): it shows in the admin's outbox like an alert's. */
  messageId: z.int(),
  /** sent: the provider accepted the call; pending: not yet (retried like an alert); failed: refused. */
  status: z.enum(DELIVERY_MESSAGE_STATUSES),
  /** The provider's refusal (status and code only, never the number or the credentials). */
  error: z.string().nullable(),
  /** The number called, masked but for its last 3 digits, e.g. +358•••••567. */
  to: z.string(),
  /** Test calls left for the account today, after this one. */
  leftToday: z.int().nonnegative(),
});
export type VoiceTestCallResponse = z.infer<typeof voiceTestCallResponseSchema>;

export const alertChannelEndpoints = defineEndpoints({
  getAlertChannels: defineEndpoint({
    method: 'POST',
    path: '/client/getAlertChannels',
    body: getAlertChannelsRequestSchema,
    response: getAlertChannelsResponseSchema,
    auth: 'user',
    summary:
      "The account's voice calls and Sentinel target, the caller's web-push devices, and what the caller may change.",
  }),
  setVoiceCalls: defineEndpoint({
    method: 'POST',
    path: '/admin/setVoiceCalls',
    body: setVoiceCallsRequestSchema,
    response: setVoiceCallsResponseSchema,
    auth: 'user',
    summary: "Admins: switches an account's voice calls (voiceCallEnabled) on or off.",
  }),
  testPushAlert: defineEndpoint({
    method: 'POST',
    path: '/client/testPushAlert',
    body: z.strictObject({}),
    response: testPushAlertResponseSchema,
    auth: 'user',
    summary:
      "A test alert to the caller's own devices through the delivery outbox's push channel; answers its outcome.",
  }),
  voiceTestCall: defineEndpoint({
    method: 'POST',
    path: '/voice/testCall',
    body: z.strictObject({}),
    response: voiceTestCallResponseSchema,
    auth: 'user',
    summary:
      "A test voice call to the caller's own confirmed number through the provider (2 min apart, 3 an account a day); answers its outcome.",
  }),
});
