import { chmodSync, copyFileSync, existsSync, mkdirSync, readdirSync, renameSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import SQLite from 'better-sqlite3';
import { ensurePrivateDir, PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../db/privateFiles.js';
import { migrations } from '../db/migrations/index.js';
import {
  backupFolderName,
  readManifest,
  rowDifferences,
  writeManifest,
  type BackupManifest,
} from './backupManifest.js';

/** The backup API's step size that copies every page in one step: one read snapshot, never restarted. */
const ALL_PAGES = 0x7fffffff;
const DB_FILE = 'emberwatch.db';

export interface BackupResult {
  dir: string;
  manifest: BackupManifest;
  bytes: number;
}

/** Each table's row count and the migrations applied, read from one connection in one transaction. */
export function sqliteFacts(db: SQLite.Database): Pick<BackupManifest, 'rows' | 'migrations'> {
  return db.transaction(() => {
    const tables = db
      .prepare(
        `select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name`,
      )
      .pluck()
      .all() as string[];
    const rows: Record<string, number> = {};
    for (const t of tables) rows[t] = db.prepare(`select count(*) from "${t}"`).pluck().get() as number;
    const applied = tables.includes('kysely_migration')
      ? (db.prepare(`select name from kysely_migration order by name`).pluck().all() as string[])
      : [];
    return { rows, migrations: applied };
  })();
}

/** The data folder's other files worth keeping (the demo stations' credentials): not the database's own. */
function siblingFiles(dataDir: string, dbPath: string): string[] {
  if (!existsSync(dataDir)) return [];
  const db = basename(dbPath);
  return readdirSync(dataDir)
    .filter((f) => !f.startsWith(db) && statSync(join(dataDir, f)).isFile())
    .sort();
}

/**
 * An online backup of the SQLite store while the server runs: SQLite's backup API copies every page
 * in one step, inside one read transaction, so the copy is the database as one commit left it (WAL
 * lets ingest go on writing meanwhile; a copy made in several steps would restart at each of its
 * commits). The copy is checked (`quick_check`), made a single file, and counted into the manifest.
 */
export async function backupSqlite(opts: {
  sqlitePath: string;
  dataDir: string;
  backupsDir: string;
  nowS: number;
}): Promise<BackupResult> {
  if (!existsSync(opts.sqlitePath)) throw new Error(`there is no SQLite store at ${opts.sqlitePath}`);
  ensurePrivateDir(opts.backupsDir);
  const dir = join(opts.backupsDir, backupFolderName(opts.nowS));
  mkdirSync(dir, { mode: PRIVATE_DIR_MODE });
  const partial = join(dir, `${DB_FILE}.partial`);
  const source = new SQLite(opts.sqlitePath, { fileMustExist: true });
  try {
    source.pragma('busy_timeout = 5000');
    await source.backup(partial, { progress: () => ALL_PAGES });
  } finally {
    source.close();
  }
  const copy = new SQLite(partial, { fileMustExist: true });
  let facts: Pick<BackupManifest, 'rows' | 'migrations'>;
  try {
    const check = copy.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw new Error(`the copy failed its check: ${String(check)}`);
    // One self-contained file: no -wal beside it to lose when the folder is copied elsewhere.
    copy.pragma('journal_mode = DELETE');
    facts = sqliteFacts(copy);
  } finally {
    copy.close();
  }
  chmodSync(partial, PRIVATE_FILE_MODE);
  renameSync(partial, join(dir, DB_FILE));
  const files = siblingFiles(opts.dataDir, opts.sqlitePath);
  for (const f of files) {
    copyFileSync(join(opts.dataDir, f), join(dir, f));
    chmodSync(join(dir, f), PRIVATE_FILE_MODE);
  }
  const manifest: BackupManifest = {
    format: 'emberwatch-backup/1',
    engine: 'sqlite',
    taken_ts: opts.nowS,
    file: DB_FILE,
    ...facts,
    files,
  };
  writeManifest(dir, manifest);
  return { dir, manifest, bytes: statSync(join(dir, DB_FILE)).size };
}

/** Refuses a backup this build cannot run: one with a migration this build does not have. */
export function assertKnownMigrations(manifest: BackupManifest): void {
  const known = new Set(Object.keys(migrations(manifest.engine)));
  const unknown = manifest.migrations.filter((m) => !known.has(m));
  if (unknown.length)
    throw new Error(
      `the backup was taken by a newer Emberwatch (migrations ${unknown.join(', ')}); restore it with that version or later`,
    );
}

/**
 * Restores a backup into the data folder of a stopped server. An existing store is kept aside under a
 * dated name, and only with `force`. The restored copy is checked and counted against the manifest
 * before it takes the store's name, so a failed restore leaves the folder as it was.
 */
export function restoreSqlite(opts: {
  backupDir: string;
  sqlitePath: string;
  dataDir: string;
  force: boolean;
  nowS: number;
}): { manifest: BackupManifest; keptAside: string | null } {
  const manifest = readManifest(opts.backupDir);
  if (manifest.engine !== 'sqlite')
    throw new Error('this is a PostgreSQL backup: set DATABASE_URL to restore it into PostgreSQL');
  assertKnownMigrations(manifest);
  const exists = existsSync(opts.sqlitePath);
  if (exists && !opts.force)
    throw new Error(
      `${opts.sqlitePath} exists: stop the server and run again with --force (the current store is kept beside it)`,
    );
  ensurePrivateDir(opts.dataDir);
  const restoring = `${opts.sqlitePath}.restoring`;
  copyFileSync(join(opts.backupDir, manifest.file), restoring);
  chmodSync(restoring, PRIVATE_FILE_MODE);
  const copy = new SQLite(restoring, { fileMustExist: true });
  try {
    const check = copy.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw new Error(`the backup's database failed its check: ${String(check)}`);
    const differences = rowDifferences(manifest.rows, sqliteFacts(copy).rows);
    if (differences.length)
      throw new Error(`the backup does not match its manifest: ${differences.join('; ')}`);
  } finally {
    copy.close();
  }
  let keptAside: string | null = null;
  if (exists) {
    keptAside = `${opts.sqlitePath}.before-restore-${backupFolderName(opts.nowS).slice('emberwatch-'.length)}`;
    renameSync(opts.sqlitePath, keptAside);
    for (const suffix of ['-wal', '-shm'])
      if (existsSync(opts.sqlitePath + suffix)) renameSync(opts.sqlitePath + suffix, keptAside + suffix);
  }
  renameSync(restoring, opts.sqlitePath);
  for (const f of manifest.files) {
    copyFileSync(join(opts.backupDir, f), join(opts.dataDir, f));
    chmodSync(join(opts.dataDir, f), PRIVATE_FILE_MODE);
  }
  return { manifest, keptAside };
}
