import { existsSync, mkdirSync, mkdtempSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '../src/db/migrations/index.js';
import { backupFolderName, readManifest, rowDifferences, writeManifest } from '../src/ops/backupManifest.js';
import { backupPostgres, restorePostgres } from '../src/ops/postgresBackup.js';
import { backupSqlite, restoreSqlite, sqliteFacts } from '../src/ops/sqliteBackup.js';
import { createTestApp, TEST_DATABASE_URL, TEST_ENGINE, type TestApp } from './support/testApp.js';

const BS = 'F1000001';
const START = Math.floor(Date.now() / 1000);

/**
 * Issue 34 item 4: an online backup taken while stations send holds every reading acknowledged before
 * it began, and nothing half-written; its restore into a fresh store counts the same as its manifest.
 */
describe(`the store's online backup and its restore, on ${TEST_ENGINE}`, { timeout: 180_000 }, () => {
  let t: TestApp;
  const work = mkdtempSync(join(tmpdir(), 'emberwatch-backup-test-'));
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const readings = async () =>
    Number(
      (
        await t.store.db
          .selectFrom('readings')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  /** Stations sending one packet after another until stopped; counts the packets acknowledged. */
  function stationsSending() {
    let stopped = false;
    let acked = 0;
    let i = 0;
    const sending = (async () => {
      while (!stopped) {
        const n = i++;
        const res = await t.app.inject({
          method: 'POST',
          url: '/ingest/v1/packets',
          headers: { authorization: `Station ${BS}:${t.secretOf(BS)}`, 'content-type': 'application/json' },
          payload: JSON.stringify({
            type: 'data',
            readings: ['H10001', 'H10002', 'H10003'].map((sensor_id) => ({
              sensor_id,
              meas_ts: START - 86_400 + n * 30,
              temperatures: [301, 305, 310],
            })),
          }),
        });
        if (res.statusCode !== 200) throw new Error(`a packet was refused: ${res.statusCode} ${res.body}`);
        acked++;
      }
    })();
    return {
      acked: () => acked,
      async until(n: number) {
        while (acked < n) await new Promise((r) => setTimeout(r, 5));
      },
      async stop() {
        stopped = true;
        await sending;
      },
    };
  }

  it('backs up while stations send; the restore holds what was acknowledged before, as its manifest counts', async () => {
    const stations = stationsSending();
    await stations.until(20);
    const before = await readings();
    const backupsDir = join(work, 'backups');
    const nowS = Math.floor(Date.now() / 1000);
    const result =
      TEST_ENGINE === 'postgres'
        ? await backupPostgres({
            databaseUrl: t.databaseUrl!,
            backupsDir,
            nowS,
            schema: t.store.pg!.schema,
          })
        : await backupSqlite({
            sqlitePath: join(t.kernel.config.dataDir, 'test.db'),
            dataDir: t.kernel.config.dataDir,
            backupsDir,
            nowS,
          });
    const after = await readings();
    await stations.until(stations.acked() + 5);
    await stations.stop();

    // One instant between the two counts: every reading acknowledged before the backup began is in it.
    expect(result.dir).toBe(join(backupsDir, backupFolderName(nowS)));
    const m = readManifest(result.dir);
    expect(m.rows.readings).toBeGreaterThanOrEqual(before);
    expect(m.rows.readings).toBeLessThanOrEqual(after);
    expect(m.rows.users).toBeGreaterThan(0);
    expect(m.migrations).toEqual(Object.keys(migrations(TEST_ENGINE)).sort());
    // Private: the backup holds the stations' secrets and every account.
    expect(statSync(result.dir).mode & 0o077).toBe(0);
    for (const f of readdirSync(result.dir)) expect(statSync(join(result.dir, f)).mode & 0o077).toBe(0);

    if (TEST_ENGINE === 'postgres') {
      const database = `ew_restore_${process.pid}_${Date.now()}`;
      const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await admin.connect();
      await admin.query(`create database ${database}`);
      const url = new URL(TEST_DATABASE_URL);
      url.pathname = `/${database}`;
      try {
        // A dump of one schema (each test store has its own) leaves out the database's extensions, which
        // a whole-database dump (production's) carries: the new database gets them as the test's did.
        const fresh = new pg.Client({ connectionString: url.toString() });
        await fresh.connect();
        await fresh.query('create extension if not exists pg_trgm');
        await fresh.end();
        await restorePostgres({ backupDir: result.dir, databaseUrl: url.toString(), force: false });
        // Again without --force: refused, nothing changed.
        await expect(
          restorePostgres({ backupDir: result.dir, databaseUrl: url.toString(), force: false }),
        ).rejects.toThrow(/holds an Emberwatch store already/);
        await restorePostgres({ backupDir: result.dir, databaseUrl: url.toString(), force: true });
        const restored = new pg.Client({ connectionString: url.toString() });
        await restored.connect();
        const n = await restored.query<{ n: string }>(`select count(*) as n from ${m.schema!}.readings`);
        await restored.end();
        expect(Number(n.rows[0]!.n)).toBe(m.rows.readings);
      } finally {
        await admin.query(`drop database if exists ${database} with (force)`);
        await admin.end();
      }
    } else {
      const dataDir = join(work, 'restored');
      const sqlitePath = join(dataDir, 'emberwatch.db');
      restoreSqlite({ backupDir: result.dir, sqlitePath, dataDir, force: false, nowS });
      const db = new SQLite(sqlitePath, { fileMustExist: true });
      try {
        expect(rowDifferences(m.rows, sqliteFacts(db).rows)).toEqual([]);
      } finally {
        db.close();
      }
      // The demo stations' credentials came along.
      expect(readdirSync(dataDir)).toEqual(expect.arrayContaining(m.files));
      expect(m.files.length).toBeGreaterThan(0);
      // Again: refused without --force; with it, the store that was there is kept beside.
      expect(() => restoreSqlite({ backupDir: result.dir, sqlitePath, dataDir, force: false, nowS })).toThrow(
        /exists: stop the server/,
      );
      const again = restoreSqlite({
        backupDir: result.dir,
        sqlitePath,
        dataDir,
        force: true,
        nowS: nowS + 1,
      });
      expect(again.keptAside).toMatch(/emberwatch\.db\.before-restore-/);
    }
  });

  it('refuses a folder that is not a backup, and a backup of the other store', () => {
    expect(() =>
      restoreSqlite({
        backupDir: work,
        sqlitePath: join(work, 'x.db'),
        dataDir: work,
        force: false,
        nowS: 0,
      }),
    ).toThrow(/not an Emberwatch backup/);
    const other = join(work, 'postgres-backup');
    mkdirSync(other);
    writeManifest(other, {
      format: 'emberwatch-backup/1',
      engine: 'postgres',
      taken_ts: 0,
      file: 'emberwatch.pgdump',
      migrations: [],
      rows: {},
      files: [],
    });
    expect(() =>
      restoreSqlite({
        backupDir: other,
        sqlitePath: join(work, 'x.db'),
        dataDir: work,
        force: false,
        nowS: 0,
      }),
    ).toThrow(/this is a PostgreSQL backup/);
    expect(existsSync(join(work, 'x.db'))).toBe(false);
  });
});
