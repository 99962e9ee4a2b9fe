import type { Kysely } from 'kysely';
import type { RecipientStatus } from '@emberwatch/shared/domain/broadcasts/broadcastRules';
import type { Database } from '../../db/schema.js';
import { broadcastsDb, type BroadcastsDb } from './broadcasts.tables.js';

const num = (v: number | string | null): number | null => (v === null ? null : Number(v));

/** A customer as an audience sees them. */
export interface CustomerRow {
  id: number;
  username: string;
  firstname: string | null;
  lastname: string | null;
  email: string | null;
  phone: string | null;
  country: string | null;
  language: string;
  plan_level: number;
  segment: number | null;
  partner_app: string | null;
}

export interface RecipientRow {
  user_id: number | null;
  username: string | null;
  channel: string;
  address_masked: string;
  language: string;
  status: RecipientStatus;
  error: string | null;
  outbox_status: string | null;
  outbox_error: string | null;
  sent_ts: number | null;
}

export interface BroadcastRow {
  id: number;
  created_ts: number;
  by: string | null;
  channels: string;
  audience: string;
  texts: string;
  total: number;
}

export interface NewsCampaignDbRow {
  id: number;
  published_ts: number;
  icon: string;
  link: string | null;
  popup: number;
  texts: string;
  audience: string | null;
  start_ts: number | null;
  end_ts: number | null;
  updated_ts: number | null;
  by: string | null;
}

export interface NewsCampaignWrite {
  icon: string;
  link: string | null;
  popup: number;
  texts: string;
  audience: string | null;
  start_ts: number | null;
  end_ts: number | null;
}

/** The broadcasts feature's reads and writes: Kysely only. */
export class BroadcastsRepository {
  private readonly db: BroadcastsDb;

  constructor(db: Kysely<Database>) {
    this.db = broadcastsDb(db);
  }

  /**
   * Every customer: not staff, not a master, not a sub-user (their account's owner is the customer).
   * The audience's own filters are the pure rule's (domain/broadcasts/audience.ts), applied by the service.
   */
  customers(): Promise<CustomerRow[]> {
    return this.db
      .selectFrom('users')
      .select([
        'id',
        'username',
        'firstname',
        'lastname',
        'email',
        'phone',
        'country',
        'language',
        'plan_level',
        'segment',
        'partner_app',
      ])
      .where('admin', '=', 0)
      .where('master', '=', 0)
      .where('main_user_id', 'is', null)
      .orderBy('id')
      .execute();
  }

  /** SMS already in the outbox today for these accounts (capped ones do not count, as for alerts). */
  async smsUsedSince(ownerIds: number[], sinceTs: number): Promise<Map<number, number>> {
    const used = new Map<number, number>();
    for (let i = 0; i < ownerIds.length; i += 500) {
      const rows = await this.db
        .selectFrom('delivery_messages')
        .select(['owner_user_id', (eb) => eb.fn.countAll<number>().as('n')])
        .where('owner_user_id', 'in', ownerIds.slice(i, i + 500))
        .where('channel', '=', 'sms')
        .where('created_ts', '>=', sinceTs)
        .where('status', '!=', 'capped')
        .groupBy('owner_user_id')
        .execute();
      for (const r of rows) used.set(Number(r.owner_user_id), Number(r.n));
    }
    return used;
  }

  async insertBroadcast(b: {
    created_ts: number;
    by_user_id: number;
    channels: string;
    audience: string;
    texts: string;
    total: number;
  }): Promise<number> {
    const row = await this.db.insertInto('broadcasts').values(b).returning('id').executeTakeFirstOrThrow();
    return Number(row.id);
  }

  async insertRecipient(r: {
    broadcast_id: number;
    user_id: number;
    channel: string;
    address_masked: string;
    language: string;
    status: RecipientStatus;
    error: string | null;
    message_id: number | null;
  }): Promise<void> {
    await this.db.insertInto('broadcast_recipients').values(r).execute();
  }

  async broadcasts(limit: number, id?: number): Promise<BroadcastRow[]> {
    let q = this.db
      .selectFrom('broadcasts as b')
      .leftJoin('users as u', 'u.id', 'b.by_user_id')
      .select(['b.id', 'b.created_ts', 'u.username as by', 'b.channels', 'b.audience', 'b.texts', 'b.total'])
      .orderBy('b.id', 'desc')
      .limit(limit);
    if (id !== undefined) q = q.where('b.id', '=', id);
    const rows = await q.execute();
    return rows.map((r) => ({
      ...r,
      id: Number(r.id),
      created_ts: Number(r.created_ts),
      total: Number(r.total),
    }));
  }

  /** Each recipient with its outbox message's status. */
  async recipients(broadcastIds: number[]): Promise<Map<number, RecipientRow[]>> {
    const out = new Map<number, RecipientRow[]>();
    if (broadcastIds.length === 0) return out;
    const rows = await this.db
      .selectFrom('broadcast_recipients as r')
      .leftJoin('delivery_messages as m', 'm.id', 'r.message_id')
      .leftJoin('users as u', 'u.id', 'r.user_id')
      .select([
        'r.broadcast_id',
        'r.user_id',
        'u.username',
        'r.channel',
        'r.address_masked',
        'r.language',
        'r.status',
        'r.error',
        'm.status as outbox_status',
        'm.last_error as outbox_error',
        'm.sent_ts',
      ])
      .where('r.broadcast_id', 'in', broadcastIds)
      .orderBy('r.id')
      .execute();
    for (const r of rows) {
      const id = Number(r.broadcast_id);
      const list = out.get(id) ?? [];
      list.push({
        user_id: num(r.user_id),
        username: r.username,
        channel: r.channel,
        address_masked: r.address_masked,
        language: r.language,
        status: r.status,
        error: r.error,
        outbox_status: r.outbox_status,
        outbox_error: r.outbox_error,
        sent_ts: num(r.sent_ts),
      });
      out.set(id, list);
    }
    return out;
  }

  /** Every news item not deleted, the product's and the console's, newest first. */
  async campaigns(): Promise<NewsCampaignDbRow[]> {
    const rows = await this.db
      .selectFrom('news as n')
      .leftJoin('users as u', 'u.id', 'n.updated_by_user_id')
      .select([
        'n.id',
        'n.published_ts',
        'n.icon',
        'n.link',
        'n.popup',
        'n.texts',
        'n.audience',
        'n.start_ts',
        'n.end_ts',
        'n.updated_ts',
        'u.username as by',
      ])
      .where('n.deleted_ts', 'is', null)
      .orderBy('n.published_ts', 'desc')
      .orderBy('n.id', 'desc')
      .execute();
    return rows.map((r) => ({
      ...r,
      id: Number(r.id),
      published_ts: Number(r.published_ts),
      popup: Number(r.popup),
      start_ts: num(r.start_ts),
      end_ts: num(r.end_ts),
      updated_ts: num(r.updated_ts),
    }));
  }

  /** Saves and deletes campaigns in one transaction; answers the ids not found (nothing then changes). */
  async saveCampaigns(
    saves: (NewsCampaignWrite & { id?: number })[],
    deleted: number[],
    by: number,
    nowS: number,
  ): Promise<{ missing: number[]; before: NewsCampaignWrite[] }> {
    return this.db.transaction().execute(async (trx) => {
      const ids = saves.flatMap((s) => (s.id === undefined ? [] : [s.id]));
      const existing =
        ids.length === 0
          ? []
          : await trx
              .selectFrom('news')
              .select([
                'id',
                'published_ts',
                'icon',
                'link',
                'popup',
                'texts',
                'audience',
                'start_ts',
                'end_ts',
              ])
              .where('id', 'in', ids)
              .where('deleted_ts', 'is', null)
              .execute();
      const byId = new Map(existing.map((r) => [Number(r.id), r]));
      const missing = ids.filter((id) => !byId.has(id));
      if (missing.length > 0) return { missing, before: [] };
      for (const s of saves) {
        const { id, ...values } = s;
        if (id === undefined)
          await trx
            .insertInto('news')
            .values({
              ...values,
              published_ts: values.start_ts ?? nowS,
              updated_ts: nowS,
              updated_by_user_id: by,
              deleted_ts: null,
            })
            .execute();
        else
          await trx
            .updateTable('news')
            .set({
              ...values,
              // The dialog's date and its "new" count follow the start (decision 0100).
              published_ts: values.start_ts ?? Number(byId.get(id)!.published_ts),
              updated_ts: nowS,
              updated_by_user_id: by,
            })
            .where('id', '=', id)
            .execute();
      }
      if (deleted.length > 0)
        await trx
          .updateTable('news')
          .set({ deleted_ts: nowS, updated_ts: nowS, updated_by_user_id: by })
          .where('id', 'in', deleted)
          .where('deleted_ts', 'is', null)
          .execute();
      return { missing: [], before: existing.map(({ id: _id, published_ts: _p, ...r }) => r) };
    });
  }
}
