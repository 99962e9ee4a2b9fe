import { sql, CompiledQuery } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../src/db/createDatabase.js';
import { copyField, copyStatement, namedStatement } from '../src/db/postgresClient.js';
import { TEST_DATABASE_URL, TEST_ENGINE } from './support/testApp.js';

describe('COPY text fields', () => {
  it.each([
    ['plain text', 'R00001', 'R00001'],
    ['a number', 1_700_000_000, '1700000000'],
    ['a negative number', -71, '-71'],
    ['null', null, '\\N'],
    ['undefined', undefined, '\\N'],
    ['a backslash', 'a\\b', 'a\\\\b'],
    ['a tab', 'a\tb', 'a\\tb'],
    ['a newline and a return', 'a\nb\rc', 'a\\nb\\rc'],
    ['the text \\N', '\\N', '\\\\N'],
    ['an empty string', '', ''],
  ])('%s', (_, value, field) => {
    expect(copyField(value)).toBe(field);
  });

  it('registers only COPY FROM STDIN as a copy', () => {
    expect(() => copyStatement('select 1')).toThrow(/not a COPY/);
    expect(() => copyStatement('copy t to stdout')).toThrow(/not a COPY/);
    expect(copyStatement('copy t (a) from stdin')).toBe('copy t (a) from stdin');
  });
});

describe.runIf(TEST_ENGINE === 'postgres')('the PostgreSQL pool client', () => {
  const schema = `t_pg_client_${process.pid}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  let store: Store;

  beforeAll(async () => {
    await admin.connect();
    await admin.query(`drop schema if exists ${schema} cascade`);
    await admin.query(`create schema ${schema}`);
    await admin.query(`create table ${schema}.t (id int primary key, note text)`);
    store = openStore({ databaseUrl: TEST_DATABASE_URL, sqlitePath: ':memory:', pgSchema: schema });
  });
  afterAll(async () => {
    await store?.close();
    await admin.query(`drop schema if exists ${schema} cascade`);
    await admin.end();
  });

  it('copies rows whatever their text holds, in the caller’s transaction', async () => {
    const notes = ['tab\there', 'line\nbreak', 'back\\slash', '\\N', null];
    const data = notes.map((n, i) => `${i}\t${copyField(n)}\n`).join('');
    const copy = copyStatement('copy t (id, note) from stdin');
    const copied = await store.db.transaction().execute(async (trx) => {
      const r = await trx.executeQuery(CompiledQuery.raw(copy, [data]));
      // Inside the transaction the rows are there; a failing COPY below rolls back with it.
      return {
        result: r,
        seen: (await sql<{ n: number }>`select count(*)::int as n from t`.execute(trx)).rows,
      };
    });
    expect(copied.seen).toEqual([{ n: 5 }]);
    const rows = await sql<{ id: number; note: string | null }>`select id, note from t order by id`.execute(
      store.db,
    );
    expect(rows.rows.map((r) => r.note)).toEqual(notes);
  });

  it('fails a COPY of a key stored before with the unique violation, and stores none of its rows', async () => {
    const copy = copyStatement('copy t (id, note) from stdin');
    await expect(
      store.db
        .transaction()
        .execute((trx) => trx.executeQuery(CompiledQuery.raw(copy, ['100\tnew\n0\tagain\n']))),
    ).rejects.toMatchObject({ code: '23505' });
    const rows = await sql<{ n: number }>`select count(*)::int as n from t where id = 100`.execute(store.db);
    expect(rows.rows).toEqual([{ n: 0 }]);
  });

  it('runs several COPY statements in one query, or none past the first that fails', async () => {
    await admin.query(`create table ${schema}.u (id int primary key)`);
    const both = copyStatement('copy t (id, note) from stdin; copy u (id) from stdin');
    const copied = await store.db
      .transaction()
      .execute((trx) => trx.executeQuery(CompiledQuery.raw(both, ['200\ttwo hundred\n201\t\\N\n', '7\n'])));
    expect(copied.rows).toEqual([{ n: 2 }, { n: 1 }]);
    // A repeat in the first: nothing of either is stored, and the second's data is skipped.
    await expect(
      store.db
        .transaction()
        .execute((trx) => trx.executeQuery(CompiledQuery.raw(both, ['202\tx\n200\ty\n', '8\n']))),
    ).rejects.toMatchObject({ code: '23505' });
    const after = await store.db.connection().execute(async (c) => ({
      t: (await sql<{ id: number }>`select id from t where id >= 200 order by id`.execute(c)).rows,
      u: (await sql<{ id: number }>`select id from u order by id`.execute(c)).rows,
    }));
    expect(after).toEqual({ t: [{ id: 200 }, { id: 201 }], u: [{ id: 7 }] });
    expect(() => copyStatement('copy u (id) from stdin; select 1')).toThrow(/not a COPY/);
    await expect(store.db.executeQuery(CompiledQuery.raw(both, ['1\tone\n']))).rejects.toThrow(/2 string/);
  });

  it('keeps the connection usable when the COPY statement fails before its data is read', async () => {
    const copy = copyStatement('copy no_such_table (id) from stdin');
    const after = await store.db.connection().execute(async (c) => {
      await expect(c.executeQuery(CompiledQuery.raw(copy, ['1\n2\n']))).rejects.toMatchObject({
        code: '42P01',
      });
      // The data that followed the statement was skipped, not read as statements.
      return (await sql<{ n: number }>`select count(*)::int as n from t where id < 100`.execute(c)).rows;
    });
    expect(after).toEqual([{ n: 5 }]);
  });

  it('runs a registered text as a named prepared statement, on every connection', async () => {
    const text = namedStatement('select $1::int + 1 as n');
    const results = await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        store.db.connection().execute((c) => c.executeQuery<{ n: number }>(CompiledQuery.raw(text, [i]))),
      ),
    );
    expect(results.map((r) => r.rows[0]?.n)).toEqual([1, 2, 3, 4]);
    const prepared = await store.db.connection().execute(async (c) => {
      await c.executeQuery(CompiledQuery.raw(text, [0]));
      return (
        await sql<{ n: number }>`select count(*)::int as n from pg_prepared_statements
        where statement = ${text}`.execute(c)
      ).rows[0]?.n;
    });
    expect(prepared).toBe(1);
  });
});
