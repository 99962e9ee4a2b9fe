import { sql, type Insertable, type Selectable } from 'kysely';
import type { DeliveryAlertRow, DeliveryRepository, NewDeliveryMessage } from './delivery.repository.js';
import type { DeliveryAlertStatus, DeliveryGroupsTable } from './delivery.tables.js';
import type { GroupState } from './groupSteps.js';

export type DeliveryGroupRow = Selectable<DeliveryGroupsTable>;
export type NewDeliveryGroup = Insertable<DeliveryGroupsTable>;

/** A member's change in one step (see groupSteps.ts). */
export interface MemberUpdate {
  status?: DeliveryAlertStatus;
  clearPending?: false;
  told?: true;
}

/** Kysely only: the groups of alerts (decision 0067) and their members. */
export class DeliveryGroupRepository {
  constructor(private readonly base: DeliveryRepository) {}

  private get db() {
    return this.base.db;
  }

  /**
   * Alerts not in a group yet: raised since the last pass ('new'), or still open from before groups
   * existed (adopted into a group of their own). Oldest first, so the first of a burst opens the group.
   */
  async ungrouped(limit: number): Promise<DeliveryAlertRow[]> {
    return this.db
      .selectFrom('delivery_alerts')
      .selectAll()
      .where('group_id', 'is', null)
      .where('status', 'in', ['new', 'open'])
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  /** A station's data-break groups still gathering or open (someone in the app acknowledges them). */
  async openDataBreakGroups(ownerId: number, bsId: string): Promise<number[]> {
    const rows = await this.liveGroupsOf(ownerId, `station:${bsId}`);
    return rows.map((g) => g.id);
  }

  /** The newest groups of a subject that are still gathering or open, newest first. */
  async liveGroupsOf(ownerId: number, subject: string): Promise<DeliveryGroupRow[]> {
    return this.db
      .selectFrom('delivery_groups')
      .selectAll()
      .where('owner_user_id', '=', ownerId)
      .where('subject', '=', subject)
      .where('status', 'in', ['gathering', 'open'])
      .orderBy('id', 'desc')
      .execute();
  }

  async createGroup(g: NewDeliveryGroup): Promise<number> {
    const row = await this.db
      .insertInto('delivery_groups')
      .values(g)
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  }

  /** Puts an alert into a group, unless another pass grouped it first. */
  async join(alertId: number, groupId: number, told = false): Promise<boolean> {
    const r = await this.db
      .updateTable('delivery_alerts')
      .set({ group_id: groupId, ...(told ? { told: 1 } : {}) })
      .where('id', '=', alertId)
      .where('group_id', 'is', null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  /** An ungrouped alert that ended before anyone was told: it ends quietly. */
  async endQuietly(alertId: number): Promise<void> {
    await this.db
      .updateTable('delivery_alerts')
      .set({ status: 'cleared', clear_pending: 0, next_step_ts: null })
      .where('id', '=', alertId)
      .where('group_id', 'is', null)
      .execute();
  }

  /** Groups with work due: first messages or a repeat whose time came, or an alert of theirs that ended. */
  async dueGroups(nowS: number, limit: number): Promise<DeliveryGroupRow[]> {
    return this.db
      .selectFrom('delivery_groups as g')
      .selectAll('g')
      .where((eb) =>
        eb.or([
          eb.and([eb('g.status', 'in', ['gathering', 'open']), eb('g.next_step_ts', '<=', nowS)]),
          eb.and([
            eb('g.status', '!=', 'cleared'),
            eb.exists(
              eb
                .selectFrom('delivery_alerts as a')
                .select(sql.lit(1).as('one'))
                .whereRef('a.group_id', '=', 'g.id')
                .where('a.clear_pending', '=', 1),
            ),
          ]),
        ]),
      )
      .orderBy('g.id')
      .limit(limit)
      .execute();
  }

  async group(id: number): Promise<DeliveryGroupRow | undefined> {
    return this.db.selectFrom('delivery_groups').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async members(groupId: number): Promise<DeliveryAlertRow[]> {
    return this.db
      .selectFrom('delivery_alerts')
      .selectAll()
      .where('group_id', '=', groupId)
      .orderBy('id')
      .execute();
  }

  /**
   * Writes one step of a group: its new state, its alerts' changes and its messages, in one transaction,
   * only if the group is still as the planner read it (another instance may have written the step).
   * Metered channels past the account's daily cap are written as 'capped'.
   */
  async writeGroupStep(
    seen: Pick<DeliveryGroupRow, 'id' | 'status' | 'step' | 'next_step_ts'>,
    next: Partial<GroupState>,
    members: ReadonlyMap<number, MemberUpdate>,
    messages: NewDeliveryMessage[],
    caps: { ownerId: number; sinceTs: number; perChannel: Partial<Record<string, number>> },
    nowS: number,
  ): Promise<{ written: boolean; capped: string[] }> {
    return this.db.transaction().execute(async (trx) => {
      const changes = {
        ...(next.status !== undefined ? { status: next.status } : {}),
        ...(next.step !== undefined ? { step: next.step } : {}),
        ...(next.nextStepTs !== undefined ? { next_step_ts: next.nextStepTs } : {}),
        ...(next.status === 'cleared' ? { cleared_ts: nowS } : {}),
      };
      // A step that changes only its alerts (one ended, others still on) still takes the group's row:
      // the guarded update is what keeps two instances from writing one step. An UPDATE with nothing
      // to set is not SQL, and its error stopped every later group of the pass (issue 34 item 1).
      let q = trx
        .updateTable('delivery_groups')
        .set(Object.keys(changes).length > 0 ? changes : { step: seen.step })
        .where('id', '=', seen.id)
        .where('status', '=', seen.status)
        .where('step', '=', seen.step);
      q =
        seen.next_step_ts === null
          ? q.where('next_step_ts', 'is', null)
          : q.where('next_step_ts', '=', seen.next_step_ts);
      const r = await q.executeTakeFirst();
      if (Number(r.numUpdatedRows) !== 1) return { written: false, capped: [] };
      for (const [id, u] of members) {
        const set = {
          ...(u.status !== undefined ? { status: u.status } : {}),
          ...(u.clearPending === false ? { clear_pending: 0 } : {}),
          ...(u.told ? { told: 1 } : {}),
          ...(u.status === 'acknowledged' || u.status === 'cleared' ? { next_step_ts: null } : {}),
        };
        if (Object.keys(set).length)
          await trx.updateTable('delivery_alerts').set(set).where('id', '=', id).execute();
      }
      const capped = await this.base.applyCaps(trx, messages, caps);
      if (messages.length) await trx.insertInto('delivery_messages').values(messages).execute();
      return { written: true, capped };
    });
  }

  /**
   * Stops a group's repeats: someone acknowledged it from a channel. Its alerts still on are marked
   * acknowledged too. Returns the alerts that were on (to acknowledge in their monitors), or null when
   * the group was not open.
   */
  async acknowledgeGroup(
    groupId: number,
    byUserId: number | null,
    via: string,
    nowS: number,
  ): Promise<DeliveryAlertRow[] | null> {
    const ack = {
      status: 'acknowledged' as const,
      ack_by_user_id: byUserId,
      ack_via: via,
      ack_ts: nowS,
      next_step_ts: null,
    };
    return this.db.transaction().execute(async (trx) => {
      const r = await trx
        .updateTable('delivery_groups')
        .set(ack)
        .where('id', '=', groupId)
        .where('status', 'in', ['gathering', 'open'])
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) !== 1) return null;
      return trx
        .updateTable('delivery_alerts')
        .set(ack)
        .where('group_id', '=', groupId)
        .where('status', 'in', ['new', 'open'])
        .returningAll()
        .execute();
    });
  }

  /** Open groups that sent an SMS or a call to this number since `sinceTs` (an SMS reply's groups). */
  async openGroupsMessagedTo(
    address: string,
    channels: string[],
    sinceTs: number,
  ): Promise<DeliveryGroupRow[]> {
    return this.db
      .selectFrom('delivery_groups as g')
      .selectAll('g')
      .where('g.status', '=', 'open')
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('delivery_messages as m')
            .select(sql.lit(1).as('one'))
            .whereRef('m.delivery_group_id', '=', 'g.id')
            .where('m.address', '=', address)
            .where('m.channel', 'in', channels)
            .where('m.created_ts', '>=', sinceTs),
        ),
      )
      .orderBy('g.id')
      .execute();
  }

  /** What each group tells of, by name: its storage's name, or its station's (an SMS reply's choices). */
  async subjectNames(groups: readonly DeliveryGroupRow[]): Promise<Map<number, string>> {
    const out = new Map<number, string>();
    for (const g of groups) {
      const row =
        g.storage_id !== null
          ? await this.db
              .selectFrom('storages')
              .select('name')
              .where('id', '=', g.storage_id)
              .executeTakeFirst()
          : await this.db
              .selectFrom('base_stations')
              .select('display_name as name')
              .where('id', '=', g.bs_id ?? '')
              .executeTakeFirst();
      out.set(g.id, row?.name?.trim() || g.bs_id || String(g.id));
    }
    return out;
  }
}
