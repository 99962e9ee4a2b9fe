import { type Insertable, type Kysely, type Selectable } from 'kysely';
import type { RuleEffect } from '@emberwatch/shared/domain/rules/ruleEffects';
import type { Engine } from '../../db/engine.js';
import type { Database } from '../../db/schema.js';
import type { AlertEffectsSource } from '../monitors/index.js';
import { callerNumberFor, e164, ruleFactsOf, thresholdOf } from './deliveryPlan.js';
import {
  deliveryDb,
  type DeliveryAlertsTable,
  type DeliveryDb,
  type DeliveryMessagesTable,
  type DeliveryMessageStatus,
} from './delivery.tables.js';

export type DeliveryAlertRow = Selectable<DeliveryAlertsTable>;
export type DeliveryMessageRow = Selectable<DeliveryMessagesTable>;
export type NewDeliveryMessage = Insertable<DeliveryMessagesTable>;

/** Which channels a claim takes: these, or all but these (the worker claims per channel, decision 0069). */
export type ChannelFilter = { in: string[] } | { notIn: string[] };

/** One try's outcome, as the worker records it. */
export interface FinishedTry {
  id: number;
  /** The attempt this try was (the claim's count): a later claim's outcome is not overwritten. */
  attempts: number;
  outcome: {
    status: DeliveryMessageStatus;
    error?: string | null;
    providerId?: string | null;
    retryAtTs?: number;
  };
}

/** The alert's depth as the unique key stores it: −1 for the average of the depths. */
export const depthKey = (depth: number | null) => depth ?? -1;

/** Kysely only: every read and write of the delivery tables. */
export class DeliveryRepository {
  readonly db: DeliveryDb;

  constructor(
    db: Kysely<Database>,
    private readonly engine: Engine,
  ) {
    this.db = deliveryDb(db);
  }

  /**
   * Inside the evaluation's transaction (the monitors' AlertEffectsRecorder): a raised alert becomes a
   * delivery alert bound to the storage whose probe raised it; an ended one is marked for its all-clear.
   * Raising twice (a re-run after a crash) changes nothing: the alert's key is unique.
   */
  async recordEffects(
    outer: Kysely<Database>,
    source: AlertEffectsSource,
    effects: readonly RuleEffect[],
    nowS: number,
  ): Promise<boolean> {
    const trx = deliveryDb(outer);
    let wrote = false;
    for (const e of effects) {
      if (e.type === 'raise') {
        const storage = await trx
          .selectFrom('storage_probes as sp')
          .innerJoin('storages as s', 's.id', 'sp.storage_id')
          .select('s.id')
          .where('sp.owner_user_id', '=', source.ownerId)
          .where('sp.sensor_id', '=', e.alert.sensor_id)
          .where('s.monitor_id', '=', source.monitorId)
          .executeTakeFirst();
        await trx
          .insertInto('delivery_alerts')
          .values({
            owner_user_id: source.ownerId,
            monitor_id: source.monitorId,
            rule_id: source.rule.id,
            rule_type: source.rule.type,
            sensor_id: e.alert.sensor_id,
            depth: depthKey(e.alert.depth),
            alert_ts: e.alert.ts,
            temperature: e.alert.temperature,
            threshold: thresholdOf(source.rule, e.alert),
            ...ruleFactsOf(source.rule, e.alert),
            is_min: e.alert.isMin ? 1 : 0,
            status: storage ? 'new' : 'unrouted',
            step: 0,
            clear_pending: 0,
            storage_id: storage?.id ?? null,
            created_ts: nowS,
          })
          .onConflict((oc) =>
            oc
              .columns(['owner_user_id', 'monitor_id', 'rule_id', 'sensor_id', 'depth', 'alert_ts'])
              .doNothing(),
          )
          .execute();
        wrote = wrote || Boolean(storage);
      } else if (e.type === 'clear') {
        const r = await trx
          .updateTable('delivery_alerts')
          .set({
            clear_pending: 1,
            cleared_ts: e.alert.resetTS ?? nowS,
            clear_reason: e.reason,
            clear_temperature: e.temperature,
          })
          .where('owner_user_id', '=', source.ownerId)
          .where('monitor_id', '=', source.monitorId)
          .where('rule_id', '=', source.rule.id)
          .where('sensor_id', '=', e.alert.sensor_id)
          .where('depth', '=', depthKey(e.alert.depth))
          .where('alert_ts', '=', e.alert.ts)
          .where('status', '!=', 'cleared')
          .executeTakeFirst();
        wrote = wrote || Number(r.numUpdatedRows) > 0;
      }
    }
    return wrote;
  }

  async alert(id: number): Promise<DeliveryAlertRow | undefined> {
    return this.db.selectFrom('delivery_alerts').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Marks metered messages over the day's cap as 'capped' (in place); returns the channels capped now. */
  async applyCaps(
    trx: DeliveryDb,
    messages: NewDeliveryMessage[],
    caps: { ownerId: number; sinceTs: number; perChannel: Partial<Record<string, number>> },
  ): Promise<string[]> {
    const capped: string[] = [];
    for (const [channel, cap] of Object.entries(caps.perChannel)) {
      if (cap === undefined || !messages.some((m) => m.channel === channel)) continue;
      const row = await trx
        .selectFrom('delivery_messages')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('owner_user_id', '=', caps.ownerId)
        .where('channel', '=', channel)
        .where('created_ts', '>=', caps.sinceTs)
        .where('status', '!=', 'capped')
        .executeTakeFirstOrThrow();
      let used = Number(row.n);
      for (const m of messages) {
        if (m.channel !== channel) continue;
        if (used >= cap) {
          m.status = 'capped';
          m.last_error = `The account's daily ${channel} limit (${cap}) is reached.`;
          if (!capped.includes(channel)) capped.push(channel);
        } else used++;
      }
    }
    return capped;
  }

  /** The messages claim() may take: pending and due, or claimed by a worker whose lease ran out. */
  private due(db: DeliveryDb, nowS: number, channels?: ChannelFilter) {
    let q = db
      .selectFrom('delivery_messages')
      .where((eb) =>
        eb.or([
          eb.and([eb('status', '=', 'pending'), eb('next_attempt_ts', '<=', nowS)]),
          eb.and([eb('status', '=', 'sending'), eb('lease_until_ts', '<=', nowS)]),
        ]),
      );
    if (channels && 'in' in channels) q = q.where('channel', 'in', channels.in);
    else if (channels) q = q.where('channel', 'not in', channels.notIn);
    return q;
  }

  /**
   * Claims up to `limit` due messages for this worker (of the channels `channels` names, or any):
   * pending ones whose time came and 'sending' ones whose lease ran out (their worker died mid-send:
   * sent again, a duplicate at most). On PostgreSQL the rows are locked with SKIP LOCKED, so several
   * instances share the outbox without taking one message twice.
   */
  async claim(
    nowS: number,
    limit: number,
    leaseS: number,
    channels?: ChannelFilter,
    db: DeliveryDb = this.db,
  ): Promise<DeliveryMessageRow[]> {
    const pick = this.due(db, nowS, channels).select('id').orderBy('id').limit(limit);
    const ids = this.engine === 'postgres' ? pick.forUpdate().skipLocked() : pick;
    return db
      .updateTable('delivery_messages')
      .set((eb) => ({
        status: 'sending',
        attempts: eb('attempts', '+', 1),
        lease_until_ts: nowS + leaseS,
      }))
      .where('id', 'in', ids)
      .returningAll()
      .execute();
  }

  /** Records tries' outcomes, each unless its message was meanwhile finished by another worker. */
  async finish(outcomes: readonly FinishedTry[], nowS: number, db: DeliveryDb = this.db): Promise<void> {
    for (const { id, attempts, outcome } of outcomes)
      await db
        .updateTable('delivery_messages')
        .set((eb) => ({
          status: outcome.status,
          // A code's text must not stay readable once it went out.
          body:
            outcome.status === 'sent'
              ? eb.case().when('kind', '=', 'code').then('[code sent]').else(eb.ref('body')).end()
              : eb.ref('body'),
          last_error: outcome.error ?? null,
          provider_id: outcome.providerId ?? null,
          sent_ts: outcome.status === 'sent' ? nowS : null,
          next_attempt_ts: outcome.retryAtTs ?? nowS,
          lease_until_ts: null,
        }))
        .where('id', '=', id)
        .where('status', '=', 'sending')
        .where('attempts', '=', attempts)
        .execute();
  }

  /**
   * The worker's one write (decision 0069): records the outcomes that came back and claims the
   * messages for the places they freed, in one transaction — one commit for all of them. Returns the
   * rows claimed for each ask, in order.
   */
  async finishAndClaim(
    outcomes: readonly FinishedTry[],
    asks: readonly { channels: ChannelFilter; limit: number }[],
    nowS: number,
    leaseS: number,
    peeks: readonly ChannelFilter[] = [],
  ): Promise<{ claimed: DeliveryMessageRow[][]; due: boolean[] }> {
    const write = async (db: DeliveryDb) => {
      await this.finish(outcomes, nowS, db);
      const claimed: DeliveryMessageRow[][] = [];
      for (const ask of asks) claimed.push(await this.claim(nowS, ask.limit, leaseS, ask.channels, db));
      const due: boolean[] = [];
      for (const channels of peeks) due.push(await this.anyDue(nowS, channels, db));
      return { claimed, due };
    };
    return outcomes.length + asks.length + peeks.length > 1
      ? this.db.transaction().execute(write)
      : write(this.db);
  }

  /** Whether a message of these channels is due (what claim() would take), without taking it. */
  async anyDue(nowS: number, channels: ChannelFilter, db: DeliveryDb = this.db): Promise<boolean> {
    return (await this.due(db, nowS, channels).select('id').limit(1).executeTakeFirst()) !== undefined;
  }

  /** Whether an inbound callback is new (and remembers it): a provider retrying one acts once. */
  async firstSight(providerId: string, kind: string, nowS: number): Promise<boolean> {
    const r = await this.db
      .insertInto('delivery_inbound')
      .values({ provider_id: providerId, kind, created_ts: nowS })
      .onConflict((oc) => oc.column('provider_id').doNothing())
      .executeTakeFirst();
    return Number(r.numInsertedOrUpdatedRows ?? 0n) === 1;
  }

  async message(id: number): Promise<DeliveryMessageRow | undefined> {
    return this.db.selectFrom('delivery_messages').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The newest messages of every account (the admin's outbox page), newest first; optionally filtered. */
  async latestMessages(
    limit: number,
    beforeId?: number,
    only: { status?: DeliveryMessageStatus; ownerId?: number } = {},
  ): Promise<DeliveryMessageRow[]> {
    let q = this.db.selectFrom('delivery_messages').selectAll().orderBy('id', 'desc').limit(limit);
    if (beforeId !== undefined) q = q.where('id', '<', beforeId);
    if (only.status !== undefined) q = q.where('status', '=', only.status);
    if (only.ownerId !== undefined) q = q.where('owner_user_id', '=', only.ownerId);
    return q.execute();
  }

  /** A storage's delivered alerts, newest first, and their messages. */
  async storageLog(
    ownerId: number,
    storageId: number,
    limit: number,
  ): Promise<{
    alerts: DeliveryAlertRow[];
    messages: DeliveryMessageRow[];
    groups: Map<number, { step: number; next_step_ts: number | null }>;
  }> {
    const alerts = await this.db
      .selectFrom('delivery_alerts')
      .selectAll()
      .where('owner_user_id', '=', ownerId)
      .where('storage_id', '=', storageId)
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    const groupIds = [...new Set(alerts.flatMap((a) => (a.group_id === null ? [] : [a.group_id])))];
    // A group's messages told of every alert of it (decision 0067); older ones name their alert.
    const messages = alerts.length
      ? await this.db
          .selectFrom('delivery_messages')
          .selectAll()
          .where((eb) =>
            eb.or([
              eb(
                'delivery_alert_id',
                'in',
                alerts.map((a) => a.id),
              ),
              ...(groupIds.length ? [eb('delivery_group_id', 'in', groupIds)] : []),
            ]),
          )
          .orderBy('id')
          .execute()
      : [];
    const groups = groupIds.length
      ? await this.db
          .selectFrom('delivery_groups')
          .select(['id', 'step', 'next_step_ts'])
          .where('id', 'in', groupIds)
          .execute()
      : [];
    return { alerts, messages, groups: new Map(groups.map((g) => [g.id, g])) };
  }

  async key(name: string): Promise<string | undefined> {
    return (
      await this.db.selectFrom('delivery_keys').select('value').where('name', '=', name).executeTakeFirst()
    )?.value;
  }

  /** Keeps a key made once (the first instance's wins when two start together). */
  async keepKey(name: string, value: string, nowS: number): Promise<string> {
    await this.db
      .insertInto('delivery_keys')
      .values({ name, value, created_ts: nowS })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    return (await this.key(name)) ?? value;
  }

  /**
   * What a message says besides the alert: the probe's name and the time zone of its times — the
   * station's, else the account's (the zone of another of the owner's stations; the account itself
   * keeps none), else null (UTC).
   */
  async probeFacts(
    storageId: number,
    sensorId: string,
  ): Promise<{ probeName: string; depths: number; timeZone: string | null }> {
    const station = await this.db
      .selectFrom('storages as s')
      .leftJoin('base_stations as b', 'b.id', 's.bs_id')
      .select(['b.timezone', 's.owner_user_id'])
      .where('s.id', '=', storageId)
      .executeTakeFirst();
    const probe = await this.db
      .selectFrom('probes')
      .select(['sensor_name', 'depths'])
      .where('sensor_id', '=', sensorId)
      .executeTakeFirst();
    let timeZone = station?.timezone?.trim() || null;
    if (!timeZone && station) {
      const other = await this.db
        .selectFrom('base_stations')
        .select('timezone')
        .where('owner_user_id', '=', station.owner_user_id)
        .where('timezone', 'is not', null)
        .where('timezone', '!=', '')
        .orderBy('id')
        .limit(1)
        .executeTakeFirst();
      timeZone = other?.timezone ?? null;
    }
    return {
      probeName: probe?.sensor_name?.trim() || sensorId,
      depths: probe?.depths ?? 0,
      timeZone,
    };
  }

  /** Whether a station is this account's. */
  async stationOwnedBy(ownerId: number, bsId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('base_stations')
      .select('id')
      .where('id', '=', bsId)
      .where('owner_user_id', '=', ownerId)
      .executeTakeFirst();
    return Boolean(row);
  }

  /** A probe's name (its id without one) and its depths, wherever it is (a data break's probe). */
  async probeName(sensorId: string): Promise<{ probeName: string; depths: number }> {
    const probe = await this.db
      .selectFrom('probes')
      .select(['sensor_name', 'depths'])
      .where('sensor_id', '=', sensorId)
      .executeTakeFirst();
    return { probeName: probe?.sensor_name?.trim() || sensorId, depths: probe?.depths ?? 0 };
  }

  /** A station's name, zone and the account's storages there (who a data break reaches). */
  async stationFacts(
    ownerId: number,
    bsId: string,
  ): Promise<{ name: string; timeZone: string | null; storageIds: number[] }> {
    const station = await this.db
      .selectFrom('base_stations')
      .select(['display_name', 'timezone'])
      .where('id', '=', bsId)
      .executeTakeFirst();
    const storages = await this.db
      .selectFrom('storages')
      .select('id')
      .where('owner_user_id', '=', ownerId)
      .where('bs_id', '=', bsId)
      .orderBy('id')
      .execute();
    return {
      name: station?.display_name?.trim() || bsId,
      timeZone: station?.timezone ?? null,
      storageIds: storages.map((s) => s.id),
    };
  }

  /** The account's owner as the escalation reaches them. */
  async owner(ownerId: number) {
    return this.db
      .selectFrom('users')
      .select(['id', 'username', 'firstname', 'lastname', 'email', 'phone', 'language', 'country'])
      .where('id', '=', ownerId)
      .executeTakeFirst();
  }

  /** Display names of users (who acknowledged). */
  async userNames(ids: number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('users')
      .select(['id', 'username', 'firstname', 'lastname'])
      .where('id', 'in', [...new Set(ids)])
      .execute();
    return new Map(
      rows.map((r) => [r.id, [r.firstname, r.lastname].filter((p) => p && p.trim()).join(' ') || r.username]),
    );
  }

  /** The newest message sent to an address on these channels (who answers from that number). */
  async latestMessageTo(address: string, channels: string[]): Promise<DeliveryMessageRow | undefined> {
    return this.db
      .selectFrom('delivery_messages')
      .selectAll()
      .where('address', '=', address)
      .where('channel', 'in', channels)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  /** An SMS with a code for a person (the account feature's), from the caller number of their country. */
  async insertCodeMessage(
    m: { userId: number | null; to: string; text: string; channel?: 'sms' | 'email'; subject?: string },
    numbers: { northAmerica: string; international: string },
    nowS: number,
  ): Promise<number> {
    const user = m.userId === null ? undefined : await this.owner(m.userId);
    const row = await this.db
      .insertInto('delivery_messages')
      .values({
        owner_user_id: user?.id ?? (await this.anyAdminId()),
        delivery_alert_id: null,
        storage_id: null,
        kind: 'code',
        step: 0,
        channel: m.channel ?? 'sms',
        recipient_user_id: user?.id ?? null,
        recipient_name: user
          ? [user.firstname, user.lastname].filter((p) => p && p.trim()).join(' ') || user.username
          : '',
        address: m.channel === 'email' ? m.to : e164(m.to),
        sender: m.channel === 'email' ? null : callerNumberFor(user?.country ?? null, numbers),
        language: user?.language ?? 'en',
        subject: m.subject ?? 'code',
        body: m.text,
        html: null,
        payload: null,
        status: 'pending',
        attempts: 0,
        next_attempt_ts: nowS,
        created_ts: nowS,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /**
   * A test message of a channel to one user (decision 0072): a `test` row of the outbox, sent by the
   * workers through the channel's adapter like an alert's message. Answers its id.
   */
  async insertTestMessage(
    m: {
      ownerId: number;
      userId: number;
      /** push: the caller's devices; voice: a call to the caller's own confirmed number (decision 0120). */
      channel: 'push' | 'voice';
      address: string;
      subject: string;
      body: string;
      payload: Record<string, unknown>;
    },
    numbers: { northAmerica: string; international: string },
    nowS: number,
  ): Promise<number> {
    const user = await this.owner(m.userId);
    const row = await this.db
      .insertInto('delivery_messages')
      .values({
        owner_user_id: m.ownerId,
        delivery_alert_id: null,
        storage_id: null,
        kind: 'test',
        step: 0,
        channel: m.channel,
        recipient_user_id: m.userId,
        recipient_name: user
          ? [user.firstname, user.lastname].filter((p) => p && p.trim()).join(' ') || user.username
          : '',
        address: m.channel === 'voice' ? e164(m.address) : m.address,
        // A call comes from the caller number of the person's country, as an alert's (spec doc 3 §9).
        sender: m.channel === 'voice' ? callerNumberFor(user?.country ?? null, numbers) : null,
        language: user?.language ?? 'en',
        subject: m.subject,
        body: m.body,
        html: null,
        payload: JSON.stringify(m.payload),
        status: 'pending',
        attempts: 0,
        next_attempt_ts: nowS,
        created_ts: nowS,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** How many test messages of a channel an account's people were sent since a time (daily caps). */
  async testMessagesSince(ownerId: number, channel: 'push' | 'voice', sinceS: number): Promise<number> {
    const row = await this.db
      .selectFrom('delivery_messages')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('owner_user_id', '=', ownerId)
      .where('kind', '=', 'test')
      .where('channel', '=', channel)
      .where('created_ts', '>=', sinceS)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  messageById(id: number): Promise<DeliveryMessageRow | undefined> {
    return this.db.selectFrom('delivery_messages').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Where one message stands. */
  messageOutcome(id: number) {
    return this.db
      .selectFrom('delivery_messages')
      .select(['status', 'attempts', 'last_error'])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  private async anyAdminId(): Promise<number> {
    const row = await this.db
      .selectFrom('users')
      .select('id')
      .orderBy('id')
      .limit(1)
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /**
   * At start on SQLite, where this process is the only worker: messages a killed predecessor held are
   * due at once instead of when its claims run out.
   */
  async releaseClaims(nowS: number): Promise<number> {
    const r = await this.db
      .updateTable('delivery_messages')
      .set({ lease_until_ts: nowS })
      .where('status', '=', 'sending')
      .executeTakeFirst();
    return Number(r.numUpdatedRows);
  }
}
