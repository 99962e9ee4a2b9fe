/**
 * The `--database-url` option of a bench that runs on PostgreSQL, for `parseArgs`: BENCH_DATABASE_URL
 * when set, else `database` on the machine's own server (127.0.0.1:5432, user postgres, trust auth).
 */
export function databaseUrlOption(database: string) {
  return {
    type: 'string',
    default: process.env.BENCH_DATABASE_URL ?? `postgres://postgres@127.0.0.1:5432/${database}`,
  } as const;
}
