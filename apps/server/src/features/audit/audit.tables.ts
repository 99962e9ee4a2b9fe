import type { Generated, Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** The tables of migration 0048 (decision 0089), typed beside their only reader. */
export interface AuditEntriesTable {
  id: Generated<number>;
  at_s: number;
  /** 'write' or 'read'. */
  kind: string;
  staff_user_id: number;
  staff_username: string;
  /** root, admin, tech or sales, as the staff member stood when calling. */
  staff_level: string;
  account_uid: number | null;
  bs_id: string | null;
  method: string;
  path: string;
  ip: string;
  user_agent: string;
  /** JSON of the input, secrets redacted. */
  input: string;
}

export interface AuditOutcomesTable {
  entry_id: number;
  at_s: number;
  status: number;
  account_uid: number | null;
  /** JSON [{subject, before, after}], secrets redacted. */
  changes: string;
}

// A type alias, not an interface: withTables wants an indexable record.
export type AuditTables = { audit_entries: AuditEntriesTable; audit_outcomes: AuditOutcomesTable };

export type AuditDb = Kysely<Database & AuditTables>;

export function auditDb(db: Kysely<Database>): AuditDb {
  return db.withTables<AuditTables>();
}
