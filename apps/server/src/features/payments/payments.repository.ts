import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { paymentsDb, type PaymentOrdersTable, type PaymentTables } from './payments.tables.js';

export type OrderRow = Selectable<PaymentOrdersTable>;
type Trx = Transaction<Database & PaymentTables>;

/**
 * The SQL of payments: orders and fulfilments (migration 0035), and the expiries a paid order
 * extends — the account's plan and Insight service (users), its stations' SIMs (base_stations).
 * Those columns are the users' and base stations' features'; only a paid order writes them here,
 * in the transaction that records the fulfilment (decision 0056), and an admin's setPlanInfo the
 * plan's and the API plan's (migration 0037).
 */
export class PaymentsRepository {
  private readonly db;

  constructor(base: Kysely<Database>) {
    this.db = paymentsDb(base);
  }

  account(id: number) {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  stations(accountId: number) {
    return this.db
      .selectFrom('base_stations')
      .select(['id', 'sim_exp_ts'])
      .where('owner_user_id', '=', accountId)
      .orderBy('id')
      .execute();
  }

  /** An admin's change of an account's plan expiry or API plan (setPlanInfo). */
  async setPlanInfo(
    accountId: number,
    set: { plan_due_ts?: number | null; api_plan_due_ts?: number | null },
  ): Promise<void> {
    await this.db.updateTable('users').set(set).where('id', '=', accountId).execute();
  }

  async insertOrder(row: Omit<PaymentOrdersTable, 'id'>): Promise<number> {
    const r = await this.db
      .insertInto('payment_orders')
      .values(row)
      .returning('id')
      .executeTakeFirstOrThrow();
    return r.id;
  }

  async setInvoiceNumber(id: number, invoiceNumber: string): Promise<void> {
    await this.db
      .updateTable('payment_orders')
      .set({ invoice_number: invoiceNumber })
      .where('id', '=', id)
      .execute();
  }

  orderByIntent(intentId: string): Promise<OrderRow | undefined> {
    return this.db
      .selectFrom('payment_orders')
      .selectAll()
      .where('intent_id', '=', intentId)
      .executeTakeFirst();
  }

  orderById(id: number): Promise<OrderRow | undefined> {
    return this.db.selectFrom('payment_orders').selectAll().where('id', '=', id).executeTakeFirst();
  }

  fulfilmentsOf(intentId: string) {
    return this.db.selectFrom('payment_fulfilments').selectAll().where('intent_id', '=', intentId).execute();
  }

  /**
   * Applies a paid order once: the fulfilment's primary key admits one row per payment intent, so of
   * two confirmations (or a confirmation and the webhook) only the first runs `apply`; the others
   * find the row and change nothing. Returns whether this call applied it.
   */
  fulfil(
    order: OrderRow,
    source: 'confirm' | 'webhook',
    nowS: number,
    apply: (w: ExpiryWriter) => Promise<void>,
  ): Promise<boolean> {
    const intentId = order.intent_id;
    if (!intentId) return Promise.resolve(false);
    return this.db.transaction().execute(async (trx) => {
      const r = await trx
        .insertInto('payment_fulfilments')
        .values({ intent_id: intentId, order_id: order.id, source, applied_ts: nowS })
        .onConflict((oc) => oc.column('intent_id').doNothing())
        .executeTakeFirst();
      if (Number(r.numInsertedOrUpdatedRows ?? 0) === 0) return false;
      await apply(new ExpiryWriter(trx, order.account_id));
      await trx
        .updateTable('payment_orders')
        .set({ status: 'paid', paid_ts: nowS })
        .where('id', '=', order.id)
        .execute();
      return true;
    });
  }
}

/** The expiries of one account, read and written in the fulfilment's transaction. */
export class ExpiryWriter {
  constructor(
    private readonly trx: Trx,
    readonly accountId: number,
  ) {}

  plan() {
    return this.trx
      .selectFrom('users')
      .select(['plan_name', 'plan_level', 'plan_due_ts', 'service_json', 'api_plan_due_ts'])
      .where('id', '=', this.accountId)
      .executeTakeFirstOrThrow();
  }

  async setPlan(p: { plan_due_ts: number; plan_name?: string; plan_level?: number }): Promise<void> {
    await this.trx.updateTable('users').set(p).where('id', '=', this.accountId).execute();
  }

  async setApiPlanDue(ts: number): Promise<void> {
    await this.trx
      .updateTable('users')
      .set({ api_plan_due_ts: ts })
      .where('id', '=', this.accountId)
      .execute();
  }

  async setService(json: string): Promise<void> {
    await this.trx
      .updateTable('users')
      .set({ service_json: json })
      .where('id', '=', this.accountId)
      .execute();
  }

  async simExpiry(bsId: string): Promise<number | null | undefined> {
    const r = await this.trx
      .selectFrom('base_stations')
      .select('sim_exp_ts')
      .where('id', '=', bsId)
      .where('owner_user_id', '=', this.accountId)
      .executeTakeFirst();
    return r?.sim_exp_ts;
  }

  async setSimExpiry(bsId: string, ts: number): Promise<void> {
    await this.trx
      .updateTable('base_stations')
      .set({ sim_exp_ts: ts })
      .where('id', '=', bsId)
      .where('owner_user_id', '=', this.accountId)
      .execute();
  }
}
