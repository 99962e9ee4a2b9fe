import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ENGINE, type TestApp } from './support/testApp.js';
import { ingest } from './support/probeHelpers.js';
import {
  storeFingerprint,
  storeTables,
  type StoreTable,
  type TablePrint,
} from './support/storeFingerprint.js';

/**
 * The store's fingerprint, which the schema fuzz, the staff levels and the account merge compare to say
 * "nothing stored": after its first call it hashes again only the tables a write touched (watch
 * triggers), so these cases prove it still sees every committed change and only changes of content.
 */
describe(`the store's fingerprint on ${TEST_ENGINE}`, { timeout: 60_000 }, () => {
  let t: TestApp;
  let tables: StoreTable[];
  let print: Record<string, TablePrint>;
  const print$ = () => storeFingerprint(t.store, tables);
  const changed = (after: Record<string, TablePrint>) =>
    Object.keys(after).filter((name) => after[name]!.hash !== print[name]!.hash);

  beforeAll(async () => {
    t = await createTestApp();
    tables = await storeTables(t.store);
    print = await print$();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('does not list its own table of notes among the store’s tables', async () => {
    expect((await storeTables(t.store)).map((x) => x.name)).toEqual(tables.map((x) => x.name));
  });

  it('sees readings stored by the ingest, and only their tables', async () => {
    const probe = await t.store.db
      .selectFrom('probes')
      .select(['sensor_id', 'depths'])
      .where('bs_id', '=', 'F1000001')
      .executeTakeFirstOrThrow();
    await ingest(t, 'F1000001', [
      {
        sensor_id: probe.sensor_id,
        temperatures: Array.from({ length: probe.depths }, (_, d) => 150 + d),
        meas_ts: Math.floor(Date.now() / 1000) - 60,
      },
    ]);
    const after = await print$();
    expect(changed(after)).toContain('readings');
    expect(changed(after)).not.toContain('users');
    print = after;
  });

  it('sees a one-character change, and the same print when it is undone', async () => {
    const setName = (text: string | null) =>
      t.store.db
        .updateTable('users')
        .set({ firstname: text })
        .where('username', '=', 'hay@demo.emberwatch')
        .execute();
    const before = (await t.findUser('hay@demo.emberwatch'))!.firstname;
    await setName(`${before!.slice(0, -1)}${before!.slice(-1).toUpperCase()}`);
    // The admin's search terms follow the name (a trigger of the store's own): a change of content too.
    expect(changed(await print$())).toEqual(['admin_search_terms', 'users']);
    await setName(before);
    expect(await print$()).toEqual(print);
  });

  it('keeps its print when a row is rewritten as it was, or a write is rolled back', async () => {
    await t.store.db
      .updateTable('users')
      .set((eb) => ({ firstname: eb.ref('firstname') }))
      .execute();
    await t.store.db
      .transaction()
      .execute(async (trx) => {
        await sql`delete from users`.execute(trx);
        throw new Error('undone');
      })
      .catch(() => {});
    expect(await print$()).toEqual(print);
  });
});
