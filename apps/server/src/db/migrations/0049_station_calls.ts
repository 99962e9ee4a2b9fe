import type { Kysely } from 'kysely';
import type { Engine } from '../engine.js';

/**
 * The base stations' call log (issue 30 items 3 and 7, decision 0090): every call of the station
 * protocol with its kind, time, size, status and duration, written in batches once a second and
 * rotated by the station-logs feature's job (a week, 5,000 calls a station, a million in all); and the
 * stations whose calls keep a summary of their packets (detailed logging).
 */
export function stationCallsMigration(engine: Engine) {
  const ts = engine === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('station_calls')
        .addColumn('id', engine === 'postgres' ? 'bigserial' : 'integer', (c) =>
          engine === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn('bs_id', 'text', (c) => c.notNull())
        .addColumn('ts', ts, (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('status', 'integer', (c) => c.notNull())
        .addColumn('bytes_up', 'integer', (c) => c.notNull())
        .addColumn('duration_us', 'integer', (c) => c.notNull())
        .addColumn('readings', 'integer')
        .addColumn('operator', 'text')
        .addColumn('net', 'text')
        .addColumn('mobile_rssi', 'integer')
        .addColumn('detail', 'text')
        .execute();
      // A station's calls by time: its log, its chart, its share of the rotation.
      await db.schema
        .createIndex('station_calls_bs_ts_idx')
        .on('station_calls')
        .columns(['bs_id', 'ts'])
        .execute();
      // Every station's calls by time: the early calls, the rotation by age and by total.
      await db.schema.createIndex('station_calls_ts_idx').on('station_calls').column('ts').execute();
      await db.schema
        .createTable('station_logging')
        .addColumn('bs_id', 'text', (c) => c.primaryKey())
        .addColumn('since_ts', ts, (c) => c.notNull())
        .addColumn('by_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('station_logging').execute();
      await db.schema.dropTable('station_calls').execute();
    },
  };
}
