import type { Kysely } from 'kysely';
import type { Engine } from '../engine.js';

/**
 * Payments and renewals (issue 14 item 4, decision 0056).
 *
 * - payment_orders: one order — a card payment (with its payment intent, unique: one order per
 *   intent) or an invoice (with its invoice number, unique) — priced by the server when it was made:
 *   its lines and totals (JSON), the amount in cents, the billing details;
 * - payment_fulfilments: one row per payment intent whose order was applied (the plan, SIMs or
 *   service extended). Its primary key is the guard that applies an order exactly once, whether the
 *   browser's confirmation, a repeated confirmation or the provider's webhook gets there first.
 */
export function paymentsMigration(engine: Engine) {
  const ts = engine === 'postgres' ? 'bigint' : 'integer';
  const serial = engine === 'postgres' ? 'serial' : 'integer';
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('payment_orders')
        .addColumn('id', serial, (c) =>
          engine === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('account_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('user_id', 'integer', (c) => c.notNull())
        .addColumn('intent_id', 'text', (c) => c.unique())
        .addColumn('invoice_number', 'text', (c) => c.unique())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('amount_cents', 'integer', (c) => c.notNull())
        .addColumn('order_json', 'text', (c) => c.notNull())
        .addColumn('billing_json', 'text')
        .addColumn('receipt_email', 'text')
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('created_ts', ts, (c) => c.notNull())
        .addColumn('paid_ts', ts)
        .execute();
      await db.schema
        .createIndex('payment_orders_by_account')
        .on('payment_orders')
        .columns(['account_id', 'created_ts'])
        .execute();
      await db.schema
        .createTable('payment_fulfilments')
        .addColumn('intent_id', 'text', (c) => c.primaryKey())
        .addColumn('order_id', 'integer', (c) =>
          c.notNull().references('payment_orders.id').onDelete('cascade'),
        )
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('applied_ts', ts, (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('payment_fulfilments').execute();
      await db.schema.dropTable('payment_orders').execute();
    },
  };
}
