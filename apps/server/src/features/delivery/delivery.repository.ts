import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import type { RuleEffect } from '@emberwatch/shared';
import type { Engine } from '../../db/engine.js';
import type { Database } from '../../db/schema.js';
import type { AlertEffectsSource } from '../monitors/index.js';
import { callerNumberFor, e164, thresholdOf } from './deliveryPlan.js';
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
          .set({ clear_pending: 1, cleared_ts: e.alert.resetTS ?? nowS, clear_reason: e.reason })
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

  /** Alerts with work due: first messages, all-clears, repeats whose time came. */
  async dueAlerts(nowS: number, limit: number): Promise<DeliveryAlertRow[]> {
    return this.db
      .selectFrom('delivery_alerts')
      .selectAll()
      .where((eb) =>
        eb.or([
          eb('status', '=', 'new'),
          eb('clear_pending', '=', 1),
          eb.and([eb('status', '=', 'open'), eb('next_step_ts', '<=', nowS)]),
        ]),
      )
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  async alert(id: number): Promise<DeliveryAlertRow | undefined> {
    return this.db.selectFrom('delivery_alerts').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /**
   * Writes one step of an alert: its messages and its new state, in one transaction, only if the alert
   * is still as the planner read it (status, step, clear flag) — another instance may have written the
   * step meanwhile. Metered channels past the account's daily cap are written as 'capped'.
   * Returns whether the step was written.
   */
  async writeStep(
    seen: Pick<DeliveryAlertRow, 'id' | 'status' | 'step' | 'clear_pending'>,
    next: Partial<Pick<DeliveryAlertRow, 'status' | 'step' | 'next_step_ts' | 'clear_pending'>>,
    messages: NewDeliveryMessage[],
    caps: { ownerId: number; sinceTs: number; perChannel: Partial<Record<string, number>> },
  ): Promise<{ written: boolean; capped: string[] }> {
    return this.db.transaction().execute(async (trx) => {
      const r = await trx
        .updateTable('delivery_alerts')
        .set(next)
        .where('id', '=', seen.id)
        .where('status', '=', seen.status)
        .where('step', '=', seen.step)
        .where('clear_pending', '=', seen.clear_pending)
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) !== 1) return { written: false, capped: [] };
      const capped = await this.applyCaps(trx, messages, caps);
      if (messages.length) await trx.insertInto('delivery_messages').values(messages).execute();
      return { written: true, capped };
    });
  }

  /** Marks metered messages over the day's cap as 'capped' (in place); returns the channels capped now. */
  private async applyCaps(
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

  /**
   * Claims up to `limit` due messages for this worker: pending ones whose time came and 'sending' ones
   * whose lease ran out (their worker died mid-send: at most one duplicate). On PostgreSQL the rows are
   * locked with SKIP LOCKED, so several instances share the outbox without taking one message twice.
   */
  async claim(nowS: number, limit: number, leaseS: number): Promise<DeliveryMessageRow[]> {
    const pick = this.db
      .selectFrom('delivery_messages')
      .select('id')
      .where((eb) =>
        eb.or([
          eb.and([eb('status', '=', 'pending'), eb('next_attempt_ts', '<=', nowS)]),
          eb.and([eb('status', '=', 'sending'), eb('lease_until_ts', '<=', nowS)]),
        ]),
      )
      .orderBy('id')
      .limit(limit);
    const ids = this.engine === 'postgres' ? pick.forUpdate().skipLocked() : pick;
    return this.db
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

  /** Records a try's outcome, unless the message was meanwhile finished by another worker. */
  async finish(
    id: number,
    attempts: number,
    outcome: {
      status: DeliveryMessageStatus;
      error?: string | null;
      providerId?: string | null;
      retryAtTs?: number;
    },
    nowS: number,
  ): Promise<void> {
    await this.db
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

  /** Whether an inbound callback is new (and remembers it): a provider retrying one acts once. */
  async firstSight(providerId: string, kind: string, nowS: number): Promise<boolean> {
    const r = await this.db
      .insertInto('delivery_inbound')
      .values({ provider_id: providerId, kind, created_ts: nowS })
      .onConflict((oc) => oc.column('provider_id').doNothing())
      .executeTakeFirst();
    return Number(r.numInsertedOrUpdatedRows ?? 0n) === 1;
  }

  /** Open alerts that sent an SMS or call to this number since `sinceTs` (an SMS reply's alerts). */
  async openAlertsMessagedTo(
    address: string,
    channels: string[],
    sinceTs: number,
  ): Promise<DeliveryAlertRow[]> {
    return this.db
      .selectFrom('delivery_alerts as a')
      .selectAll('a')
      .where('a.status', '=', 'open')
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('delivery_messages as m')
            .select(sql.lit(1).as('one'))
            .whereRef('m.delivery_alert_id', '=', 'a.id')
            .where('m.address', '=', address)
            .where('m.channel', 'in', channels)
            .where('m.created_ts', '>=', sinceTs),
        ),
      )
      .orderBy('a.id')
      .execute();
  }

  /** Stops an alert's repeats: someone acknowledged it (here or in the web). */
  async markAcknowledged(id: number, byUserId: number | null, via: string, nowS: number): Promise<boolean> {
    const r = await this.db
      .updateTable('delivery_alerts')
      .set({
        status: 'acknowledged',
        ack_by_user_id: byUserId,
        ack_via: via,
        ack_ts: nowS,
        next_step_ts: null,
      })
      .where('id', '=', id)
      .where('status', 'in', ['new', 'open'])
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  async message(id: number): Promise<DeliveryMessageRow | undefined> {
    return this.db.selectFrom('delivery_messages').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The newest messages of every account (the admin's outbox page), newest first. */
  async latestMessages(limit: number, beforeId?: number): Promise<DeliveryMessageRow[]> {
    let q = this.db.selectFrom('delivery_messages').selectAll().orderBy('id', 'desc').limit(limit);
    if (beforeId !== undefined) q = q.where('id', '<', beforeId);
    return q.execute();
  }

  /** A storage's delivered alerts, newest first, and their messages. */
  async storageLog(
    ownerId: number,
    storageId: number,
    limit: number,
  ): Promise<{ alerts: DeliveryAlertRow[]; messages: DeliveryMessageRow[] }> {
    const alerts = await this.db
      .selectFrom('delivery_alerts')
      .selectAll()
      .where('owner_user_id', '=', ownerId)
      .where('storage_id', '=', storageId)
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    const messages = alerts.length
      ? await this.db
          .selectFrom('delivery_messages')
          .selectAll()
          .where(
            'delivery_alert_id',
            'in',
            alerts.map((a) => a.id),
          )
          .orderBy('id')
          .execute()
      : [];
    return { alerts, messages };
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

  /** What a message says besides the alert: the probe's name and the station's time zone. */
  async probeFacts(
    storageId: number,
    sensorId: string,
  ): Promise<{ probeName: string; depths: number; timeZone: string | null }> {
    const station = await this.db
      .selectFrom('storages as s')
      .leftJoin('base_stations as b', 'b.id', 's.bs_id')
      .select('b.timezone')
      .where('s.id', '=', storageId)
      .executeTakeFirst();
    const probe = await this.db
      .selectFrom('probes')
      .select(['sensor_name', 'depths'])
      .where('sensor_id', '=', sensorId)
      .executeTakeFirst();
    return {
      probeName: probe?.sensor_name?.trim() || sensorId,
      depths: probe?.depths ?? 0,
      timeZone: station?.timezone ?? null,
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
  ): Promise<void> {
    const user = m.userId === null ? undefined : await this.owner(m.userId);
    await this.db
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
      .execute();
  }

  /**
   * A test message of a channel to one user (decision 0072): a `test` row of the outbox, sent by the
   * workers through the channel's adapter like an alert's message. Answers its id.
   */
  async insertTestMessage(
    m: {
      ownerId: number;
      userId: number;
      channel: 'push';
      address: string;
      subject: string;
      body: string;
      payload: Record<string, unknown>;
    },
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
        address: m.address,
        sender: null,
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
