import type {
  AudienceInput,
  BroadcastDetail,
  BroadcastPreview,
  BroadcastSummary,
  BroadcastUser,
  GetBroadcastUsersResponse,
  SendBroadcastRequest,
  SendBroadcastResponse,
} from '@emberwatch/shared/contracts/broadcasts';
import { inAudience, normalizeAudience } from '@emberwatch/shared/domain/broadcasts/audience';
import {
  channelsFor,
  dayStartS,
  maskAddress,
  maskEmail,
  maskPhone,
  MAX_BROADCAST_RECIPIENTS,
  recipientStatusOf,
  statusCounts,
  textFor,
  underCap,
  type BroadcastChannel,
  type BroadcastText,
} from '@emberwatch/shared/domain/broadcasts/broadcastRules';
import { ApiError } from '../../http/ApiError.js';
import { assertOperator, type Actor } from '../../http/access/index.js';
import { auditChanged } from '../../http/audit.js';
import type { BroadcastRow, BroadcastsRepository, CustomerRow } from './broadcasts.repository.js';

/** One message through the delivery outbox (the delivery feature's `sendCode`): its outbox row's id. */
export type OutboxSend = (m: {
  userId: number;
  to: string;
  text: string;
  channel: 'sms' | 'email';
  subject?: string;
}) => Promise<number>;

const parse = <T>(json: string, fallback: T): T => {
  try {
    return JSON.parse(json) as T;
  } catch {
    return fallback;
  }
};

const audienceUser = (u: CustomerRow) => ({
  admin: false,
  master: false,
  subUser: false,
  planLevel: u.plan_level,
  segment: u.segment,
  country: u.country,
  language: u.language,
  partnerApp: u.partner_app,
  phone: u.phone,
  email: u.email,
});

const nameOf = (u: CustomerRow) => [u.firstname, u.lastname].filter((p) => p && p.trim()).join(' ');

/** One message a broadcast would write. */
interface Planned {
  user: CustomerRow;
  channel: BroadcastChannel;
  address: string;
  language: string;
  text: BroadcastText;
  capped: boolean;
}

/**
 * Broadcasts (issue 31 item 3, decision 0100): the customers an audience reaches, a broadcast's
 * preview and count, its sending through the delivery outbox (SMS within each account's daily cap,
 * paced by the outbox's token buckets), and the past broadcasts with each recipient's status.
 * Reading is the `broadcasts` operator tool (every staff level), sending `broadcastSend`.
 */
export class BroadcastsService {
  constructor(
    private readonly repo: BroadcastsRepository,
    private readonly send: OutboxSend,
    private readonly smsDailyCap: number,
    private readonly nowS: () => number,
    /** The languages users chose in the settings (the preferences feature's); absent: the account's. */
    private readonly languagesOf: (userIds: readonly number[]) => Promise<ReadonlyMap<number, string>>,
  ) {}

  /** The audience's customers, each with the language messages to them are worded in, as alerts are. */
  private async audienceOf(a: AudienceInput): Promise<CustomerRow[]> {
    const audience = normalizeAudience(a);
    const all = await this.repo.customers();
    const chosen = await this.languagesOf(all.map((u) => u.id));
    return all
      .map((u) => ({ ...u, language: chosen.get(u.id) ?? u.language }))
      .filter((u) => inAudience(audienceUser(u), audience));
  }

  async users(actor: Actor, q: AudienceInput & { limit: number }): Promise<GetBroadcastUsersResponse> {
    assertOperator(actor, 'broadcasts');
    const { limit, ...audience } = q;
    const users = await this.audienceOf(audience);
    const reach = (c: BroadcastChannel) => users.filter((u) => channelsFor(u, [c]).length > 0).length;
    return {
      status_code: 0,
      count: users.length,
      sms: reach('sms'),
      email: reach('email'),
      users: users.slice(0, limit).map((u): BroadcastUser => ({
        uid: u.id,
        username: u.username,
        name: nameOf(u),
        country: u.country,
        language: u.language,
        plan_level: u.plan_level,
        segment: u.segment,
        partner_app: u.partner_app,
        phone: u.phone ? maskPhone(u.phone) : null,
        email: u.email ? maskEmail(u.email) : null,
      })),
    };
  }

  /** The messages a broadcast writes now: each reachable customer on each chosen channel, capped or not. */
  private async plan(body: ParsedSend): Promise<{ planned: Planned[]; unreachable: number }> {
    const users = await this.audienceOf(body.audience);
    const used = body.channels.includes('sms')
      ? await this.repo.smsUsedSince(
          users.map((u) => u.id),
          dayStartS(this.nowS()),
        )
      : new Map<number, number>();
    const planned: Planned[] = [];
    let unreachable = 0;
    for (const user of users) {
      const ways = channelsFor(user, body.channels);
      if (ways.length === 0) unreachable++;
      const { language, text } = textFor(body.texts, user.language);
      for (const { channel, address } of ways)
        planned.push({
          user,
          channel,
          address,
          language,
          text,
          capped: channel === 'sms' && underCap(used.get(user.id) ?? 0, this.smsDailyCap) === 0,
        });
    }
    return { planned, unreachable };
  }

  private preview(planned: Planned[], unreachable: number): BroadcastPreview {
    const count = (c: BroadcastChannel, capped?: boolean) =>
      planned.filter((p) => p.channel === c && (capped === undefined || p.capped === capped)).length;
    const languages = new Map<string, { recipients: Set<number>; text: BroadcastText }>();
    for (const p of planned) {
      const l = languages.get(p.language) ?? { recipients: new Set<number>(), text: p.text };
      l.recipients.add(p.user.id);
      languages.set(p.language, l);
    }
    return {
      recipients: new Set(planned.map((p) => p.user.id)).size,
      messages: { sms: count('sms'), email: count('email') },
      capped: { sms: count('sms', true), email: count('email', true) },
      unreachable,
      languages: [...languages.entries()]
        .sort(([a], [b]) => (a === 'en' ? -1 : b === 'en' ? 1 : a.localeCompare(b)))
        .map(([language, l]) => ({
          language,
          recipients: l.recipients.size,
          subject: l.text.subject,
          text: l.text.text,
        })),
    };
  }

  /**
   * POST sendBroadcastMessage: a dry run answers the preview; otherwise each message goes into the
   * outbox (one at a time, so the caps count what this broadcast wrote), and the broadcast and its
   * recipients are stored. A message over its account's cap is stored as capped and not sent.
   */
  async sendBroadcast(actor: Actor, body: ParsedSend): Promise<SendBroadcastResponse> {
    assertOperator(actor, 'broadcastSend');
    const { planned, unreachable } = await this.plan(body);
    const preview = this.preview(planned, unreachable);
    if (body.dryRun) return { status_code: 0, preview, broadcast: null };
    if (planned.length === 0)
      throw new ApiError(
        409,
        'Nobody in this audience can be reached on the chosen channels. Nothing was sent.',
      );
    if (preview.recipients > MAX_BROADCAST_RECIPIENTS)
      throw ApiError.invalid(
        `A broadcast reaches at most ${MAX_BROADCAST_RECIPIENTS} people; narrow the audience. Nothing was sent.`,
      );
    const now = this.nowS();
    const audience = normalizeAudience(body.audience);
    const id = await this.repo.insertBroadcast({
      created_ts: now,
      by_user_id: actor.user.id,
      channels: JSON.stringify(body.channels),
      audience: JSON.stringify(audience),
      texts: JSON.stringify(body.texts),
      total: planned.length,
    });
    for (const p of planned) {
      let messageId: number | null = null;
      if (!p.capped) {
        messageId = await this.send({
          userId: p.user.id,
          to: p.address,
          text: p.text.text,
          channel: p.channel,
          subject: p.channel === 'email' ? p.text.subject : 'broadcast',
        });
      }
      await this.repo.insertRecipient({
        broadcast_id: id,
        user_id: p.user.id,
        channel: p.channel,
        address_masked: maskAddress(p.channel, p.address),
        language: p.language,
        status: p.capped ? 'capped' : 'queued',
        error: p.capped ? `The account's daily sms limit (${this.smsDailyCap}) is reached.` : null,
        message_id: messageId,
      });
    }
    auditChanged(`broadcast:${id}`, null, { channels: body.channels, audience, messages: preview.messages });
    const [summary] = await this.summaries(await this.repo.broadcasts(1, id));
    return { status_code: 0, preview, broadcast: summary! };
  }

  private async summaries(rows: BroadcastRow[]): Promise<BroadcastSummary[]> {
    const recipients = await this.repo.recipients(rows.map((r) => r.id));
    return rows.map((r) => {
      const texts = parse<Record<string, BroadcastText>>(r.texts, {});
      const en = texts.en ?? { subject: '', text: '' };
      return {
        id: r.id,
        created_ts: r.created_ts,
        by: r.by,
        channels: parse<BroadcastChannel[]>(r.channels, []),
        audience: parse<AudienceInput>(r.audience, {}),
        subject: en.subject || en.text.slice(0, 60),
        total: r.total,
        counts: statusCounts(
          (recipients.get(r.id) ?? []).map((x) => recipientStatusOf(x.outbox_status, x.status)),
        ),
      };
    });
  }

  /** GET getBroadcasts: the newest broadcasts; with an id, that one's texts and recipients. */
  async broadcasts(
    actor: Actor,
    q: { limit: number; id?: number },
  ): Promise<{ broadcasts: BroadcastSummary[]; detail: BroadcastDetail | null }> {
    assertOperator(actor, 'broadcasts');
    const broadcasts = await this.summaries(await this.repo.broadcasts(q.limit));
    if (q.id === undefined) return { broadcasts, detail: null };
    const rows = await this.repo.broadcasts(1, q.id);
    if (rows.length === 0) throw ApiError.notFound(`No broadcast ${q.id}.`);
    const [broadcast] = await this.summaries(rows);
    const recipients = (await this.repo.recipients([q.id])).get(q.id) ?? [];
    return {
      broadcasts,
      detail: {
        broadcast: broadcast!,
        texts: parse<Record<string, BroadcastText>>(rows[0]!.texts, {}),
        recipients: recipients.map((r) => ({
          uid: r.user_id,
          username: r.username,
          channel: r.channel as BroadcastChannel,
          address: r.address_masked,
          language: r.language,
          status: recipientStatusOf(r.outbox_status, r.status),
          error: r.status === 'capped' ? r.error : r.outbox_error,
          sent_ts: r.sent_ts,
        })),
      },
    };
  }
}

/** The send request as the contract parses it. */
export interface ParsedSend {
  channels: BroadcastChannel[];
  audience: AudienceInput;
  texts: Partial<Record<string, BroadcastText>>;
  dryRun: boolean;
}

export type { SendBroadcastRequest };
