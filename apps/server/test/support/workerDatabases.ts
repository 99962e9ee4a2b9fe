/**
 * On PostgreSQL each Vitest worker has a database of its own, so the server's test files run side by
 * side (decision 0083). Files of one worker run one after another in it; every test app still works
 * in a schema of its own (createTestApp), which it migrates and drops. What is the database's rather
 * than a schema's — advisory locks, LISTEN/NOTIFY channels, `public` — is then never shared by two
 * files running at once.
 */

/** `postgres://…/test` → `postgres://…/test_w2` for worker 2; the URL itself without a worker. */
export function workerDatabaseUrl(baseUrl: string, worker: number | undefined): string {
  if (worker === undefined) return baseUrl;
  return urlOfDatabase(baseUrl, workerDatabaseName(databaseOf(baseUrl), worker));
}

/** The database a URL names (`postgres` when it names none). */
export function databaseOf(url: string): string {
  return decodeURIComponent(new URL(url).pathname.slice(1)) || 'postgres';
}

/** The same server and user, another database. */
export function urlOfDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** A database name as an SQL identifier. */
export function quotedName(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

export function workerDatabaseName(base: string, worker: number): string {
  if (!Number.isInteger(worker) || worker < 1) throw new Error(`not a worker number: ${worker}`);
  return `${base}_w${worker}`;
}

/** This process's worker number (Vitest's VITEST_POOL_ID, 1 to maxWorkers), or undefined outside a worker. */
export function currentWorker(env: NodeJS.ProcessEnv = process.env): number | undefined {
  const id = Number(env.VITEST_POOL_ID);
  return Number.isInteger(id) && id >= 1 ? id : undefined;
}
