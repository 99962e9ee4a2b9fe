import { sql, type Kysely } from 'kysely';
import type { Engine } from '../engine.js';

/**
 * The first schema. Epoch seconds go in bigint on PostgreSQL (int4 ends in 2038);
 * SQLite integers are 64-bit anyway.
 */
export function initialMigration(engine: Engine) {
  const ts = engine === 'postgres' ? 'bigint' : 'integer';
  const idColumn = engine === 'postgres' ? 'serial' : 'integer';

  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('users')
        .addColumn('id', idColumn, (c) =>
          engine === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn('username', 'text', (c) => c.notNull().unique())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('firstname', 'text')
        .addColumn('lastname', 'text')
        .addColumn('email', 'text')
        .addColumn('phone', 'text')
        .addColumn('country', 'text')
        .addColumn('language', 'text', (c) => c.notNull().defaultTo('en'))
        .addColumn('admin', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('admin_group', 'integer')
        .addColumn('master', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('grand_master', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('translator', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('translator_locales', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('main_user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
        .addColumn('partner_app', 'text')
        .addColumn('plan_name', 'text', (c) => c.notNull().defaultTo('Free'))
        .addColumn('plan_level', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('segment', 'integer')
        .addColumn('plan_due_ts', ts)
        .addColumn('service_json', 'text')
        .addColumn('siteindex', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('storages_enabled', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('voice_call_enabled', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('limit_free_data', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('blocked', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('demo', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('sub_user_count', 'integer', (c) => c.notNull().defaultTo(2))
        .addColumn('created_ts', ts, (c) => c.notNull())
        .addCheckConstraint(
          'users_admin_group_range',
          sql`admin_group is null or (admin_group between 0 and 3)`,
        )
        .execute();
      await db.schema.createIndex('users_main_user_idx').on('users').column('main_user_id').execute();

      await db.schema
        .createTable('master_authorizations')
        .addColumn('id', idColumn, (c) =>
          engine === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn('master_user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('owner_user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('authorized', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_ts', ts, (c) => c.notNull())
        .addUniqueConstraint('master_authorizations_pair', ['master_user_id', 'owner_user_id'])
        .execute();
      await db.schema
        .createIndex('master_auth_owner_idx')
        .on('master_authorizations')
        .column('owner_user_id')
        .execute();

      await db.schema
        .createTable('refresh_tokens')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('family_id', 'text', (c) => c.notNull())
        .addColumn('created_ts', ts, (c) => c.notNull())
        .addColumn('expires_ts', ts, (c) => c.notNull())
        .addColumn('used_ts', ts)
        .addColumn('revoked_ts', ts)
        .execute();
      await db.schema
        .createIndex('refresh_tokens_family_idx')
        .on('refresh_tokens')
        .column('family_id')
        .execute();

      await db.schema
        .createTable('base_stations')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('owner_user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('bs_group', 'text')
        .addColumn('display_name', 'text')
        .addColumn('timezone', 'text')
        .addColumn('bs_type', 'integer')
        .addColumn('version', 'text')
        .addColumn('firmware', 'text')
        .addColumn('sim', 'text')
        .addColumn('activation_ts', ts)
        .addColumn('last_boot_ts', ts)
        .addColumn('last_conf_ts', ts)
        .addColumn('last_data_ts', ts)
        .addColumn('credential_hash', 'text', (c) => c.notNull())
        .addColumn('created_ts', ts, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('base_stations_owner_idx')
        .on('base_stations')
        .column('owner_user_id')
        .execute();
      await db.schema.createIndex('base_stations_group_idx').on('base_stations').column('bs_group').execute();

      await db.schema
        .createTable('probes')
        .addColumn('sensor_id', 'text', (c) => c.primaryKey())
        .addColumn('bs_id', 'text', (c) => c.notNull().references('base_stations.id'))
        .addColumn('sensor_name', 'text')
        .addColumn('kind', 'text', (c) => c.notNull().defaultTo('other'))
        .addColumn('depths', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('disabled', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('storage_location', 'text')
        .addColumn('col', 'integer')
        .addColumn('real_bs', 'text')
        .addColumn('created_ts', ts, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('probes_bs_idx').on('probes').column('bs_id').execute();

      // Clustered by probe and time on SQLite (WITHOUT ROWID): a chart reads one contiguous range.
      let readings = db.schema
        .createTable('readings')
        .addColumn('sensor_id', 'text', (c) => c.notNull())
        .addColumn('meas_ts', ts, (c) => c.notNull())
        .addColumn('bs_id', 'text', (c) => c.notNull())
        .addColumn('received_ts', ts, (c) => c.notNull())
        .addColumn('temperature', 'integer', (c) => c.notNull())
        .addColumn('temps', 'text', (c) => c.notNull())
        .addColumn('sensor_rssi', 'integer')
        .addColumn('bs_rssi', 'integer')
        .addColumn('batt', 'integer')
        .addPrimaryKeyConstraint('readings_pk', ['sensor_id', 'meas_ts']);
      if (engine === 'sqlite') readings = readings.modifyEnd(sql`without rowid`);
      await readings.execute();

      await db.schema
        .createTable('probe_latest')
        .addColumn('sensor_id', 'text', (c) => c.primaryKey())
        .addColumn('bs_id', 'text', (c) => c.notNull())
        .addColumn('meas_ts', ts, (c) => c.notNull())
        .addColumn('temperature', 'integer', (c) => c.notNull())
        .addColumn('temps', 'text', (c) => c.notNull())
        .addColumn('sensor_rssi', 'integer')
        .addColumn('bs_rssi', 'integer')
        .addColumn('batt', 'integer')
        .execute();

      await db.schema
        .createTable('probe_daily')
        .addColumn('sensor_id', 'text', (c) => c.notNull())
        .addColumn('day', ts, (c) => c.notNull())
        .addColumn('n', 'integer', (c) => c.notNull())
        .addColumn('max_temp', 'integer', (c) => c.notNull())
        .addColumn('min_temp', 'integer', (c) => c.notNull())
        .addColumn('max_temps', 'text', (c) => c.notNull())
        .addColumn('min_temps', 'text', (c) => c.notNull())
        .addColumn('min_batt', 'integer')
        .addColumn('max_batt', 'integer')
        .addPrimaryKeyConstraint('probe_daily_pk', ['sensor_id', 'day'])
        .execute();

      await db.schema
        .createTable('bs_packets')
        .addColumn('id', idColumn, (c) =>
          engine === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn('bs_id', 'text', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('ts', ts, (c) => c.notNull())
        .addColumn('bytes_up', 'integer', (c) => c.notNull())
        .addColumn('bytes_down', 'integer', (c) => c.notNull())
        .addColumn('n_readings', 'integer', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('bs_packets_bs_ts_idx').on('bs_packets').columns(['bs_id', 'ts']).execute();

      await db.schema
        .createTable('ui_preferences')
        .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
        .addColumn('prefs', 'text', (c) => c.notNull())
        .addColumn('updated_ts', ts, (c) => c.notNull())
        .execute();
    },
  };
}
