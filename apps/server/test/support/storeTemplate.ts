import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { migrateToLatest, openStore } from '../../src/db/createDatabase.js';
import { TranslationRepository } from '../../src/features/translations/translation.repository.js';
import { bundledTexts } from '../../src/features/translations/bundledLocales.js';
import { translationSeedMark } from '../../src/features/translations/translationSeedMark.js';
import { databaseOf, quotedName as quoted, urlOfDatabase } from './workerDatabases.js';
import { testDataRoot } from './testDataRoot.js';

/**
 * Every test app used to migrate an empty store (76 migrations) and then insert the 24,608 bundled texts
 * as its server started: about a quarter of a second of CPU on SQLite and a second on PostgreSQL, for
 * each of the suite's ~130 apps. Now each Vitest worker builds that store once — migrated by the same
 * `migrateToLatest`, the texts inserted by the same repository the server's start uses — and each app
 * starts from a copy: SQLite's file copied, PostgreSQL's database created with the template as its
 * `TEMPLATE` (a copy of its files). The app then seeds the demo at its own time and starts its server,
 * whose text seed finds every text in place, as a restarted server does. The migrations and the seed of
 * an empty store stay tested: they make the template, and their own tests run them on stores of their own.
 */

/** The schema a PostgreSQL test app works in: its database is its own, copied from the template's. */
export const TEMPLATE_SCHEMA = 't_app';

interface SqliteTemplate {
  engine: 'sqlite';
  /** Copies the template store to `path` (a new app's database file). */
  copyTo(path: string): void;
}

interface PostgresTemplate {
  engine: 'postgres';
  /**
   * A new database copied from the template; `drop` gives it back once its app has closed. It is
   * dropped later (see KEPT_APP_DATABASES), and ends what is still connected then.
   */
  newDatabase(): Promise<{ url: string; drop(): Promise<void> }>;
}

/**
 * App databases a worker keeps, closed, instead of dropping each as its app closes; the global teardown
 * drops them when the run ends (postgresGlobalSetup.ts). Why: a copy of the template is about 1,500
 * files, and on ext4 without a journal (this machine's) a file made within about 30 s of others being
 * deleted costs the kernel a look at every such inode (`recently_deleted`): CREATE DATABASE took
 * 0.5–0.9 s of the backend's system time right after a DROP, 50 ms with none in the last half minute —
 * most of a PostgreSQL test app's start (decision 0161). About 17 MB each; past this
 * many a worker drops its oldest, and pays that price again.
 */
export const KEPT_APP_DATABASES = 120;

export type StoreTemplate = SqliteTemplate | PostgresTemplate;

let template: Promise<StoreTemplate> | undefined;

/** This worker's template store, made on the first call. */
export function storeTemplate(databaseUrl: string | undefined): Promise<StoreTemplate> {
  template ??= databaseUrl ? postgresTemplate(databaseUrl) : sqliteTemplate();
  return template;
}

async function fill(store: ReturnType<typeof openStore>): Promise<void> {
  await migrateToLatest(store);
  // Marked as the server's start marks it: an app made from the template finds its texts seeded.
  const texts = bundledTexts();
  await new TranslationRepository(store.db, store.engine).seed(
    texts,
    Math.floor(Date.now() / 1000),
    translationSeedMark(texts, store.engine),
  );
  await store.close();
}

async function sqliteTemplate(): Promise<StoreTemplate> {
  const dir = mkdtempSync(join(testDataRoot(), 'emberwatch-template-'));
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  const path = join(dir, 'template.db');
  await fill(openStore({ sqlitePath: path }));
  // Closing the last connection checkpointed the write-ahead log into the file and removed it.
  if (existsSync(`${path}-wal`)) throw new Error(`the template store kept its write-ahead log: ${path}-wal`);
  return { engine: 'sqlite', copyTo: (target) => copyFileSync(path, target) };
}

/**
 * Databases of a worker process: its template `<worker database>_tpl_<pid>` and its apps'
 * `<worker database>_a_<pid>_<n>`; `PROCESS_DATABASE` reads the pid back for the global setup's clean-up.
 */
const templateName = (workerDatabase: string) => `${workerDatabase}_tpl_${process.pid}`;
const appName = (workerDatabase: string, n: number) => `${workerDatabase}_a_${process.pid}_${n}`;
export const PROCESS_DATABASE = /_(?:tpl|a)_(\d+)(?:_\d+)?$/;

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function postgresTemplate(workerUrl: string): Promise<StoreTemplate> {
  const workerDatabase = databaseOf(workerUrl);
  const name = templateName(workerDatabase);
  const url = urlOfDatabase(workerUrl, name);
  await withClient(workerUrl, async (admin) => {
    await admin.query(`drop database if exists ${quoted(name)}`);
    await admin.query(`create database ${quoted(name)}`);
  });
  await withClient(url, (client) => client.query(`create schema ${TEMPLATE_SCHEMA}`));
  await fill(openStore({ databaseUrl: url, sqlitePath: ':memory:', pgSchema: TEMPLATE_SCHEMA, poolSize: 4 }));
  let made = 0;
  const kept: string[] = [];
  return {
    engine: 'postgres',
    async newDatabase() {
      const app = appName(workerDatabase, ++made);
      await withClient(workerUrl, (admin) => createCopy(admin, app, name));
      return {
        url: urlOfDatabase(workerUrl, app),
        async drop() {
          kept.push(app);
          const oldest = kept.length > KEPT_APP_DATABASES ? kept.shift() : undefined;
          if (oldest) await withClient(workerUrl, (admin) => dropDatabase(admin, oldest));
        },
      };
    },
  };
}

/**
 * DROP DATABASE once the app's sessions have gone: a pool's `end` answers before its sessions have left
 * the server, and a forced drop would end them with an error their clients report. PostgreSQL itself
 * waits up to 5 s for them; a session still there after that (a test's own, left open) is ended.
 */
async function dropDatabase(admin: pg.Client, name: string): Promise<void> {
  try {
    await admin.query(`drop database if exists ${quoted(name)}`);
  } catch (error) {
    if ((error as { code?: string }).code !== '55006') throw error;
    await admin.query(`drop database if exists ${quoted(name)} with (force)`);
  }
}

/** CREATE DATABASE … TEMPLATE; refused (55006) while another session is in the template: tried again. */
async function createCopy(admin: pg.Client, name: string, from: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await admin.query(`create database ${quoted(name)} template ${quoted(from)}`);
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== '55006' || attempt >= 20) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
    }
  }
}
