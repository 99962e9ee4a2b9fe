import { z } from 'zod';
import { CONTACTS, PARTNER_APPS } from '../domain/broadcasts/audience.js';
import {
  BROADCAST_CHANNELS,
  MAX_SMS_LENGTH,
  RECIPIENT_STATUSES,
} from '../domain/broadcasts/broadcastRules.js';
import { defineEndpoint, defineEndpoints } from './endpoint.js';
import { NEWS_ICONS } from './notifications.js';
import { LANGUAGES } from './preferences.js';

/**
 * Broadcasts and news campaigns (issue 31 item 3; spec doc 1 §7 getBroadcastUsers,
 * sendBroadcastMessage, getNewsCampaigns, saveNewsCampaigns, §2 news dialog; decision 0100). Every
 * call is an operator's: reading for every staff level, sending and saving news for Root and Admin.
 */

const list = <T extends z.ZodType<unknown, unknown>>(item: T) =>
  z
    .string()
    .max(500)
    .transform((s) =>
      s
        .split(',')
        .map((v) => v.trim())
        .filter((v) => v !== ''),
    )
    .pipe(z.array(item).max(50) as unknown as z.ZodType<z.output<T>[], string[]>);

/** An audience in a query string: comma-separated lists, each optional. */
export const audienceQuerySchema = z.object({
  planLevels: list(z.coerce.number().int().min(0).max(99)).optional().describe('Plan levels, e.g. 1,2.'),
  segments: list(z.coerce.number().int().min(0).max(999)).optional().describe('Segments, e.g. 1,3.'),
  countries: list(z.string().regex(/^[A-Za-z]{2}$/))
    .optional()
    .describe('Countries (ISO alpha-2), e.g. FI,SE.'),
  languages: list(z.enum(LANGUAGES)).optional().describe('Languages, e.g. fi,en.'),
  partnerApps: list(z.enum(PARTNER_APPS)).optional().describe('none (our app), gari, haytech.'),
  contact: z.enum(CONTACTS).optional().describe('Only users with an SMS phone (sms) or an e-mail (email).'),
});

/** An audience in a body. */
export const audienceSchema = z.strictObject({
  planLevels: z.array(z.int().min(0).max(99)).max(50).optional(),
  segments: z.array(z.int().min(0).max(999)).max(50).optional(),
  countries: z
    .array(z.string().regex(/^[A-Za-z]{2}$/))
    .max(50)
    .optional(),
  languages: z.array(z.enum(LANGUAGES)).max(8).optional(),
  partnerApps: z.array(z.enum(PARTNER_APPS)).max(3).optional(),
  contact: z.enum(CONTACTS).optional(),
});
export type AudienceInput = z.infer<typeof audienceSchema>;

export const broadcastUserSchema = z.object({
  uid: z.int(),
  username: z.string(),
  name: z.string(),
  country: z.string().nullable(),
  language: z.string(),
  plan_level: z.int(),
  segment: z.int().nullable(),
  partner_app: z.string().nullable(),
  phone: z.string().nullable().describe('Masked: the country part and the last three digits.'),
  email: z.string().nullable().describe('Masked: the first letter and the domain.'),
});
export type BroadcastUser = z.infer<typeof broadcastUserSchema>;

export const getBroadcastUsersQuerySchema = audienceQuerySchema.extend({
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
export type BroadcastUsersQuery = z.input<typeof getBroadcastUsersQuerySchema>;
export const getBroadcastUsersResponseSchema = z.object({
  status_code: z.literal(0),
  count: z.int().describe('Every user in the audience.'),
  sms: z.int().describe('Of them, with an SMS phone.'),
  email: z.int().describe('Of them, with an e-mail address.'),
  users: z.array(broadcastUserSchema).describe('The first `limit` of them.'),
});
export type GetBroadcastUsersResponse = z.infer<typeof getBroadcastUsersResponseSchema>;

export const broadcastChannelSchema = z.enum(BROADCAST_CHANNELS);
export const recipientStatusSchema = z.enum(RECIPIENT_STATUSES);

const textSchema = z.strictObject({
  subject: z.string().trim().max(150).default(''),
  text: z.string().trim().max(4000),
});

/** Texts per language: English is required, and is what a recipient whose language has none gets. */
const broadcastTextsSchema = z
  .strictObject({
    en: z.strictObject({
      subject: z.string().trim().max(150).default(''),
      text: z.string().trim().min(1, 'An English text is required.').max(4000),
    }),
    ...Object.fromEntries(LANGUAGES.filter((l) => l !== 'en').map((l) => [l, textSchema.optional()])),
  })
  .describe('Texts per language; English is required and is what a language without one gets.') as z.ZodType<
  { en: z.output<typeof textSchema> } & Partial<
    Record<(typeof LANGUAGES)[number], z.output<typeof textSchema>>
  >,
  { en: z.input<typeof textSchema> } & Partial<Record<(typeof LANGUAGES)[number], z.input<typeof textSchema>>>
>;

export const sendBroadcastRequestSchema = z
  .strictObject({
    channels: z.array(broadcastChannelSchema).min(1, 'Choose SMS, e-mail or both.').max(2),
    audience: audienceSchema.default({}),
    texts: broadcastTextsSchema,
    dryRun: z.boolean().default(false).describe('true: count and preview only, nothing is sent.'),
  })
  .superRefine((b, ctx) => {
    if (b.channels.includes('email') && b.texts.en.subject === '')
      ctx.addIssue({ code: 'custom', path: ['texts', 'en'], message: 'An e-mail needs a subject.' });
    if (b.channels.includes('sms'))
      for (const [lang, t] of Object.entries(b.texts))
        if (t && t.text.length > MAX_SMS_LENGTH)
          ctx.addIssue({
            code: 'custom',
            path: ['texts', lang],
            message: `An SMS text is at most ${MAX_SMS_LENGTH} characters.`,
          });
  });
export type SendBroadcastRequest = z.input<typeof sendBroadcastRequestSchema>;

const channelCounts = z.object({ sms: z.int(), email: z.int() });

export const broadcastPreviewSchema = z.object({
  recipients: z.int().describe('Users the broadcast reaches on at least one channel.'),
  messages: channelCounts.describe('Messages to write per channel.'),
  capped: channelCounts.describe('Of them, over the accounts’ daily caps today: not sent.'),
  unreachable: z.int().describe('Users in the audience with none of the chosen channels.'),
  languages: z
    .array(
      z.object({
        language: z.string(),
        recipients: z.int(),
        subject: z.string(),
        text: z.string(),
      }),
    )
    .describe('Each text as it goes out, with how many get it (a language without a text gets English).'),
});
export type BroadcastPreview = z.infer<typeof broadcastPreviewSchema>;

export const broadcastSummarySchema = z.object({
  id: z.int(),
  created_ts: z.int(),
  by: z.string().nullable().describe('The staff member who sent it.'),
  channels: z.array(broadcastChannelSchema),
  audience: audienceSchema,
  subject: z.string().describe('The English subject (or the start of the English text).'),
  total: z.int(),
  counts: z.record(recipientStatusSchema, z.int()),
});
export type BroadcastSummary = z.infer<typeof broadcastSummarySchema>;

export const sendBroadcastResponseSchema = z.object({
  status_code: z.literal(0),
  preview: broadcastPreviewSchema,
  broadcast: broadcastSummarySchema.nullable().describe('null on a dry run.'),
});
export type SendBroadcastResponse = z.infer<typeof sendBroadcastResponseSchema>;

export const broadcastRecipientSchema = z.object({
  uid: z.int().nullable(),
  username: z.string().nullable(),
  channel: broadcastChannelSchema,
  address: z.string().describe('Masked.'),
  language: z.string(),
  status: recipientStatusSchema,
  error: z.string().nullable(),
  sent_ts: z.int().nullable(),
});
export type BroadcastRecipient = z.infer<typeof broadcastRecipientSchema>;

export const getBroadcastsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  id: z.coerce.number().int().positive().optional().describe('Also this broadcast’s texts and recipients.'),
});
export const getBroadcastsResponseSchema = z.object({
  status_code: z.literal(0),
  broadcasts: z.array(broadcastSummarySchema),
  detail: z
    .object({
      broadcast: broadcastSummarySchema,
      texts: z.record(z.string(), z.object({ subject: z.string(), text: z.string() })),
      recipients: z.array(broadcastRecipientSchema),
    })
    .nullable()
    .describe('The broadcast `id` names, with each recipient’s status (addresses masked); null without id.'),
});
export type GetBroadcastsResponse = z.infer<typeof getBroadcastsResponseSchema>;
export type BroadcastDetail = NonNullable<GetBroadcastsResponse['detail']>;

const newsTextSchema = z.strictObject({
  title: z.string().trim().max(200),
  text: z.string().trim().max(4000),
});

export const newsIconSchema = z.enum(NEWS_ICONS);

export const newsCampaignSchema = z.object({
  id: z.int(),
  texts: z.record(z.string(), z.object({ title: z.string(), text: z.string() })),
  icon: newsIconSchema,
  link: z.string().nullable(),
  popup: z.boolean(),
  audience: audienceSchema,
  start_ts: z.int().nullable(),
  end_ts: z.int().nullable(),
  phase: z.enum(['scheduled', 'live', 'ended']),
  updated_ts: z.int().nullable(),
  by: z.string().nullable(),
});
export type NewsCampaign = z.infer<typeof newsCampaignSchema>;

export const newsCampaignInputSchema = z
  .strictObject({
    id: z.int().positive().optional().describe('Absent: a new campaign.'),
    texts: z.partialRecord(z.enum(LANGUAGES), newsTextSchema),
    icon: newsIconSchema,
    link: z
      .url({ protocol: /^https?$/, message: 'A link starts with http:// or https://.' })
      .max(500)
      .nullable()
      .default(null),
    popup: z.boolean().default(false),
    audience: audienceSchema.default({}),
    start_ts: z.int().nonnegative().nullable().default(null),
    end_ts: z.int().nonnegative().nullable().default(null),
  })
  .superRefine((c, ctx) => {
    if (!c.texts.en || c.texts.en.title === '')
      ctx.addIssue({ code: 'custom', path: ['texts', 'en'], message: 'An English title is required.' });
    if (c.start_ts !== null && c.end_ts !== null && c.end_ts <= c.start_ts)
      ctx.addIssue({
        code: 'custom',
        path: ['end_ts'],
        message: 'The end of a campaign must come after its start.',
      });
  });
export type NewsCampaignInput = z.input<typeof newsCampaignInputSchema>;

export const saveNewsCampaignsRequestSchema = z.strictObject({
  campaigns: z.array(newsCampaignInputSchema).max(50).default([]),
  deleted: z.array(z.int().positive()).max(50).default([]).describe('Ids to delete.'),
});
export type SaveNewsCampaignsRequest = z.input<typeof saveNewsCampaignsRequestSchema>;

export const newsCampaignsResponseSchema = z.object({
  status_code: z.literal(0),
  campaigns: z.array(newsCampaignSchema),
});
export type NewsCampaignsResponse = z.infer<typeof newsCampaignsResponseSchema>;

export const broadcastEndpoints = defineEndpoints({
  getBroadcastUsers: defineEndpoint({
    method: 'GET',
    path: '/admin/getBroadcastUsers',
    query: getBroadcastUsersQuerySchema,
    response: getBroadcastUsersResponseSchema,
    auth: 'user',
    summary: 'Admins: the customers an audience reaches, counted, with their contacts masked.',
  }),
  sendBroadcastMessage: defineEndpoint({
    method: 'POST',
    path: '/admin/sendBroadcastMessage',
    body: sendBroadcastRequestSchema,
    response: sendBroadcastResponseSchema,
    auth: 'user',
    summary:
      'Root and Admin staff: SMS and/or e-mail to an audience through the outbox, each in its language, within the daily caps; dryRun counts and previews only.',
  }),
  getBroadcasts: defineEndpoint({
    method: 'GET',
    path: '/admin/getBroadcasts',
    query: getBroadcastsQuerySchema,
    response: getBroadcastsResponseSchema,
    auth: 'user',
    summary:
      'Admins: the past broadcasts, newest first, with counts per recipient status; with id, that one’s recipients and their status.',
  }),
  getNewsCampaigns: defineEndpoint({
    method: 'GET',
    path: '/admin/getNewsCampaigns',
    response: newsCampaignsResponseSchema,
    auth: 'user',
    summary: 'Admins: every news item with its texts, icon, link, popup flag, audience and schedule.',
  }),
  saveNewsCampaigns: defineEndpoint({
    method: 'POST',
    path: '/admin/saveNewsCampaigns',
    body: saveNewsCampaignsRequestSchema,
    response: newsCampaignsResponseSchema,
    auth: 'user',
    summary: 'Root and Admin staff: creates, changes and deletes news items; answers the list.',
  }),
});
