import { describe, expect, it } from 'vitest';
import { currentWorker, workerDatabaseName, workerDatabaseUrl } from './support/workerDatabases.js';

describe('a database per test worker on PostgreSQL', () => {
  it("names a worker's database after the base database and the worker", () => {
    expect(workerDatabaseUrl('postgres://postgres@127.0.0.1:5432/test', 2)).toBe(
      'postgres://postgres@127.0.0.1:5432/test_w2',
    );
    expect(workerDatabaseUrl('postgres://u:p%40ss@db:5433/ember?sslmode=disable', 1)).toBe(
      'postgres://u:p%40ss@db:5433/ember_w1?sslmode=disable',
    );
    expect(workerDatabaseName('test', 10)).toBe('test_w10');
  });

  it('keeps the URL as it is outside a worker, and refuses a worker number that is not one', () => {
    expect(workerDatabaseUrl('postgres://postgres@127.0.0.1:5432/test', undefined)).toBe(
      'postgres://postgres@127.0.0.1:5432/test',
    );
    expect(() => workerDatabaseName('test', 0)).toThrow(/not a worker number/);
  });

  it("reads the worker from Vitest's pool id", () => {
    expect(currentWorker({ VITEST_POOL_ID: '3' })).toBe(3);
    expect(currentWorker({})).toBeUndefined();
    expect(currentWorker({ VITEST_POOL_ID: 'x' })).toBeUndefined();
  });
});
