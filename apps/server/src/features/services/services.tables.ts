import type { Generated, Kysely } from 'kysely';
import type { ServiceKind } from '@emberwatch/shared/domain/services';
import type { Database } from '../../db/schema.js';

/**
 * The table of migration 0063 (decision 0103), typed beside its only reader and added to the store's
 * type with Kysely's `withTables`, as the sims feature does.
 */
export interface ServiceRegistrationsTable {
  id: Generated<number>;
  /** The account (its main user). */
  user_id: number;
  kind: ServiceKind;
  value: number;
  start_ts: number;
  /** When it ends by itself, epoch s; null: no end. */
  until_ts: number | null;
  /** When it ended; null while it runs. */
  ended_ts: number | null;
  ended_by: 'expiry' | 'replaced' | null;
  note: string | null;
  staff_user_id: number | null;
}

/** The table of migration 0068 (decision 0108): a customer's open orders of extra services. */
export interface ExtraServiceRequestsTable {
  user_id: number;
  kind: ServiceKind;
  value: number;
  note: string | null;
  /** The user who ordered (the owner, or staff for it). */
  requested_by: number;
  created_ts: number;
}

// A type alias, not an interface: withTables wants an indexable record.
export type ServiceTables = {
  service_registrations: ServiceRegistrationsTable;
  extra_service_requests: ExtraServiceRequestsTable;
};

export type ServicesDb = Kysely<Database & ServiceTables>;

export function servicesDb(db: Kysely<Database>): ServicesDb {
  return db.withTables<ServiceTables>();
}
