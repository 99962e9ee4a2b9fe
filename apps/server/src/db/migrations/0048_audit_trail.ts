import { sql, type Kysely } from 'kysely';
import type { Engine } from '../engine.js';

/**
 * The audit trail (issue 30 item 2, decision 0089): what staff did and whose data they looked at.
 *
 * - audit_entries: one row per staff write, written before the write runs (write-ahead), and one per
 *   look at a customer's data (coalesced): when, who (id, username and staff level as they were), for
 *   which account and station, which call, from where (IP, user agent) and its input, secrets
 *   redacted. No foreign keys: the record outlives a deleted user or station.
 * - audit_outcomes: how a write ended, one row per entry, written after the answer: its HTTP status,
 *   the account the services resolved, and the changes (before/after, redacted) they reported.
 *
 * Neither table is ever updated: a trigger refuses an UPDATE on both engines. Rows are deleted only by
 * the retention job (features/audit/auditRetention.ts), after the retention period.
 */
export function auditTrailMigration(engine: Engine) {
  const ts = engine === 'postgres' ? 'bigint' : 'integer';
  const serial = engine === 'postgres' ? 'serial' : 'integer';
  const tables = ['audit_entries', 'audit_outcomes'];
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('audit_entries')
        .addColumn('id', serial, (c) =>
          engine === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn('at_s', ts, (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('staff_user_id', 'integer', (c) => c.notNull())
        .addColumn('staff_username', 'text', (c) => c.notNull())
        .addColumn('staff_level', 'text', (c) => c.notNull())
        .addColumn('account_uid', 'integer')
        .addColumn('bs_id', 'text')
        .addColumn('method', 'text', (c) => c.notNull())
        .addColumn('path', 'text', (c) => c.notNull())
        .addColumn('ip', 'text', (c) => c.notNull())
        .addColumn('user_agent', 'text', (c) => c.notNull())
        .addColumn('input', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('audit_entries_by_at').on('audit_entries').column('at_s').execute();
      // The staff filter, and the coalescing of looks (staff × customer × call within a window).
      await db.schema
        .createIndex('audit_entries_by_staff')
        .on('audit_entries')
        .columns(['staff_user_id', 'account_uid', 'path', 'at_s'])
        .execute();
      await db.schema
        .createIndex('audit_entries_by_account')
        .on('audit_entries')
        .columns(['account_uid', 'at_s'])
        .execute();
      await db.schema
        .createTable('audit_outcomes')
        .addColumn('entry_id', 'integer', (c) => c.primaryKey())
        .addColumn('at_s', ts, (c) => c.notNull())
        .addColumn('status', 'integer', (c) => c.notNull())
        .addColumn('account_uid', 'integer')
        .addColumn('changes', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('audit_outcomes_by_account')
        .on('audit_outcomes')
        .column('account_uid')
        .execute();
      if (engine === 'postgres') {
        await sql`create function audit_never_changes() returns trigger language plpgsql as $$
          begin raise exception 'audit records are never changed'; end $$`.execute(db);
        for (const t of tables)
          await sql`create trigger ${sql.raw(`${t}_never_change`)} before update on ${sql.table(t)}
            for each row execute function audit_never_changes()`.execute(db);
      } else {
        for (const t of tables)
          await sql`create trigger ${sql.raw(`${t}_never_change`)} before update on ${sql.table(t)}
            begin select raise(abort, 'audit records are never changed'); end`.execute(db);
      }
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('audit_outcomes').execute();
      await db.schema.dropTable('audit_entries').execute();
      if (engine === 'postgres') await sql`drop function audit_never_changes()`.execute(db);
    },
  };
}
