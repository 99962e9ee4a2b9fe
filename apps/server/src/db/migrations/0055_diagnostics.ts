import type { Kysely } from 'kysely';
import type { Engine } from '../engine.js';

/**
 * The operator console's diagnostics (issue 30 item 7, decision 0095): the servers' own log lines,
 * the HTTP access log — both written in batches once a second and rotated by age, by instance or
 * address, and in total — and the latest test reading of each probe of stations calling in before
 * their activation (factory tests).
 */
export function diagnosticsMigration(engine: Engine) {
  const ts = engine === 'postgres' ? 'bigint' : 'integer';
  const idType = engine === 'postgres' ? 'bigserial' : 'integer';
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('server_logs')
        .addColumn('id', idType, (c) =>
          engine === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn('ts', ts, (c) => c.notNull())
        .addColumn('ms', 'integer', (c) => c.notNull())
        .addColumn('server', 'text', (c) => c.notNull())
        .addColumn('env', 'text', (c) => c.notNull())
        .addColumn('level', 'integer', (c) => c.notNull())
        .addColumn('msg', 'text')
        .addColumn('line', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('server_logs_ts_idx').on('server_logs').column('ts').execute();
      await db.schema
        .createIndex('server_logs_server_ts_idx')
        .on('server_logs')
        .columns(['server', 'ts'])
        .execute();
      await db.schema
        .createTable('access_logs')
        .addColumn('id', idType, (c) =>
          engine === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn('ts', ts, (c) => c.notNull())
        .addColumn('server', 'text', (c) => c.notNull())
        .addColumn('method', 'text', (c) => c.notNull())
        .addColumn('path', 'text', (c) => c.notNull())
        .addColumn('route', 'text')
        .addColumn('status', 'integer', (c) => c.notNull())
        .addColumn('duration_us', 'integer', (c) => c.notNull())
        .addColumn('user_id', 'integer')
        .addColumn('family', 'text')
        .addColumn('ip', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('access_logs_ts_idx').on('access_logs').column('ts').execute();
      await db.schema.createIndex('access_logs_ip_ts_idx').on('access_logs').columns(['ip', 'ts']).execute();
      await db.schema
        .createIndex('access_logs_family_ts_idx')
        .on('access_logs')
        .columns(['family', 'ts'])
        .execute();
      await db.schema
        .createTable('station_test_readings')
        .addColumn('bs_id', 'text', (c) => c.notNull())
        .addColumn('sensor_id', 'text', (c) => c.notNull())
        .addColumn('meas_ts', ts, (c) => c.notNull())
        .addColumn('temperature', 'integer')
        .addColumn('sensor_rssi', 'integer')
        .addColumn('batt', 'integer')
        .addColumn('received_ts', ts, (c) => c.notNull())
        .addPrimaryKeyConstraint('station_test_readings_pk', ['bs_id', 'sensor_id'])
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('station_test_readings').execute();
      await db.schema.dropTable('access_logs').execute();
      await db.schema.dropTable('server_logs').execute();
    },
  };
}
