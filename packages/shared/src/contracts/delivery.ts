import { z } from 'zod';
import { ALERT_CHANNELS } from '../domain/kinds/alertChannels.js';
import { defineEndpoint, defineEndpoints } from './endpoint.js';

/**
 * Alert delivery (issue 12, decision 0045): what became of each message an alert sent — the user's
 * delivery log per storage (item 6) and the admin's outbox page (item 2: with the local stand-ins, a
 * new user watches the whole path on one machine).
 */
export const DELIVERY_MESSAGE_STATUSES = ['pending', 'sending', 'sent', 'failed', 'capped'] as const;
export type DeliveryMessageStatus = (typeof DELIVERY_MESSAGE_STATUSES)[number];
export const DELIVERY_ALERT_STATUSES = ['new', 'open', 'acknowledged', 'cleared', 'unrouted'] as const;
export type DeliveryAlertStatus = (typeof DELIVERY_ALERT_STATUSES)[number];
/** `notice` (ours, decision 0070): tells an account's owner that messages to a recipient fail for good. */
export const DELIVERY_MESSAGE_KINDS = ['raise', 'repeat', 'clear', 'code', 'test', 'notice'] as const;
/** `push`: the notification's Acknowledge action, through its signed token (decision 0129). */
export const DELIVERY_ACK_VIAS = ['web', 'sms', 'voice', 'email', 'push'] as const;
export type DeliveryAckVia = (typeof DELIVERY_ACK_VIAS)[number];

export const deliveryMessageSchema = z.object({
  id: z.int(),
  kind: z.enum(DELIVERY_MESSAGE_KINDS),
  /** 0: the first messages; n: the nth repeat. */
  step: z.int(),
  channel: z.enum(ALERT_CHANNELS),
  recipientName: z.string(),
  /** The phone or e-mail address it went to (the account's own data). */
  address: z.string(),
  status: z.enum(DELIVERY_MESSAGE_STATUSES),
  attempts: z.int(),
  /** Why the last try failed (kept after a later success is not: null once sent). */
  error: z.string().nullable(),
  createdTs: z.int(),
  sentTs: z.int().nullable(),
});
export type DeliveryMessage = z.infer<typeof deliveryMessageSchema>;

export const deliveredAlertSchema = z.object({
  id: z.int(),
  ruleType: z.string(),
  sensor_id: z.string(),
  depth: z.int().nullable(),
  /** Tenths of °C. */
  temperature: z.int(),
  threshold: z.int().nullable(),
  isMin: z.boolean(),
  alertTs: z.int(),
  status: z.enum(DELIVERY_ALERT_STATUSES),
  /** Repeats sent so far. */
  step: z.int(),
  nextStepTs: z.int().nullable(),
  ack: z
    .object({
      by: z.int().nullable(),
      byName: z.string().nullable(),
      at: z.int(),
      via: z.enum(DELIVERY_ACK_VIAS),
    })
    .nullable(),
  clearedTs: z.int().nullable(),
  messages: z.array(deliveryMessageSchema),
});
export type DeliveredAlert = z.infer<typeof deliveredAlertSchema>;

export const deliveryLogQuerySchema = z.object({
  UID: z.coerce.number().int().positive().optional(),
  itemID: z.coerce.number().int().positive().describe('The storage.'),
});
export const deliveryLogResponseSchema = z.object({
  status_code: z.literal(0),
  alerts: z.array(deliveredAlertSchema),
});
export type DeliveryLogResponse = z.infer<typeof deliveryLogResponseSchema>;

/**
 * A recipient whose messages fail for good (decision 0070): on this channel and address the latest
 * outcome is a permanent failure or retries given up, since `failingSince` (the first such failure
 * after the last message that was sent), until a later message to it is sent. Derived from the
 * outbox, never stored on its own.
 */
export const recipientHealthSchema = z.object({
  channel: z.enum(ALERT_CHANNELS),
  /** The phone, e-mail address, webhook URL or (push) user id the messages went to. */
  address: z.string(),
  recipientUserId: z.int().nullable(),
  recipientName: z.string(),
  failingSince: z.int().describe('The first failure of this failing period (epoch s).'),
  lastFailedTs: z.int().describe('The latest failure (epoch s).'),
  lastError: z.string(),
  failed: z.int().describe('Messages failed for good in this period.'),
});
export type RecipientHealth = z.infer<typeof recipientHealthSchema>;

export const outboxQuerySchema = z.object({
  beforeId: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  status: z.enum(DELIVERY_MESSAGE_STATUSES).optional().describe('Only messages in this status (failed).'),
  ownerId: z.coerce.number().int().positive().optional().describe('Only messages of this account.'),
});
export type OutboxQuery = z.infer<typeof outboxQuerySchema>;
export const failingRecipientSchema = recipientHealthSchema.extend({ ownerId: z.int() });
export type FailingRecipient = z.infer<typeof failingRecipientSchema>;
export const outboxMessageSchema = deliveryMessageSchema.extend({
  ownerId: z.int(),
  storageId: z.int().nullable(),
  subject: z.string(),
  body: z.string(),
  sender: z.string().nullable(),
  language: z.string(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;
export const outboxResponseSchema = z.object({
  status_code: z.literal(0),
  /** Which senders this server uses: the real providers, or the local stand-ins. */
  senders: z.object({ email: z.enum(['smtp', 'local']), sms: z.enum(['twilio', 'fake']) }),
  messages: z.array(outboxMessageSchema),
  /** Recipients whose messages fail for good now (of the account asked for, or of every account). */
  failingRecipients: z.array(failingRecipientSchema),
});
export type OutboxResponse = z.infer<typeof outboxResponseSchema>;

/** Admins, with the fake provider only: a person answers an SMS (the demo's way to try "reply OK"). */
export const fakeSmsReplyRequestSchema = z.strictObject({
  from: z.string().trim().min(8).max(20),
  body: z.string().trim().min(1).max(160),
});

/**
 * Admins, with the fake provider only: the person a voice call went to presses keys in it (the demo's
 * way to try "press 1", decision 0072). The call is the outbox message's.
 */
export const fakeCallKeysRequestSchema = z.strictObject({
  messageId: z.int().positive().describe('The outbox message of the voice call.'),
  digits: z
    .string()
    .regex(/^[0-9*#]{1,4}$/, 'Keys of a phone: 0–9, * and #')
    .default('1'),
});

/** Admins, with the fake provider only: the SMS it accepted, as the phones would have received them. */
export const fakeSmsMessagesQuerySchema = z.object({
  to: z.string().trim().min(8).max(20).optional().describe('Only those to this number.'),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export const fakeSmsMessageSchema = z.object({
  to: z.string(),
  from: z.string(),
  body: z.string(),
  ts: z.int().describe('When the fake provider accepted it (epoch seconds).'),
});
export type FakeSmsMessage = z.infer<typeof fakeSmsMessageSchema>;

/**
 * Issue 27 item 1 (decision 0067): someone in the app acknowledges a station's data break — its messages'
 * repeats stop, as an SMS "OK" would stop them.
 */
export const acknowledgeDataBreakRequestSchema = z.strictObject({
  UID: z.int().positive().optional(),
  BS_ID: z.string().trim().min(1).max(32),
});
export type AcknowledgeDataBreakRequest = z.infer<typeof acknowledgeDataBreakRequestSchema>;
export const acknowledgeDataBreakResponseSchema = z.object({
  status_code: z.literal(0),
  /** How many silent probes (or the station) it acknowledged; 0: nothing was being sent. */
  acknowledged: z.int(),
});
export type AcknowledgeDataBreakResponse = z.infer<typeof acknowledgeDataBreakResponseSchema>;

/**
 * The Acknowledge action of a pushed alert (issue 35 item 3, decision 0129): the service worker sends the
 * token the notification carries, with no session. The token (made by the server, signed with its own
 * key) names the alert group, the recipient and when it stops working; it is the only credential.
 */
export const acknowledgeFromPushRequestSchema = z.strictObject({
  token: z.string().min(1).max(200),
});
export type AcknowledgeFromPushRequest = z.infer<typeof acknowledgeFromPushRequestSchema>;
export const acknowledgeFromPushResponseSchema = z.object({
  status_code: z.literal(0),
  /** How many of the group's alerts were still on and are now acknowledged; 0: already seen to. */
  acknowledged: z.int(),
});
export type AcknowledgeFromPushResponse = z.infer<typeof acknowledgeFromPushResponseSchema>;

export const deliveryEndpoints = defineEndpoints({
  getDeliveryLog: defineEndpoint({
    method: 'GET',
    path: '/client/getDeliveryLog',
    query: deliveryLogQuerySchema,
    response: deliveryLogResponseSchema,
    auth: 'user',
    summary: "A storage's delivered alerts, newest first: who was told, how, when, and who acknowledged.",
  }),
  getOutbox: defineEndpoint({
    method: 'GET',
    path: '/admin/getOutbox',
    query: outboxQuerySchema,
    response: outboxResponseSchema,
    auth: 'user',
    summary:
      'Admins: every message the server sent or is sending, newest first, with its status (or only failed ones, or one account’s), and the recipients that fail for good.',
  }),
  fakeSmsReply: defineEndpoint({
    method: 'POST',
    path: '/admin/fakeSmsReply',
    body: fakeSmsReplyRequestSchema,
    response: z.object({ status_code: z.literal(0), providerStatus: z.int() }),
    auth: 'user',
    summary: 'Admins, with the local fake SMS provider: plays a person replying to an SMS.',
  }),
  fakeCallKeys: defineEndpoint({
    method: 'POST',
    path: '/admin/fakeCallKeys',
    body: fakeCallKeysRequestSchema,
    response: z.object({ status_code: z.literal(0), providerStatus: z.int() }),
    auth: 'user',
    summary:
      'Admins, with the local fake provider: plays the person in a voice call pressing keys (1 acknowledges).',
  }),
  fakeSmsMessages: defineEndpoint({
    method: 'GET',
    path: '/admin/fakeSmsMessages',
    query: fakeSmsMessagesQuerySchema,
    response: z.object({ status_code: z.literal(0), results: z.array(fakeSmsMessageSchema) }),
    auth: 'user',
    summary:
      'Admins, with the local fake SMS provider: the SMS it accepted, newest first (the demo’s phone).',
  }),
  acknowledgeDataBreak: defineEndpoint({
    method: 'POST',
    path: '/client/acknowledgeDataBreak',
    body: acknowledgeDataBreakRequestSchema,
    response: acknowledgeDataBreakResponseSchema,
    auth: 'user',
    summary: "A station's data break is seen to: its messages' repeats stop (the all-clear still comes).",
  }),
  acknowledgeFromPush: defineEndpoint({
    method: 'POST',
    path: '/client/acknowledgeFromPush',
    body: acknowledgeFromPushRequestSchema,
    response: acknowledgeFromPushResponseSchema,
    auth: 'public',
    summary:
      "A pushed alert's Acknowledge action: the notification's signed, expiring token acknowledges its alert group for its recipient, with no session.",
  }),
});
