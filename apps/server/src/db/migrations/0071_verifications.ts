import { sql, type Kysely } from 'kysely';
import type { Engine } from '../engine.js';

/**
 * Probe verifications (spec doc 2 §3 "Verification", issue 33 item 4, decisions 0113–0115): a probe
 * compared with a reference probe of the account from start to end, its result kept when it ends;
 * the reports issued, each with the SHA-256 of its file and its signature, so a report can be looked
 * up when checked; and the server's Ed25519 signing key, made at the first report.
 */
export function verificationsMigration(engine: Engine) {
  const ts = engine === 'postgres' ? 'bigint' : 'integer';
  const id = engine === 'postgres' ? 'serial' : 'integer';
  const real = engine === 'postgres' ? 'double precision' : 'real';
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('verifications')
        .addColumn('id', id, (c) => (engine === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn('owner_user_id', 'integer', (c) => c.notNull())
        .addColumn('bs_id', 'text', (c) => c.notNull())
        .addColumn('sensor_id', 'text', (c) => c.notNull())
        .addColumn('ref_sensor_id', 'text', (c) => c.notNull())
        .addColumn('ref_bs_id', 'text', (c) => c.notNull())
        .addColumn('start_ts', ts, (c) => c.notNull())
        .addColumn('end_ts', ts)
        .addColumn('calibration', real)
        .addColumn('calibration_ts', ts)
        // The result at the end (calibrationResultSchema), JSON.
        .addColumn('result_json', 'text')
        .addColumn('started_by', 'integer', (c) => c.notNull())
        .addColumn('ended_by', 'integer')
        .execute();
      await db.schema
        .createIndex('verifications_sensor_idx')
        .on('verifications')
        .columns(['sensor_id', 'start_ts'])
        .execute();
      // One ongoing verification per probe (spec doc 2 §4), also against two starts at once.
      await sql`CREATE UNIQUE INDEX verifications_one_ongoing ON verifications (sensor_id) WHERE end_ts IS NULL`.execute(
        db,
      );

      await db.schema
        .createTable('verification_reports')
        .addColumn('report_id', 'text', (c) => c.primaryKey())
        .addColumn('verification_id', 'integer', (c) => c.notNull())
        .addColumn('sha256', 'text', (c) => c.notNull())
        .addColumn('signature', 'text', (c) => c.notNull())
        .addColumn('key_id', 'text', (c) => c.notNull())
        .addColumn('issued_ts', ts, (c) => c.notNull())
        .addColumn('issued_by', 'integer', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('verification_reports_sha_idx')
        .on('verification_reports')
        .column('sha256')
        .execute();

      await db.schema
        .createTable('verification_signing_keys')
        .addColumn('key_id', 'text', (c) => c.primaryKey())
        .addColumn('private_key_pem', 'text', (c) => c.notNull())
        .addColumn('public_key_pem', 'text', (c) => c.notNull())
        .addColumn('created_ts', ts, (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('verification_signing_keys').execute();
      await db.schema.dropTable('verification_reports').execute();
      await db.schema.dropTable('verifications').execute();
    },
  };
}
