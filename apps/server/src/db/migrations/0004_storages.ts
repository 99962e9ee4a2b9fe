import type { Kysely } from 'kysely';
import type { Engine } from '../engine.js';

/**
 * Storages (spec doc 3 §3 "Storage"): one row per storage with its layout and settings as JSON text,
 * and `storage_probes`, one row per probe listed in a storage's layout (placed or in the bin). The
 * layout JSON says where each probe sits; `storage_probes` lets the store itself refuse a probe in two
 * storages of one account (spec doc 3 §5 "Probes already in another storage are excluded") and answer
 * "which storage holds this probe" without reading every layout (docs/decisions/0019-storages-store.md).
 */
export function storagesMigration(engine: Engine) {
  const ts = engine === 'postgres' ? 'bigint' : 'integer';
  const idColumn = engine === 'postgres' ? 'serial' : 'integer';

  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('storages')
        .addColumn('id', idColumn, (c) =>
          engine === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn('owner_user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('bs_id', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('capacity', 'integer')
        .addColumn('layout_type', 'integer')
        .addColumn('sensor_layout', 'text')
        .addColumn('stacks', 'text', (c) => c.notNull())
        .addColumn('monitor_id', 'integer')
        .addColumn('layout_prefs', 'text')
        .addColumn('alert_messaging', 'text')
        .addColumn('quality_period', 'text')
        .addColumn('created_ts', ts, (c) => c.notNull())
        .addColumn('updated_ts', ts, (c) => c.notNull())
        .addColumn('updated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .execute();
      await db.schema
        .createIndex('storages_owner')
        .on('storages')
        .columns(['owner_user_id', 'name'])
        .execute();

      await db.schema
        .createTable('storage_probes')
        .addColumn('storage_id', 'integer', (c) => c.notNull().references('storages.id').onDelete('cascade'))
        .addColumn('owner_user_id', 'integer', (c) => c.notNull())
        .addColumn('sensor_id', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('storage_probes_pk', ['storage_id', 'sensor_id'])
        .addUniqueConstraint('storage_probes_one_per_account', ['owner_user_id', 'sensor_id'])
        .execute();
      await db.schema.createIndex('storage_probes_sensor').on('storage_probes').column('sensor_id').execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('storage_probes').execute();
      await db.schema.dropTable('storages').execute();
    },
  };
}
