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
  const url = new URL(baseUrl);
  url.pathname = `/${workerDatabaseName(decodeURIComponent(url.pathname.slice(1)) || 'postgres', worker)}`;
  return url.toString();
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
