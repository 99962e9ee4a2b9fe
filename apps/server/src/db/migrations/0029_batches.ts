import type { Kysely } from 'kysely';
import type { Engine } from '../engine.js';

/**
 * Compost batches (issue 13 item 4; spec doc 3 §3 "Batch"; docs/decisions/0049-compost-batches.md):
 *
 * - batches: a pile on one base station of an account, its probes now (JSON list), how it is
 *   composted, the standard its report is judged by, its high-temperature limit and its status;
 * - batch_phases: its process phases in order, each with its target, dates and the probe
 *   replacements made during it (JSON list);
 * - batch_phase_progress: each probe's progress in a phase, folded from the readings up to last_ts
 *   so that a read folds only what came since;
 * - batch_turnings: the recorded turnings of the pile;
 * - batch_defaults: an account's default phases, limit, method, standard and report content (JSON).
 */
export function batchesMigration(engine: Engine) {
  const ts = engine === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('batches')
        .addColumn('id', engine === 'postgres' ? 'serial' : 'integer', (c) =>
          engine === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn('owner_user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('bs_id', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('status', 'integer', (c) => c.notNull())
        .addColumn('method', 'text', (c) => c.notNull())
        .addColumn('standard', 'text', (c) => c.notNull())
        .addColumn('alert_temp', 'integer')
        .addColumn('probes', 'text', (c) => c.notNull())
        .addColumn('notes', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_by', 'integer')
        .addColumn('is_admin', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_ts', ts, (c) => c.notNull())
        .addColumn('updated_ts', ts, (c) => c.notNull())
        .addColumn('completed_ts', ts)
        .addColumn('archived_ts', ts)
        .execute();
      await db.schema
        .createIndex('batches_by_owner')
        .on('batches')
        .columns(['owner_user_id', 'updated_ts'])
        .execute();
      await db.schema.createIndex('batches_by_station').on('batches').columns(['bs_id', 'status']).execute();

      await db.schema
        .createTable('batch_phases')
        .addColumn('batch_id', 'integer', (c) => c.notNull().references('batches.id').onDelete('cascade'))
        .addColumn('idx', 'integer', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('target_temp', 'integer')
        .addColumn('target_hours', 'integer')
        .addColumn('start_ts', ts)
        .addColumn('completed_ts', ts)
        .addColumn('replacements', 'text', (c) => c.notNull().defaultTo('[]'))
        .addPrimaryKeyConstraint('batch_phases_pk', ['batch_id', 'idx'])
        .execute();

      await db.schema
        .createTable('batch_phase_progress')
        .addColumn('batch_id', 'integer', (c) => c.notNull().references('batches.id').onDelete('cascade'))
        .addColumn('idx', 'integer', (c) => c.notNull())
        .addColumn('sensor_id', 'text', (c) => c.notNull())
        .addColumn('hot_s', ts, (c) => c.notNull())
        .addColumn('last_ts', ts)
        .addColumn('last_temp', 'integer')
        .addColumn('max_temp', 'integer')
        .addPrimaryKeyConstraint('batch_phase_progress_pk', ['batch_id', 'idx', 'sensor_id'])
        .execute();

      await db.schema
        .createTable('batch_turnings')
        .addColumn('id', engine === 'postgres' ? 'serial' : 'integer', (c) =>
          engine === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn('batch_id', 'integer', (c) => c.notNull().references('batches.id').onDelete('cascade'))
        .addColumn('ts', ts, (c) => c.notNull())
        .addColumn('note', 'text')
        .addColumn('user_id', 'integer')
        .addColumn('created_ts', ts, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('batch_turnings_by_batch')
        .on('batch_turnings')
        .columns(['batch_id', 'ts'])
        .execute();

      await db.schema
        .createTable('batch_defaults')
        .addColumn('owner_user_id', 'integer', (c) =>
          c.primaryKey().references('users.id').onDelete('cascade'),
        )
        .addColumn('defaults', 'text', (c) => c.notNull())
        .addColumn('updated_ts', ts, (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('batch_defaults').execute();
      await db.schema.dropTable('batch_turnings').execute();
      await db.schema.dropTable('batch_phase_progress').execute();
      await db.schema.dropTable('batch_phases').execute();
      await db.schema.dropTable('batches').execute();
    },
  };
}
