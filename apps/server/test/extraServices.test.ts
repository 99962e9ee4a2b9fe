import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GetServicesResponse, SaveExtraServicesResponse } from '@emberwatch/shared/contracts/services';
import { api } from './support/probeHelpers.js';
import { createTestApp, TEST_ENGINE, type TestApp } from './support/testApp.js';

/**
 * POST /client/saveExtraServices (spec doc 1 §7 Users; decision 0108): the owner orders extra
 * services, staff see the orders in getServices and serve them with registerService.
 */
describe(`ordering extra services on ${TEST_ENGINE}`, () => {
  let t: TestApp;
  let call: ReturnType<typeof api>;
  let hayId: number;

  beforeAll(async () => {
    t = await createTestApp();
    const tokens: Record<string, string> = {};
    for (const u of ['hay', 'hay-helper', 'grain', 'master', 'admin'])
      tokens[u] = await t.login(`${u}@demo.emberwatch`);
    call = api(t, tokens);
    hayId = (await t.findUser('hay@demo.emberwatch'))!.id;
    // The master may look at the hay farm as a grand master: ordering is still not its.
    await t.store.db
      .updateTable('users')
      .set({ grand_master: 1 })
      .where('username', '=', 'master@demo.emberwatch')
      .execute();
  });
  afterAll(async () => {
    await t.close();
  });

  const order = (who: string, body: object) => call.post(who, '/client/saveExtraServices', body);
  const requests = async () =>
    (await call.get('admin', `/admin/getServices?UID=${hayId}`)).json<GetServicesResponse>().requests;
  const allowance = async () => (await t.findUser('hay@demo.emberwatch'))!.sub_user_count;

  it.each([
    ['a sub-user', 'hay-helper', 403],
    ['a grand master', 'master', 403],
    ['another account', 'grain', 403],
  ])('refuses %s (%i) and stores nothing', async (_, who, status) => {
    const res = await order(who, { UID: hayId, services: [{ kind: 'subUsers', value: 5 }] });
    expect(res.statusCode, res.body).toBe(status);
    expect(await requests()).toEqual([]);
  });

  it.each([
    [{ services: [{ kind: 'subUsers', value: 99 }] }],
    [{ services: [{ kind: 'limitedData', value: 0 }] }],
    [{ services: [] }],
    [
      {
        services: [
          { kind: 'storages', value: 1 },
          { kind: 'storages', value: 1 },
        ],
      },
    ],
  ])('refuses a bad order (400) and stores nothing: %j', async (body) => {
    expect((await order('hay', body)).statusCode).toBe(400);
    expect(await requests()).toEqual([]);
  });

  it('stores the owner’s order without changing the account; staff see it and serving it closes it', async () => {
    const before = await allowance();
    const res = await order('hay', {
      services: [
        { kind: 'subUsers', value: 6 },
        { kind: 'storages', value: 1 },
      ],
      note: 'Two more hands for the harvest',
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<SaveExtraServicesResponse>();
    expect(body.requests.map((r) => [r.kind, r.value, r.note])).toEqual([
      ['storages', 1, 'Two more hands for the harvest'],
      ['subUsers', 6, 'Two more hands for the harvest'],
    ]);
    expect(body.current.subUsers).toBe(before);
    expect(await allowance()).toBe(before);
    expect((await requests()).map((r) => r.kind)).toEqual(['storages', 'subUsers']);

    // Ordering again replaces the order of that kind; null withdraws one.
    await order('hay', {
      services: [
        { kind: 'subUsers', value: 8 },
        { kind: 'storages', value: null },
      ],
    });
    expect((await requests()).map((r) => [r.kind, r.value])).toEqual([['subUsers', 8]]);

    const registered = await call.post('admin', '/admin/registerService', {
      UID: hayId,
      kind: 'subUsers',
      value: 8,
    });
    expect(registered.statusCode, registered.body).toBe(200);
    expect(await allowance()).toBe(8);
    expect(await requests()).toEqual([]);
  });
});
