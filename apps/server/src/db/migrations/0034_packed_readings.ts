import { sql, type Kysely } from 'kysely';
import type { Engine } from '../engine.js';

/**
 * Packed readings (issue 9 item 4, decision 0054): a probe's complete day of readings in one row,
 * column-wise deltas deflated (features/readings/packedDay.ts). The packing job moves a day here from
 * `readings` in one transaction once it is a few days old; reads merge both tables.
 *
 * - day: the UTC day's first second; n: how many readings the row holds; data: the packed bytes.
 * Clustered by (sensor_id, day) on SQLite like `readings`, so a chart's range is one scan.
 */
export function packedReadingsMigration(engine: Engine) {
  const ts = engine === 'postgres' ? 'bigint' : 'integer';
  const bytes = engine === 'postgres' ? 'bytea' : 'blob';
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      let table = db.schema
        .createTable('readings_packed')
        .addColumn('sensor_id', 'text', (c) => c.notNull())
        .addColumn('day', ts, (c) => c.notNull())
        .addColumn('n', 'integer', (c) => c.notNull())
        .addColumn('data', bytes, (c) => c.notNull())
        .addPrimaryKeyConstraint('readings_packed_pk', ['sensor_id', 'day']);
      if (engine === 'sqlite') table = table.modifyEnd(sql`without rowid`);
      await table.execute();
    },
  };
}
