import { resolve } from 'node:path';
import { SQLITE_FILE } from '../config.js';
import { backupPostgres, restorePostgres } from './postgresBackup.js';
import { backupSqlite, restoreSqlite } from './sqliteBackup.js';

/**
 * `npm run backup` and `npm run restore` (scripts/ops.mjs runs this, built as dist/ops.js). It reads
 * the server's own DATA_DIR and DATABASE_URL, so it backs up what the server with the same
 * environment uses; it needs no other setting, and none of the server's secrets.
 */
const USAGE = `usage:
  npm run backup [-- --to <folder>]          online backup of the store (default folder: BACKUP_DIR or ./backups)
  npm run restore -- <backup folder> [--force]  restore into the stopped server's store`;

const out = (line: string) => process.stdout.write(`${line}\n`);
const mb = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;
const total = (rows: Record<string, number>, ...tables: string[]) =>
  tables.reduce((n, t) => n + (rows[t] ?? 0), 0).toLocaleString('en');

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  const force = rest.includes('--force');
  const args = rest.filter((a) => a !== '--force');
  const dataDir = resolve(process.env.DATA_DIR || 'data');
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const nowS = Math.floor(Date.now() / 1000);
  const started = performance.now();
  const took = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;

  if (command === 'backup') {
    const toAt = args.indexOf('--to');
    if ((toAt >= 0 && !args[toAt + 1]) || args.length !== (toAt >= 0 ? 2 : 0)) {
      out(USAGE);
      return 2;
    }
    const backupsDir = resolve(toAt >= 0 ? args[toAt + 1]! : process.env.BACKUP_DIR || 'backups');
    out(
      databaseUrl
        ? 'Backing up the PostgreSQL store with pg_dump, on one snapshot, while the server runs…'
        : `Backing up the SQLite store ${resolve(dataDir, SQLITE_FILE)} in one read snapshot, while the server runs…`,
    );
    const result = databaseUrl
      ? await backupPostgres({ databaseUrl, backupsDir, nowS })
      : await backupSqlite({ sqlitePath: resolve(dataDir, SQLITE_FILE), dataDir, backupsDir, nowS });
    const rows = result.manifest.rows;
    out(
      `Backed up in ${took()}: ${mb(result.bytes)}, ${total(rows, 'readings')} raw readings, ` +
        `${total(rows, 'readings_packed')} packed probe-days, ${total(rows, 'users')} users → ${result.dir}`,
    );
    return 0;
  }
  if (command === 'restore') {
    if (args.length !== 1) {
      out(USAGE);
      return 2;
    }
    const backupDir = resolve(args[0]!);
    if (databaseUrl) {
      out('Restoring into the PostgreSQL database of DATABASE_URL with pg_restore…');
      const { manifest } = await restorePostgres({ backupDir, databaseUrl, force });
      out(
        `Restored in ${took()}, every table's count as in the backup of ${new Date(manifest.taken_ts * 1000).toISOString()}.`,
      );
    } else {
      const sqlitePath = resolve(dataDir, SQLITE_FILE);
      out(`Restoring into ${sqlitePath}…`);
      const { manifest, keptAside } = restoreSqlite({ backupDir, sqlitePath, dataDir, force, nowS });
      out(
        `Restored in ${took()}, every table's count as in the backup of ${new Date(manifest.taken_ts * 1000).toISOString()}.`,
      );
      if (keptAside) out(`The store that was there is kept as ${keptAside}.`);
    }
    return 0;
  }
  out(USAGE);
  return 2;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(
      `Emberwatch ${process.argv[2] ?? ''} failed: ${err instanceof Error ? err.message : String(err)}\n`,
    );
    process.exit(1);
  },
);
