import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserInfoResponse } from '@emberwatch/shared/contracts/users';
import { api } from './support/probeHelpers.js';
import { createTestApp, TEST_ENGINE, type TestApp } from './support/testApp.js';

/** Spec doc 1 §7 authorizeMasterUsers; decision 0044. */
describe(`master access requests on ${TEST_ENGINE}`, () => {
  let t: TestApp;
  let call: ReturnType<typeof api>;
  let compostId: number;

  beforeAll(async () => {
    t = await createTestApp();
    const tokens: Record<string, string> = {};
    for (const u of ['compost', 'grain', 'master', 'hay-helper', 'admin'])
      tokens[u] = await t.login(`${u}@demo.emberwatch`);
    call = api(t, tokens);
    compostId = (await t.findUser('compost@demo.emberwatch'))!.id;
  });
  afterAll(async () => {
    await t.close();
  });

  const requests = async () =>
    (await call.get('compost', '/client/userInfo')).json<UserInfoResponse>().userinfo.masterAuthorizations;
  const authorize = (who: string, body: object) => call.post(who, '/client/authorizeMasterUsers', body);

  it("lists the demo advisor's pending request on the compost farm, by its name", async () => {
    const pending = await requests();
    expect(pending).toEqual([
      {
        UID: expect.any(Number) as number,
        id: expect.any(Number) as number,
        authorized: false,
        name: 'Advisor',
      },
    ]);
    expect((await call.get('master', `/client/userInfo?UID=${compostId}`)).statusCode).toBe(403);
  });

  it('refuses everyone but the owner and admins, and unknown requests, changing nothing', async () => {
    const [request] = await requests();
    const cases: [string, object, number][] = [
      ['master', { UID: compostId, authMasters: [request!.id] }, 403],
      ['grain', { authMasters: [request!.id] }, 400],
      ['compost', { authMasters: [] }, 400],
      ['compost', { authMasters: [request!.id, 999_999] }, 400],
      ['compost', { authMasters: ['x'] }, 400],
    ];
    for (const [who, body, status] of cases) {
      const res = await authorize(who, body);
      expect(res.statusCode, `${who} ${JSON.stringify(body)}: ${res.body}`).toBe(status);
    }
    // A farm hand of another farm acting on the compost farm is refused before anything else.
    expect((await authorize('hay-helper', { UID: compostId, authMasters: [request!.id] })).statusCode).toBe(
      403,
    );
    expect((await requests())[0]!.authorized).toBe(false);
  });

  it('refuses a sub-user of the farm itself: granting access is the owner’s', async () => {
    const hayHelperOwn = await call.get('hay-helper', '/client/userInfo');
    expect(hayHelperOwn.statusCode).toBe(200);
    const res = await authorize('hay-helper', { authMasters: [1] });
    expect(res.statusCode).toBe(403);
  });

  it('grants the request: the master then sees the farm', async () => {
    const [request] = await requests();
    const res = await authorize('compost', { authMasters: [request!.id] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status_code: 0 });
    expect((await requests())[0]!.authorized).toBe(true);
    expect((await call.get('master', `/client/userInfo?UID=${compostId}`)).statusCode).toBe(200);
    // Granting again changes nothing and is not an error.
    expect((await authorize('compost', { authMasters: [request!.id] })).statusCode).toBe(200);
  });

  it('lets an admin grant for the account', async () => {
    await t.store.db
      .updateTable('master_authorizations')
      .set({ authorized: 0 })
      .where('owner_user_id', '=', compostId)
      .execute();
    const [request] = await requests();
    const res = await authorize('admin', { UID: compostId, authMasters: [request!.id] });
    expect(res.statusCode, res.body).toBe(200);
    expect((await requests())[0]!.authorized).toBe(true);
  });
});
