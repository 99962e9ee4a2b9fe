import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditLogResponse } from '@emberwatch/shared/contracts/audit';
import type {
  CheckAccountMergeResponse,
  DoAccountMergeResponse,
} from '@emberwatch/shared/contracts/accountMerge';
import { bearer, createTestApp, TEST_ENGINE, type TestApp } from './support/testApp.js';
import { asStaffLevel } from './support/staffLevel.js';
import { evaluatorOf } from './support/monitorHelpers.js';
import { storeFingerprint, storeTables, type StoreTable } from './support/storeFingerprint.js';

/**
 * Issue 31 item 4 (decision 0101): checkAccountMerge and doAccountMerge. The demo's grain account is
 * merged into the hay account: everything it owns moves in one transaction, counted before and after,
 * nothing lost or duplicated, the monitors renumbered where hay uses their numbers, grain blocked.
 * Refusals and a failure part-way change nothing. Also a station replacement keeps each probe's
 * readings (spec doc 2 §4: history intact).
 */

/** Sends a few packets of readings from each probe of a station, as the station would, then settles. */
async function sendReadings(t: TestApp, bsId: string, packets = 3): Promise<void> {
  const probes = await t.store.db
    .selectFrom('probes')
    .select(['sensor_id', 'depths'])
    .where('bs_id', '=', bsId)
    .execute();
  const now = Math.floor(Date.now() / 1000);
  for (let i = packets; i >= 1; i--) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/ingest/v1/packets',
      headers: { authorization: `Station ${bsId}:${t.secretOf(bsId)}`, 'content-type': 'application/json' },
      payload: JSON.stringify({
        type: 'data',
        readings: probes.map((p) => ({
          sensor_id: p.sensor_id,
          temperatures: Array.from({ length: p.depths }, (_, d) => 150 + d + i),
          meas_ts: now - 600 * i,
        })),
      }),
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  await t.ingest.settleRollups();
}

describe(`account merge on ${TEST_ENGINE}`, { timeout: 120_000 }, () => {
  let t: TestApp;
  let tables: StoreTable[];
  const tokens: Record<string, string> = {};
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp({ demoMonitors: true, demoFans: true });
    tables = await storeTables(t.store);
    for (const name of ['hay', 'grain', 'compost', 'hay-helper'])
      ids[name] = (await t.findUser(`${name}@demo.emberwatch`))!.id;
    // Two accounts a merge must refuse as target: one without a username, one of a partner app.
    const { id: _id, ...row } = (await t.findUser('compost@demo.emberwatch'))!;
    for (const [username, partner] of [
      ['', null],
      ['haytech-farm', 'haytech'],
    ] as const) {
      const r = await t.store.db
        .insertInto('users')
        .values({ ...row, username, partner_app: partner, sub_user_count: 0 })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids[username || 'nameless'] = r.id;
    }
    for (const bsId of ['F1000001', 'F2000001', 'F2000002']) await sendReadings(t, bsId);
    // The monitors judge those readings in the background: done before any test reads the store.
    await evaluatorOf(t).idle();
    // Every caller logs in first: a login writes a session, which is no part of what a call changes.
    for (const who of ['admin', 'grain', 'master', 'hay']) await tokenOf(who);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function tokenOf(who: string): Promise<string> {
    tokens[who] ??= await t.login(`${who}@demo.emberwatch`);
    return tokens[who];
  }
  const post = async (url: string, payload: object, who = 'admin') =>
    t.app.inject({ method: 'POST', url, payload, headers: bearer(await tokenOf(who)) });
  const get = async (url: string, who = 'admin') =>
    t.app.inject({ method: 'GET', url, headers: bearer(await tokenOf(who)) });
  const print = () => storeFingerprint(t.store, tables);
  async function unchanged(act: () => Promise<void>): Promise<void> {
    const before = await print();
    await act();
    expect(await print()).toEqual(before);
  }
  const count = async (table: string, where: string, value: number | string): Promise<number> => {
    const r = await sql<{
      n: number;
    }>`select count(*) as n from ${sql.table(table)} where ${sql.ref(where)} = ${value}`.execute(t.store.db);
    return Number(r.rows[0]!.n);
  };
  const check = async (target: string, BS_ID = 'F2000001') =>
    post('/admin/checkAccountMerge', { BS_ID, target });
  const stationsOf = async (uid: number) =>
    (
      await t.store.db
        .selectFrom('base_stations')
        .select('id')
        .where('owner_user_id', '=', uid)
        .orderBy('id')
        .execute()
    ).map((r) => r.id);

  it('checks: finds the target by station id or username and counts what would move, changing nothing', async () => {
    await unchanged(async () => {
      for (const target of ['F1000002', 'hay@demo.emberwatch', 'HAY@demo.emberwatch']) {
        const res = await check(target);
        expect(res.statusCode, res.body).toBe(200);
        const body = res.json<CheckAccountMergeResponse>();
        expect(body.source).toEqual({
          UID: ids.grain,
          username: 'grain@demo.emberwatch',
          BSs: await stationsOf(ids.grain!),
        });
        expect(body.target).toMatchObject({ UID: ids.hay, username: 'hay@demo.emberwatch' });
        expect(body.moves.stations).toBe(3);
        expect(body.moves.probes).toBeGreaterThan(0);
        expect(body.moves.readings).toBeGreaterThan(0);
        expect(body.moves.monitors).toBe(await count('monitors', 'owner_user_id', ids.grain!));
        expect(body.moves.storages).toBe(await count('storages', 'owner_user_id', ids.grain!));
        expect(body.moves.controllers).toBe(await count('fan_controllers', 'owner_user_id', ids.grain!));
      }
    });
  });

  it.each<[string, string, string, number, number]>([
    ['nobody of that name (status 1)', 'nobody@nowhere', 'F2000001', 404, 1],
    ['a target without a username', '', 'F2000001', 409, 2],
    ['the same account', 'F2000002', 'F2000001', 409, 2],
    ['a sub-user as target', 'hay-helper@demo.emberwatch', 'F2000001', 409, 2],
    ['a Haytech account as target', 'haytech-farm', 'F2000001', 409, 2],
    ['a station nobody has (status 1)', 'hay@demo.emberwatch', 'F2999999', 404, 1],
  ])(
    'refuses %s with the spec’s status and text, changing nothing',
    async (_, target, bsId, http, status) => {
      const texts: Record<string, string> = {
        'nobody@nowhere': 'Cannot merge account. User not found.',
        F2000002: 'Cannot merge an account into itself.',
        'hay-helper@demo.emberwatch': 'Only customer accounts (not staff, not sub-users) can be merged.',
        'haytech-farm': 'Cannot merge into a Gari or Haytech account.',
      };
      await unchanged(async () => {
        // The nameless account is named by its id's station-less self: the merge call, by UID.
        const res =
          target === ''
            ? await post('/admin/doAccountMerge', {
                UID: ids.grain,
                targetUID: ids.nameless,
                BSs: await stationsOf(ids.grain!),
                targetBSs: [],
              })
            : await check(target, bsId);
        expect(res.statusCode, res.body).toBe(http);
        const body = res.json<{ status_code: number; error: string }>();
        expect(body.status_code).toBe(status);
        if (target === '') expect(body.error).toBe('The target account is incomplete (no username)');
        else if (status === 1) expect(body.error).toBe('Cannot merge account. User not found.');
        else expect(body.error).toBe(texts[target]);
      });
    },
  );

  it('refuses a merge when the stations differ from what the check showed, and callers below Admin', async () => {
    const grainBSs = await stationsOf(ids.grain!);
    const hayBSs = await stationsOf(ids.hay!);
    await unchanged(async () => {
      const stale = await post('/admin/doAccountMerge', {
        UID: ids.grain,
        targetUID: ids.hay,
        BSs: grainBSs.slice(1),
        targetBSs: hayBSs,
      });
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toMatchObject({
        status_code: 2,
        error: 'The accounts changed since the check. Check again.',
      });
      const body = { UID: ids.grain, targetUID: ids.hay, BSs: grainBSs, targetBSs: hayBSs };
      for (const level of [2, 3])
        expect((await asStaffLevel(t, level, () => post('/admin/doAccountMerge', body))).statusCode).toBe(
          403,
        );
      expect((await asStaffLevel(t, 3, () => check('F1000001'))).statusCode).toBe(403);
      expect((await post('/admin/doAccountMerge', body, 'grain')).statusCode).toBe(403);
      expect(
        (await post('/admin/checkAccountMerge', { BS_ID: 'F2000001', target: 'F1000001' }, 'master'))
          .statusCode,
      ).toBe(403);
    });
  });

  it('changes nothing when it fails part-way (the merge record cannot be written)', async () => {
    const body = {
      UID: ids.grain,
      targetUID: ids.hay,
      BSs: await stationsOf(ids.grain!),
      targetBSs: await stationsOf(ids.hay!),
    };
    const before = await print();
    await sql`alter table account_merges rename to account_merges_off`.execute(t.store.db);
    try {
      const res = await post('/admin/doAccountMerge', body);
      expect(res.statusCode, res.body).toBe(500);
      await sql`alter table account_merges_off rename to account_merges`.execute(t.store.db);
      expect(await print()).toEqual(before);
    } finally {
      await sql`alter table if exists account_merges_off rename to account_merges`
        .execute(t.store.db)
        .catch(() => undefined);
    }
  });

  it('moves everything of grain to hay in one go: counts add up, nothing lost or duplicated, grain blocked, audit-trailed', async () => {
    const grainBSs = await stationsOf(ids.grain!);
    const hayBSs = await stationsOf(ids.hay!);
    const checked = (await check('hay@demo.emberwatch')).json<CheckAccountMergeResponse>();
    const owned = [
      'base_stations',
      'storages',
      'storage_probes',
      'sites',
      'monitors',
      'monitor_rule_state',
      'alert_log',
      'batches',
      'delivery_alerts',
      'fan_controllers',
    ];
    const before: Record<string, { hay: number; grain: number }> = {};
    for (const table of owned)
      before[table] = {
        hay: await count(table, 'owner_user_id', ids.hay!),
        grain: await count(table, 'owner_user_id', ids.grain!),
      };
    const grainMonitors = before.monitors!.grain;
    expect(grainMonitors).toBeGreaterThan(0);
    expect(before.monitors!.hay).toBeGreaterThan(0);
    const printBefore = await print();

    const res = await post('/admin/doAccountMerge', {
      UID: ids.grain,
      targetUID: ids.hay,
      BSs: grainBSs,
      targetBSs: hayBSs,
    });
    expect(res.statusCode, res.body).toBe(200);
    const done = res.json<DoAccountMergeResponse>();
    expect(done.UID).toBe(ids.hay);
    expect(done.BSs).toEqual([...hayBSs, ...grainBSs].sort());
    expect(done.moved).toEqual(checked.moves);

    for (const table of owned) {
      expect(await count(table, 'owner_user_id', ids.grain!), table).toBe(0);
      expect(await count(table, 'owner_user_id', ids.hay!), table).toBe(
        before[table]!.hay + before[table]!.grain,
      );
    }
    // No row added or lost anywhere but the merge's record; readings, probes and roll-ups untouched.
    const printAfter = await print();
    for (const [table, p] of Object.entries(printBefore))
      expect(printAfter[table]!.rows, table).toBe(p.rows + (table === 'account_merges' ? 1 : 0));
    for (const table of ['readings', 'readings_packed', 'probes', 'probe_latest', 'probe_daily'])
      expect(printAfter[table], table).toEqual(printBefore[table]);
    // The monitors' numbers stay unique in hay and every storage's and rule state's monitor exists.
    const monitors = await t.store.db
      .selectFrom('monitors')
      .select('item_id')
      .where('owner_user_id', '=', ids.hay!)
      .execute();
    const numbers = new Set(monitors.map((m) => m.item_id));
    expect(numbers.size).toBe(monitors.length);
    const storages = await t.store.db
      .selectFrom('storages')
      .select('monitor_id')
      .where('owner_user_id', '=', ids.hay!)
      .execute();
    for (const s of storages) if (s.monitor_id !== null) expect(numbers.has(s.monitor_id)).toBe(true);
    const states = await t.store.db
      .selectFrom('monitor_rule_state')
      .select('monitor_id')
      .where('owner_user_id', '=', ids.hay!)
      .execute();
    for (const s of states) expect(numbers.has(s.monitor_id)).toBe(true);
    const defaults = await t.store.db
      .selectFrom('monitors')
      .select('item_id')
      .where('owner_user_id', '=', ids.hay!)
      .where('default_monitor', '=', 1)
      .execute();
    expect(defaults.length).toBeLessThanOrEqual(1);

    // Hay works the stations now; grain cannot log in to its empty shell.
    expect((await get('/client/bsConf?basestationID=F2000001', 'hay')).statusCode).toBe(200);
    const login = await t.app.inject({
      method: 'POST',
      url: '/admin/login',
      payload: { username: 'grain@demo.emberwatch', password: 'demo' },
    });
    expect(login.statusCode).toBeGreaterThanOrEqual(400);
    expect((await t.findUser('grain@demo.emberwatch'))!.blocked).toBe(1);
    const record = await sql<{
      source_user_id: number;
      target_user_id: number;
      admin: string;
      counts: string;
    }>`select * from account_merges`.execute(t.store.db);
    expect(record.rows).toHaveLength(1);
    expect(record.rows[0]).toMatchObject({
      source_user_id: ids.grain,
      target_user_id: ids.hay,
      admin: 'admin@demo.emberwatch',
    });
    expect(JSON.parse(record.rows[0]!.counts)).toEqual(checked.moves);

    // The audit trail: who merged whom, with the before and after.
    const log = (await get('/admin/auditLog?limit=1')).json<AuditLogResponse>();
    expect(log.entries[0]).toMatchObject({ kind: 'write', path: '/admin/doAccountMerge', status: 200 });
    expect(log.entries[0]!.changes[0]!.subject).toBe(
      'account grain@demo.emberwatch merged into hay@demo.emberwatch',
    );

    // One-way: grain has nothing left to merge.
    expect((await check('hay@demo.emberwatch', 'F2000001')).statusCode).toBe(409);
  });
});

describe(`a station replacement keeps its probes’ history on ${TEST_ENGINE}`, { timeout: 60_000 }, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await sendReadings(t, 'F1000003');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('every probe keeps each of its readings, raw and packed, under the new station', async () => {
    const perProbe = async () => {
      const raw = await sql<{ sensor_id: string; n: number; first: number; last: number }>`
        select sensor_id, count(*) as n, min(meas_ts) as first, max(meas_ts) as last from readings
        where sensor_id in (select sensor_id from probes where bs_id in ('F1000003', 'F1900001'))
        group by sensor_id order by sensor_id`.execute(t.store.db);
      const packed = await sql<{ sensor_id: string; n: number }>`
        select sensor_id, sum(n) as n from readings_packed
        where sensor_id in (select sensor_id from probes where bs_id in ('F1000003', 'F1900001'))
        group by sensor_id order by sensor_id`.execute(t.store.db);
      return {
        raw: raw.rows.map((r) => ({ ...r, n: Number(r.n), first: Number(r.first), last: Number(r.last) })),
        packed: packed.rows.map((r) => ({ ...r, n: Number(r.n) })),
      };
    };
    const before = await perProbe();
    expect(before.raw.length).toBeGreaterThan(0);
    const hay = (await t.findUser('hay@demo.emberwatch'))!;
    const token = await t.login('admin@demo.emberwatch');
    const res = await t.app.inject({
      method: 'POST',
      url: '/admin/replaceBasestation',
      payload: { old_bs: 'F1000003', new_bs: 'F1900001', UID: hay.id },
      headers: bearer(token),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await perProbe()).toEqual(before);
    const onNew = await t.store.db
      .selectFrom('probes')
      .select('sensor_id')
      .where('bs_id', '=', 'F1900001')
      .orderBy('sensor_id')
      .execute();
    expect(onNew.map((p) => p.sensor_id)).toEqual(before.raw.map((r) => r.sensor_id));
  });
});
