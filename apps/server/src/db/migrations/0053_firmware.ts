import type { Kysely } from 'kysely';
import type { Engine } from '../engine.js';

/**
 * Firmware updates of base stations (issue 30 item 4, decision 0093): the images an operator added,
 * each station's pending update (one at most), and every station's update log (done, failed,
 * cancelled).
 */
export function firmwareMigration(engine: Engine) {
  const pg = engine === 'postgres';
  const ts = pg ? 'bigint' : 'integer';
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('firmware_images')
        .addColumn('rev', 'text', (c) => c.primaryKey())
        .addColumn('size', 'integer', (c) => c.notNull())
        .addColumn('sha256', 'text', (c) => c.notNull())
        .addColumn('notes', 'text', (c) => c.notNull())
        .addColumn('data', pg ? 'bytea' : 'blob', (c) => c.notNull())
        .addColumn('added_ts', ts, (c) => c.notNull())
        .addColumn('added_by_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .execute();
      await db.schema
        .createTable('ota_pending')
        .addColumn('bs_id', 'text', (c) => c.primaryKey())
        // An image with a station waiting for it is not removed under it.
        .addColumn('rev', 'text', (c) => c.notNull().references('firmware_images.rev'))
        .addColumn('from_rev', 'text')
        .addColumn('assigned_ts', ts, (c) => c.notNull())
        .addColumn('by_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .execute();
      await db.schema
        .createTable('ota_log')
        .addColumn('id', pg ? 'bigserial' : 'integer', (c) =>
          pg ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn('bs_id', 'text', (c) => c.notNull())
        .addColumn('from_rev', 'text')
        .addColumn('to_rev', 'text', (c) => c.notNull())
        .addColumn('ts', ts, (c) => c.notNull())
        .addColumn('result', 'text', (c) => c.notNull())
        .addColumn('reason', 'text')
        .addColumn('by_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .execute();
      await db.schema.createIndex('ota_log_bs_ts_idx').on('ota_log').columns(['bs_id', 'ts']).execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('ota_log').execute();
      await db.schema.dropTable('ota_pending').execute();
      await db.schema.dropTable('firmware_images').execute();
    },
  };
}
