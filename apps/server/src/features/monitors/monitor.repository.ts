import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import type { Engine } from '../../db/engine.js';
import type { Database, MonitorRuleStateTable, MonitorsTable } from '../../db/schema.js';

export type MonitorRow = Selectable<MonitorsTable>;
export type RuleStateRow = Selectable<MonitorRuleStateTable>;
export type Trx = Transaction<Database>;

/** The only SQL of the monitors feature. */
export class MonitorRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly engine: Engine = 'sqlite',
  ) {}

  /** The connection, for the feature's other repositories. */
  get database(): Kysely<Database> {
    return this.db;
  }

  transaction<T>(work: (trx: Trx) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }

  listByOwner(ownerId: number): Promise<MonitorRow[]> {
    return this.db
      .selectFrom('monitors')
      .selectAll()
      .where('owner_user_id', '=', ownerId)
      .orderBy('item_id')
      .execute();
  }

  find(ownerId: number, itemId: number, trx: Kysely<Database> = this.db): Promise<MonitorRow | undefined> {
    return trx
      .selectFrom('monitors')
      .selectAll()
      .where('owner_user_id', '=', ownerId)
      .where('item_id', '=', itemId)
      .executeTakeFirst();
  }

  /** Spec doc 3 §4 "new ids max + 1": read inside the saving transaction. */
  async nextItemId(trx: Trx, ownerId: number): Promise<number> {
    const row = await trx
      .selectFrom('monitors')
      .select((eb) => eb.fn.max('item_id').as('max'))
      .where('owner_user_id', '=', ownerId)
      .executeTakeFirst();
    return Number(row?.max ?? 0) + 1;
  }

  async insert(trx: Trx, row: Insertable<MonitorsTable>): Promise<void> {
    await trx.insertInto('monitors').values(row).execute();
  }

  async update(trx: Trx, row: MonitorRow): Promise<void> {
    await trx
      .updateTable('monitors')
      .set({
        name: row.name,
        default_monitor: row.default_monitor,
        compost: row.compost,
        demo_type: row.demo_type,
        rules: row.rules,
        updated_ts: row.updated_ts,
        updated_by: row.updated_by,
      })
      .where('owner_user_id', '=', row.owner_user_id)
      .where('item_id', '=', row.item_id)
      .execute();
  }

  /** Spec §3 one default monitor per account: saving one as default clears the flag on the others. */
  async clearDefaultExcept(trx: Trx, ownerId: number, itemId: number): Promise<void> {
    await trx
      .updateTable('monitors')
      .set({ default_monitor: 0 })
      .where('owner_user_id', '=', ownerId)
      .where('item_id', '!=', itemId)
      .execute();
  }

  async remove(trx: Trx, ownerId: number, itemId: number): Promise<void> {
    await trx
      .deleteFrom('monitor_rule_state')
      .where('owner_user_id', '=', ownerId)
      .where('monitor_id', '=', itemId)
      .execute();
    await trx
      .deleteFrom('monitors')
      .where('owner_user_id', '=', ownerId)
      .where('item_id', '=', itemId)
      .execute();
  }

  statesOf(ownerId: number, trx: Kysely<Database> = this.db): Promise<RuleStateRow[]> {
    return trx.selectFrom('monitor_rule_state').selectAll().where('owner_user_id', '=', ownerId).execute();
  }

  async upsertState(trx: Trx, row: RuleStateRow): Promise<void> {
    await trx
      .insertInto('monitor_rule_state')
      .values(row)
      .onConflict((oc) =>
        oc.columns(['owner_user_id', 'monitor_id', 'rule_id']).doUpdateSet({
          state: row.state,
          current_alerts: row.current_alerts,
          alert_history: row.alert_history,
          watermark: row.watermark,
          updated_ts: row.updated_ts,
        }),
      )
      .execute();
  }

  async removeStates(
    trx: Trx,
    ownerId: number,
    monitorId: number,
    ruleIds: readonly number[],
  ): Promise<void> {
    if (ruleIds.length === 0) return;
    await trx
      .deleteFrom('monitor_rule_state')
      .where('owner_user_id', '=', ownerId)
      .where('monitor_id', '=', monitorId)
      .where('rule_id', 'in', [...ruleIds])
      .execute();
  }

  /** The storages of the account that use each monitor: monitor itemID → storage ids. */
  async storagesUsing(ownerId: number, trx: Kysely<Database> = this.db): Promise<Map<number, number[]>> {
    const rows = await trx
      .selectFrom('storages')
      .select(['id', 'monitor_id'])
      .where('owner_user_id', '=', ownerId)
      .where('monitor_id', 'is not', null)
      .orderBy('id')
      .execute();
    const out = new Map<number, number[]>();
    for (const r of rows) out.set(r.monitor_id!, [...(out.get(r.monitor_id!) ?? []), r.id]);
    return out;
  }

  /** A rule's state row, locked for the transaction on PostgreSQL (SQLite's writer lock serialises). */
  async lockState(
    trx: Trx,
    ownerId: number,
    monitorId: number,
    ruleId: number,
  ): Promise<RuleStateRow | undefined> {
    let q = trx
      .selectFrom('monitor_rule_state')
      .selectAll()
      .where('owner_user_id', '=', ownerId)
      .where('monitor_id', '=', monitorId)
      .where('rule_id', '=', ruleId);
    if (this.engine === 'postgres') q = q.forUpdate();
    return q.executeTakeFirst();
  }

  /** Replaces a rule's current alerts (the row gets a new version by trigger: migration 0016). */
  async writeAlerts(
    trx: Trx,
    ownerId: number,
    monitorId: number,
    ruleId: number,
    currentAlerts: string,
  ): Promise<void> {
    await trx
      .updateTable('monitor_rule_state')
      .set({ current_alerts: currentAlerts })
      .where('owner_user_id', '=', ownerId)
      .where('monitor_id', '=', monitorId)
      .where('rule_id', '=', ruleId)
      .execute();
  }

  /** A rule's current alerts as stored (JSON Alert[]); undefined when the rule has no state. */
  async currentAlerts(ownerId: number, monitorId: number, ruleId: number): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('monitor_rule_state')
      .select('current_alerts')
      .where('owner_user_id', '=', ownerId)
      .where('monitor_id', '=', monitorId)
      .where('rule_id', '=', ruleId)
      .executeTakeFirst();
    return row?.current_alerts;
  }

  /** These storages of the account (others' and unknown ones are simply missing), with station and monitor. */
  storagesOf(ownerId: number, ids: readonly number[]) {
    return this.db
      .selectFrom('storages')
      .select(['id', 'bs_id', 'monitor_id'])
      .where('owner_user_id', '=', ownerId)
      .where('id', 'in', [...ids])
      .execute();
  }

  /** The stations of the storages that use a monitor. */
  async stationsUsing(ownerId: number, monitorId: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('storages')
      .select('bs_id')
      .distinct()
      .where('owner_user_id', '=', ownerId)
      .where('monitor_id', '=', monitorId)
      .execute();
    return rows.map((r) => r.bs_id);
  }
}
