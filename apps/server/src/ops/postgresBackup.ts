import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, renameSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { ensurePrivateDir, PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../db/privateFiles.js';
import {
  backupFolderName,
  readManifest,
  rowDifferences,
  writeManifest,
  type BackupManifest,
} from './backupManifest.js';
import { assertKnownMigrations, type BackupResult } from './sqliteBackup.js';

const DUMP_FILE = 'emberwatch.pgdump';

/** Runs a PostgreSQL client program; its error output is kept for the message should it fail. */
function run(program: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.once('error', (err) =>
      reject(
        new Error(`${program} could not be started (is the PostgreSQL client installed?)`, { cause: err }),
      ),
    );
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${program} failed (exit ${code}): ${stderr.trim()}`)),
    );
  });
}

/**
 * Each table's row count (a partitioned table once, not its partitions) and the migrations applied,
 * in the client's current transaction.
 */
async function postgresFacts(
  client: pg.Client,
  schema: string,
): Promise<Pick<BackupManifest, 'rows' | 'migrations'>> {
  const tables = (
    await client.query<{ relname: string }>(
      `select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = $1 and c.relkind in ('r', 'p') and not c.relispartition order by c.relname`,
      [schema],
    )
  ).rows.map((r) => r.relname);
  const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;
  const rows: Record<string, number> = {};
  for (const t of tables)
    rows[t] = Number(
      (await client.query<{ n: string }>(`select count(*) as n from ${ident(schema)}.${ident(t)}`)).rows[0]!
        .n,
    );
  const migrations = tables.includes('kysely_migration')
    ? (
        await client.query<{ name: string }>(
          `select name from ${ident(schema)}.kysely_migration order by name`,
        )
      ).rows.map((r) => r.name)
    : [];
  return { rows, migrations };
}

/**
 * An online backup of the PostgreSQL store: pg_dump in its custom format, on a snapshot this process
 * exports and holds, so that the manifest's counts are those of the very snapshot dumped, while
 * ingest goes on writing.
 */
export async function backupPostgres(opts: {
  databaseUrl: string;
  backupsDir: string;
  nowS: number;
  /** The schema to dump (tests give each store its own); the `public` schema otherwise. */
  schema?: string;
}): Promise<BackupResult> {
  ensurePrivateDir(opts.backupsDir);
  const dir = join(opts.backupsDir, backupFolderName(opts.nowS));
  mkdirSync(dir, { mode: PRIVATE_DIR_MODE });
  const partial = join(dir, `${DUMP_FILE}.partial`);
  const client = new pg.Client({ connectionString: opts.databaseUrl });
  await client.connect();
  let facts: Pick<BackupManifest, 'rows' | 'migrations'>;
  try {
    await client.query('begin isolation level repeatable read read only');
    const snapshot = (await client.query<{ id: string }>('select pg_export_snapshot() as id')).rows[0]!.id;
    facts = await postgresFacts(client, opts.schema ?? 'public');
    await run('pg_dump', [
      '--format=custom',
      '--no-owner',
      '--no-privileges',
      `--snapshot=${snapshot}`,
      ...(opts.schema ? [`--schema=${opts.schema}`] : []),
      `--file=${partial}`,
      `--dbname=${opts.databaseUrl}`,
    ]);
    await client.query('commit');
  } finally {
    await client.end();
  }
  chmodSync(partial, PRIVATE_FILE_MODE);
  renameSync(partial, join(dir, DUMP_FILE));
  const manifest: BackupManifest = {
    format: 'emberwatch-backup/1',
    engine: 'postgres',
    taken_ts: opts.nowS,
    file: DUMP_FILE,
    ...(opts.schema ? { schema: opts.schema } : {}),
    ...facts,
    files: [],
  };
  writeManifest(dir, manifest);
  return { dir, manifest, bytes: statSync(join(dir, DUMP_FILE)).size };
}

/**
 * Restores a backup into the PostgreSQL database of a stopped server: an empty database, or with
 * `force` one whose Emberwatch tables are dropped first. Afterwards every table is counted against the
 * manifest; a difference is an error.
 */
export async function restorePostgres(opts: {
  backupDir: string;
  databaseUrl: string;
  force: boolean;
}): Promise<{ manifest: BackupManifest }> {
  const manifest = readManifest(opts.backupDir);
  if (manifest.engine !== 'postgres')
    throw new Error('this is a SQLite backup: unset DATABASE_URL to restore it into the data folder');
  assertKnownMigrations(manifest);
  const schema = manifest.schema ?? 'public';
  const client = new pg.Client({ connectionString: opts.databaseUrl });
  await client.connect();
  try {
    const present = await client.query(
      `select 1 from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = $1 and c.relname = 'kysely_migration'`,
      [schema],
    );
    if (present.rowCount && !opts.force)
      throw new Error(
        'the database holds an Emberwatch store already: stop the server and run again with --force (its tables are replaced)',
      );
    const archive = join(opts.backupDir, manifest.file);
    const partitioned = present.rowCount
      ? (
          await client.query<{ name: string }>(
            `select format('%I.%I', n.nspname, c.relname) as name from pg_class c
             join pg_namespace n on n.oid = c.relnamespace where n.nspname = $1 and c.relkind = 'p'`,
            [schema],
          )
        ).rows.map((r) => r.name)
      : [];
    if (partitioned.length === 0)
      await run('pg_restore', [
        '--no-owner',
        '--no-privileges',
        '--exit-on-error',
        '--single-transaction',
        ...(present.rowCount ? ['--clean', '--if-exists'] : []),
        `--dbname=${opts.databaseUrl}`,
        archive,
      ]);
    else await restoreOverPartitions(opts.databaseUrl, archive, partitioned);
    await client.query('begin isolation level repeatable read read only');
    const differences = rowDifferences(manifest.rows, (await postgresFacts(client, schema)).rows);
    await client.query('commit');
    if (differences.length)
      throw new Error(`the restored database does not match the manifest: ${differences.join('; ')}`);
  } finally {
    await client.end();
  }
  return { manifest };
}

/**
 * A restore over a store with partitioned tables (the monthly readings, decision 0135): pg_restore's
 * --clean drops each partition's key on its own, which PostgreSQL refuses ("cannot drop inherited
 * constraint"). So the partitioned tables (their partitions with them) are dropped first, in the same
 * transaction as the rest of the restore: pg_restore writes its script to a private folder and psql
 * runs the drop and the script as one transaction, so a failure leaves the store as it was.
 */
async function restoreOverPartitions(
  databaseUrl: string,
  archive: string,
  partitioned: string[],
): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'emberwatch-restore-'));
  try {
    const script = join(dir, 'restore.sql');
    await run('pg_restore', [
      '--no-owner',
      '--no-privileges',
      '--clean',
      '--if-exists',
      `--file=${script}`,
      archive,
    ]);
    await run('psql', [
      '--no-psqlrc',
      '--quiet',
      '--set=ON_ERROR_STOP=1',
      '--single-transaction',
      `--dbname=${databaseUrl}`,
      `--command=drop table if exists ${partitioned.join(', ')} cascade`,
      `--file=${script}`,
    ]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
