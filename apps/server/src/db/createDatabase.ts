import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type SqliteDatabase } from 'kysely';
import { Migrator, type MigrationProvider } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.js';
import type { Engine } from './engine.js';
import { migrations } from './migrations/index.js';
import { PostgresClient } from './postgresClient.js';
import {
  ensurePrivateDir,
  ensurePrivateFile,
  PRIVATE_FILE_MODE,
  tightenIfExists,
  warnOnStderr,
  type LooseModeWarning,
} from './privateFiles.js';

export interface Store {
  db: Kysely<Database>;
  engine: Engine;
  /** For PostgreSQL: how to open a dedicated connection (LISTEN needs one of its own). */
  pg?: { connectionString: string; schema: string | undefined };
  /**
   * For SQLite: the connection Kysely runs on, for the few statements of the ingest path that are
   * prepared once and bound directly (docs/decisions/0027-ingest-hot-path.md). Use it only inside a
   * Kysely transaction: Kysely holds the one connection for the transaction, so the statements run in
   * it; everything else goes through Kysely.
   */
  sqlite?: SQLite.Database;
  close(): Promise<void>;
}

export interface StoreOptions {
  /** postgres://… selects PostgreSQL; otherwise the SQLite file path (':memory:' for tests). */
  databaseUrl?: string | undefined;
  sqlitePath: string;
  /** Largest PostgreSQL pool size. */
  poolSize?: number;
  /** PostgreSQL schema to work in (tests give each file its own). */
  pgSchema?: string;
  /** Told when the SQLite directory or files were open to other users and were tightened. */
  onLooseMode?: LooseModeWarning;
}

/** The SQLite database file and the two files SQLite keeps beside it in WAL mode. */
function sqliteFiles(path: string): string[] {
  return [path, `${path}-wal`, `${path}-shm`];
}

/** int8 (OID 20) and numeric aggregates arrive as strings from pg; our values all fit in a double. */
function pgTypes(): pg.CustomTypesConfig {
  const getTypeParser = ((oid: number) => {
    if (oid === 20) return (v: string) => Number.parseInt(v, 10);
    return pg.types.getTypeParser(oid, 'text') as (v: string) => unknown;
  }) as pg.CustomTypesConfig['getTypeParser'];
  return { getTypeParser };
}

export function openStore(opts: StoreOptions): Store {
  if (opts.databaseUrl && /^postgres(ql)?:\/\//.test(opts.databaseUrl)) {
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: opts.poolSize ?? 10,
      types: pgTypes(),
      // Runs the ingest path's registered statements as named statements or COPY (postgresClient.ts).
      Client: PostgresClient,
      ...(opts.pgSchema ? { options: `-c search_path=${opts.pgSchema}` } : {}),
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return {
      db,
      engine: 'postgres',
      pg: { connectionString: opts.databaseUrl, schema: opts.pgSchema },
      close: () => db.destroy(),
    };
  }
  const onDisk = opts.sqlitePath !== ':memory:';
  const warn = opts.onLooseMode ?? warnOnStderr;
  if (onDisk) {
    // Created 0600 before SQLite opens it: SQLite gives the -wal and -shm files the database's mode.
    ensurePrivateDir(dirname(opts.sqlitePath), warn);
    ensurePrivateFile(opts.sqlitePath, warn);
    for (const f of sqliteFiles(opts.sqlitePath).slice(1)) tightenIfExists(f, PRIVATE_FILE_MODE, warn);
  }
  const sqlite = new SQLite(opts.sqlitePath);
  // WAL lets readers run beside the single writer; FULL makes every acknowledged commit survive
  // power loss, which is what "the answer is sent only after the commit" promises a base station.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  // A checkpoint copies every page changed since the last one; ingest rewrites the same leaf pages
  // (one per probe) round after round, so checkpointing less often copies each page once, not many times.
  sqlite.pragma('wal_autocheckpoint = 8000');
  // 64 MiB of page cache (SQLite's default is 2 MiB): ingest touches every probe's roll-up pages and
  // the newest hours of readings each second, and pages read again from the OS cost CPU; measured at
  // about 8 % less CPU per reading on the ingest benchmark (decision 0062).
  sqlite.pragma('cache_size = -65536');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // Should this SQLite build not copy the database's mode, the files it just created are set here.
  if (onDisk) for (const f of sqliteFiles(opts.sqlitePath)) tightenIfExists(f, PRIVATE_FILE_MODE, null);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  return { db, engine: 'sqlite', sqlite, close: () => db.destroy() };
}

/**
 * Kysely prepares every query afresh; preparing a 100-row insert costs more than running it. The
 * ingest path repeats a few statement shapes, so prepared statements are kept by their SQL text.
 */
const STATEMENT_CACHE_SIZE = 256;

function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
  return {
    prepare(sqlText: string) {
      let stmt = cache.get(sqlText);
      if (stmt) {
        // Refresh its place: the cache evicts the least recently used.
        cache.delete(sqlText);
      } else {
        stmt = sqlite.prepare(sqlText);
        if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
      }
      cache.set(sqlText, stmt);
      return stmt;
    },
    close() {
      cache.clear();
      sqlite.close();
    },
  };
}

export async function migrateToLatest(store: Store): Promise<void> {
  const provider: MigrationProvider = { getMigrations: () => Promise.resolve(migrations(store.engine)) };
  // Kysely looks for its migration tables in every schema unless told which: with a schema of our
  // own, another schema's tables in the same database would be taken for ours.
  const schema = store.pg?.schema;
  const migrator = new Migrator({
    db: store.db,
    provider,
    ...(schema ? { migrationTableSchema: schema } : {}),
    // Features are built side by side, each with its own reserved number, and land in any order: a
    // store that already ran 0034 must still take a 0029 that landed after it. Migrations never depend
    // on another feature's later migration, so running a late lower number is safe.
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`database migration failed${failed ? ` at ${failed.migrationName}` : ''}`, {
      cause: error,
    });
  }
}
