import type { Generated, Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** The tables of migration 0035 (decision 0056), typed beside their only reader. */
export interface PaymentOrdersTable {
  id: Generated<number>;
  /** 'card' or 'invoice'. */
  kind: string;
  account_id: number;
  /** Who ordered: the owner, or an admin acting for the account. */
  user_id: number;
  intent_id: string | null;
  invoice_number: string | null;
  currency: string;
  amount_cents: number;
  /** JSON StoredOrder: lines, tax rate, totals. */
  order_json: string;
  billing_json: string | null;
  receipt_email: string | null;
  /** 'pending' (card, not yet paid), 'paid', 'invoiced'. */
  status: string;
  created_ts: number;
  paid_ts: number | null;
}

export interface PaymentFulfilmentsTable {
  intent_id: string;
  order_id: number;
  /** 'confirm' (the browser's confirmation) or 'webhook' (the provider's event). */
  source: string;
  applied_ts: number;
}

// A type alias, not an interface: withTables wants an indexable record.
export type PaymentTables = {
  payment_orders: PaymentOrdersTable;
  payment_fulfilments: PaymentFulfilmentsTable;
};

export type PaymentsDb = Kysely<Database & PaymentTables>;

export function paymentsDb(db: Kysely<Database>): PaymentsDb {
  return db.withTables<PaymentTables>();
}
