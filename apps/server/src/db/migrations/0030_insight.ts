import type { Kysely } from 'kysely';
import type { Engine } from '../engine.js';

/**
 * Insight onboarding (issue 14 item 3, decision 0051). The Insight service itself stays where it
 * was, in users.service_json; these tables hold what onboarding adds:
 *
 * - insight_surveys: an account's survey answers (JSON, spec doc 1 §3), who saved them and when;
 * - insight_survey_storages: which storage each survey storage became, so that a Finish sent twice
 *   makes each storage once (the row is claimed before the storage is made);
 * - insight_settings: one row: the free trial's length (trialDays, default 1) and the migration to
 *   the separate app (on or off, its URL);
 * - insight_migrations: the one-time key handed to an account for the separate app (SHA-256 only).
 */
export function insightMigration(engine: Engine) {
  const ts = engine === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('insight_surveys')
        .addColumn('owner_user_id', 'integer', (c) =>
          c.primaryKey().references('users.id').onDelete('cascade'),
        )
        .addColumn('answers_json', 'text', (c) => c.notNull())
        .addColumn('updated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('updated_ts', ts, (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('insight_survey_storages')
        .addColumn('owner_user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('survey_storage_id', 'integer', (c) => c.notNull())
        .addColumn('item_id', 'integer')
        .addColumn('created_ts', ts, (c) => c.notNull())
        .addPrimaryKeyConstraint('insight_survey_storages_pk', ['owner_user_id', 'survey_storage_id'])
        .execute();
      await db.schema
        .createTable('insight_settings')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('trial_days', 'integer', (c) => c.notNull())
        .addColumn('migration_on', 'integer', (c) => c.notNull())
        .addColumn('migration_url', 'text')
        .addColumn('updated_ts', ts, (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('insight_migrations')
        .addColumn('owner_user_id', 'integer', (c) =>
          c.primaryKey().references('users.id').onDelete('cascade'),
        )
        .addColumn('key_hash', 'text', (c) => c.notNull().unique())
        .addColumn('created_ts', ts, (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('insight_migrations').execute();
      await db.schema.dropTable('insight_settings').execute();
      await db.schema.dropTable('insight_survey_storages').execute();
      await db.schema.dropTable('insight_surveys').execute();
    },
  };
}
