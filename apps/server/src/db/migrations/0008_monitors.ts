import type { Kysely } from 'kysely';
import type { Engine } from '../engine.js';

/**
 * Monitors (spec doc 3 §3 "Monitor", "Rule"): one row per account and itemID (new ids max + 1, spec
 * §4) with its rules as JSON (contracts/monitors.ts), and `monitor_rule_state`, one row per rule:
 * the engine's per-sensor state, the current alerts, the alert history and the reading-time
 * watermark the evaluation has reached. The state row is what two server instances lock before they
 * evaluate a rule, so each alert is raised once. See docs/decisions/0033-monitors-store.md.
 */
export function monitorsMigration(engine: Engine) {
  const ts = engine === 'postgres' ? 'bigint' : 'integer';

  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('monitors')
        .addColumn('owner_user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('item_id', 'integer', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('default_monitor', 'integer', (c) => c.notNull())
        .addColumn('compost', 'integer', (c) => c.notNull())
        .addColumn('demo_type', 'text')
        .addColumn('rules', 'text', (c) => c.notNull())
        .addColumn('created_ts', ts, (c) => c.notNull())
        .addColumn('updated_ts', ts, (c) => c.notNull())
        .addColumn('updated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addPrimaryKeyConstraint('monitors_pk', ['owner_user_id', 'item_id'])
        .execute();

      await db.schema
        .createTable('monitor_rule_state')
        .addColumn('owner_user_id', 'integer', (c) => c.notNull())
        .addColumn('monitor_id', 'integer', (c) => c.notNull())
        .addColumn('rule_id', 'integer', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('current_alerts', 'text', (c) => c.notNull())
        .addColumn('alert_history', 'text', (c) => c.notNull())
        .addColumn('watermark', ts, (c) => c.notNull())
        .addColumn('updated_ts', ts, (c) => c.notNull())
        .addPrimaryKeyConstraint('monitor_rule_state_pk', ['owner_user_id', 'monitor_id', 'rule_id'])
        .addForeignKeyConstraint(
          'monitor_rule_state_monitor_fk',
          ['owner_user_id', 'monitor_id'],
          'monitors',
          ['owner_user_id', 'item_id'],
          (c) => c.onDelete('cascade'),
        )
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('monitor_rule_state').execute();
      await db.schema.dropTable('monitors').execute();
    },
  };
}
