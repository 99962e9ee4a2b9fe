import { z } from 'zod';
import { uidQuerySchema } from './baseStations.js';
import { defineEndpoint, defineEndpoints } from './endpoint.js';
import { statusOkSchema } from './statusOk.js';

/**
 * Notifications and news (spec doc 1 §2 "Shell dialogs", §3 user info news fields, §4 "Auto dialogs";
 * doc 3 §2 "Batches and notifications", §3 "Notification", §4 "Notifications", §9 "Notifications and
 * reminders"; decision 0047). The server decides which notifications an account has and sends their
 * facts (props); the web words them in the user's language and temperature unit, so no text leaves
 * the server in one language only.
 */

/**
 * Spec doc 3 §3 types, and two of ours: `dailyCap` (a day's SMS or voice allowance is used up) and
 * `deliveryFailed` (messages to a recipient fail for good, decision 0070).
 */
export const NOTIFICATION_TYPES = [
  'noBSData',
  'noProbeData',
  'noAlerts',
  'globalAlert',
  'batch_bug',
  'batch',
  'reminder',
  'reminderExpired',
  'reminderSim',
  'reminderSimExpired',
  'reminderAPI',
  'reminderAPIExpired',
  'storageMax',
  'dailyCap',
  'deliveryFailed',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** 1 alert (act now), 2 warning (act soon), 3 information. */
export const NOTIFICATION_IMPORTANCE = [1, 2, 3] as const;
export type NotificationImportance = (typeof NOTIFICATION_IMPORTANCE)[number];

/** Spec doc 3 §3 "Notification" props; every one optional, each type uses some. Temperatures tenths of °C. */
export const notificationPropsSchema = z.strictObject({
  bsDate: z.int().nullable().optional().describe('The station’s last data (epoch s).'),
  dataDate: z.int().nullable().optional().describe('The oldest last reading of the silent probes (epoch s).'),
  nProbes: z.int().optional(),
  probesIDs: z.array(z.string()).optional(),
  batch_name: z.string().optional(),
  batch_id: z.int().optional().describe('Ours: the batch a batch notification links to.'),
  completed: z.boolean().optional(),
  maxTemp: z.int().nullable().optional().describe('Tenths of °C.'),
  planName: z.string().optional(),
  days: z.int().optional().describe('Days left (reminders) or since expiry (expired reminders).'),
  trial: z.boolean().optional(),
  name: z.string().optional().describe('A storage’s or station’s name.'),
  count: z.int().optional(),
  probeIDs: z.array(z.string()).optional(),
  text: z
    .string()
    .optional()
    .describe(
      'A sub-kind: safety|temperature (globalAlert), noMonitor|noChannel (noAlerts), sms|voice (dailyCap), the channel (deliveryFailed).',
    ),
  // Ours.
  itemID: z.int().optional().describe('The storage (storageMax, noAlerts).'),
  limit: z.number().optional().describe('°C: the general alert limit that was passed (globalAlert).'),
  ended: z
    .boolean()
    .optional()
    .describe('storageMax: every alert has ended since; kept a day so it is not missed.'),
  address: z.string().optional().describe('deliveryFailed: the phone, address or target that fails.'),
  error: z.string().optional().describe('deliveryFailed: the last error, as the provider gave it.'),
  failingSince: z.int().optional().describe('deliveryFailed: the first failure of this period (epoch s).'),
});
export type NotificationProps = z.infer<typeof notificationPropsSchema>;

export const notificationSchema = z.object({
  id: z.string().describe('Stable while the condition lasts: type and subject.'),
  importance: z.union(NOTIFICATION_IMPORTANCE.map((n) => z.literal(n))),
  type: z.enum(NOTIFICATION_TYPES),
  url: z.string(),
  color: z.string(),
  bs: z.string().nullable(),
  /** Ours: when the condition began or last grew (epoch s); newer than the user's last look = unread. */
  since: z.int(),
  unread: z.boolean(),
  props: notificationPropsSchema,
});
export type Notification = z.infer<typeof notificationSchema>;

export const getNotificationsResponseSchema = z.object({
  status_code: z.literal(0),
  results: z.array(notificationSchema),
  unread: z.int(),
});
export type GetNotificationsResponse = z.infer<typeof getNotificationsResponseSchema>;

export const notificationsSeenRequestSchema = z.strictObject({
  UID: z.int().positive().optional().describe('The account, when an admin or master looks at it.'),
});
export type NotificationsSeenRequest = z.infer<typeof notificationsSeenRequestSchema>;

/** Icons a news item may carry (the web draws them). */
export const NEWS_ICONS = ['info', 'feature', 'warning', 'event'] as const;
export type NewsIcon = (typeof NEWS_ICONS)[number];

export const newsItemSchema = z.object({
  id: z.int().positive(),
  date: z.int().describe('Published (epoch s).'),
  title: z.string(),
  text: z.string(),
  icon: z.enum(NEWS_ICONS),
  link: z.string().nullable(),
});
export type NewsItem = z.infer<typeof newsItemSchema>;

/**
 * Spec doc 1 §3 user info news, newsUrls, popupNews, newsEmail, newsSeenDate: the caller's news, part of
 * the user info (GET /client/userInfo); newsSeenDate is saved by POST /client/userInfo.
 */
export const userNewsSchema = z.object({
  news: z.array(newsItemSchema),
  newsUrls: z.array(z.string().nullable()).describe('Each item’s link, in the order of news.'),
  popupNews: z.array(z.int()).describe('Ids of the items marked with a green dot.'),
  newsEmail: z.string(),
  newsSeenDate: z.int().nullable(),
});
export type UserNews = z.infer<typeof userNewsSchema>;

/** The newest news item the user has seen (epoch s), sent when the news dialog closes. */
export const newsSeenDateSchema = z
  .int()
  .nonnegative()
  .describe('The newest news item the user has seen (epoch s).');

export const notificationEndpoints = defineEndpoints({
  getNotifications: defineEndpoint({
    method: 'GET',
    path: '/client/getNotifications',
    query: uidQuerySchema,
    response: getNotificationsResponseSchema,
    auth: 'user',
    summary: 'The notifications of the caller’s account (or UID: one it may see), with the unread count.',
  }),
  notificationsSeen: defineEndpoint({
    method: 'POST',
    path: '/client/notificationsSeen',
    body: notificationsSeenRequestSchema,
    response: statusOkSchema,
    auth: 'user',
    summary: 'The caller has looked at the notifications: the badge counts only newer ones.',
  }),
});
