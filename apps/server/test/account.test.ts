import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AccountInfoResponse,
  CheckUsernameResponse,
  SmsDataResponse,
  SubUserResponse,
} from '@emberwatch/shared/contracts/account';
import type { SessionInfo } from '@emberwatch/shared/contracts/session';
import { accountDb } from '../src/features/account/account.tables.js';
import { createTestApp, TEST_ENGINE, type TestApp } from './support/testApp.js';

const PASSWORD = 'ember-demo';

/** An inject-based client: tokens by name, logins with any password. */
function client(t: TestApp) {
  const tokens: Record<string, string> = {};
  const headers = (who: string) => ({ authorization: `Bearer ${tokens[who] ?? 'none'}` });
  return {
    tokens,
    async login(username: string, password = PASSWORD) {
      return t.app.inject({ method: 'POST', url: '/admin/login', payload: { username, password } });
    },
    async as(who: string, username: string, password = PASSWORD) {
      const res = await this.login(username, password);
      expect(res.statusCode, res.body).toBe(200);
      tokens[who] = res.json<{ accessToken: string }>().accessToken;
      return res;
    },
    get: (who: string, url: string) => t.app.inject({ method: 'GET', url, headers: headers(who) }),
    post: (who: string, url: string, payload: object) =>
      t.app.inject({ method: 'POST', url, headers: headers(who), payload }),
  };
}

type Client = ReturnType<typeof client>;

async function accountOf(c: Client, who: string, uid?: number) {
  const res = await c.get(who, `/client/accountInfo${uid ? `?UID=${uid}` : ''}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AccountInfoResponse>().account;
}

/** The newest code the stand-in sender recorded for a number, read as an admin would. */
async function lastCode(c: Client, to: string): Promise<string> {
  const res = await c.get('admin', `/admin/getSMSData?to=${encodeURIComponent(to)}&limit=1`);
  expect(res.statusCode, res.body).toBe(200);
  const text = res.json<SmsDataResponse>().results[0]?.text ?? '';
  return /\b(\d{4})\b/.exec(text)?.[1] ?? '';
}

const helper = (over: object = {}) => ({
  name: 'Seasonal Hand',
  mobilePhone: '+358 40 765 4321',
  email: 'hand@example.com',
  loginEnabled: false,
  ...over,
});

describe(`the account area on ${TEST_ENGINE}`, () => {
  let t: TestApp;
  let c: Client;
  let hayId: number;
  let grainId: number;

  beforeAll(async () => {
    t = await createTestApp();
    c = client(t);
    for (const u of ['hay', 'grain', 'admin', 'master', 'hay-helper']) await c.as(u, `${u}@demo.emberwatch`);
    hayId = (await t.findUser('hay@demo.emberwatch'))!.id;
    grainId = (await t.findUser('grain@demo.emberwatch'))!.id;
  });
  afterAll(async () => {
    await t.close();
  });

  describe('the account view', () => {
    it('shows the owner its profile, its phone unconfirmed, its users and that one more may be added', async () => {
      const a = await accountOf(c, 'hay');
      expect(a).toMatchObject({
        U_ID: hayId,
        username: 'hay@demo.emberwatch',
        subUser: false,
        firstname: 'Hillside',
        lastname: 'Hay Farm',
        phones: [{ phoneNumber: '+12025550101', index: 0, confirmed: false }],
        subUserCount: 2,
        mayEdit: true,
        mayAddSubUser: true,
        demo: false,
      });
      expect(a.subUsers).toEqual([
        expect.objectContaining({
          name: 'Farm Helper',
          username: 'hay-helper@demo.emberwatch',
          loginEnabled: true,
        }),
      ]);
      expect(JSON.stringify(a)).not.toMatch(/argon2|password/);
    });

    it('shows a sub-user the account it works in, its own login, and nothing to change', async () => {
      const a = await accountOf(c, 'hay-helper');
      expect(a).toMatchObject({
        U_ID: hayId,
        username: 'hay-helper@demo.emberwatch',
        subUser: true,
        mayEdit: false,
        mayAddSubUser: false,
      });
    });

    it('lets an authorised master look but not change; refuses another account', async () => {
      expect(await accountOf(c, 'master', hayId)).toMatchObject({ U_ID: hayId, mayEdit: false });
      expect((await c.get('grain', `/client/accountInfo?UID=${hayId}`)).statusCode).toBe(403);
    });

    it('gives a master its own page with the accounts it watches; others have none', async () => {
      const res = await c.get('master', '/client/getMasterUserInfo');
      expect(res.statusCode, res.body).toBe(200);
      const m = res.json<{ master: { username: string; accounts: { UID: number; authorized: boolean }[] } }>()
        .master;
      expect(m.username).toBe('master@demo.emberwatch');
      // The demo's advisor watches the hay and grain farms and waits for the compost farm's answer.
      const authorized = m.accounts.filter((a) => a.authorized).map((a) => a.UID);
      expect(authorized.sort()).toEqual([hayId, grainId].sort());
      expect(m.accounts.filter((a) => !a.authorized)).toHaveLength(1);
      expect((await c.get('hay', '/client/getMasterUserInfo')).statusCode).toBe(403);
    });
  });

  describe('profile fields (POST /client/userInfo)', () => {
    it('saves the fields sent and leaves the others', async () => {
      const res = await c.post('hay', '/client/userInfo', {
        address: 'Mäkitie 4',
        zip: '61800',
        city: 'Kauhajoki',
        country: 'FI',
      });
      expect(res.statusCode, res.body).toBe(200);
      const a = await accountOf(c, 'hay');
      expect(a).toMatchObject({
        address: 'Mäkitie 4',
        zip: '61800',
        city: 'Kauhajoki',
        country: 'fi',
        firstname: 'Hillside',
      });
      await c.post('hay', '/client/userInfo', { lastname: 'Hillside Hay Oy', zip: '' });
      expect(await accountOf(c, 'hay')).toMatchObject({
        lastname: 'Hillside Hay Oy',
        zip: null,
        city: 'Kauhajoki',
      });
    });

    it.each([
      ['an invalid e-mail', { email: 'farm@' }],
      ['an empty name', { firstname: ' ' }],
      ['a country that is no code', { country: 'Finland' }],
      ['an unknown field', { admin: 1 }],
      ['nothing at all', {}],
      ['a new phone without its code', { phone: '+358 40 111 2222' }],
    ])('refuses %s with a 400 and changes nothing', async (_name, body) => {
      const before = await accountOf(c, 'hay');
      const res = await c.post('hay', '/client/userInfo', body);
      expect(res.statusCode, res.body).toBe(400);
      expect(await accountOf(c, 'hay')).toEqual(before);
    });

    it("refuses a sub-user, a master and another account's owner; an admin may, phone too", async () => {
      const before = await accountOf(c, 'hay');
      expect((await c.post('hay-helper', '/client/userInfo', { city: 'X' })).statusCode).toBe(403);
      expect((await c.post('master', '/client/userInfo', { UID: hayId, city: 'X' })).statusCode).toBe(403);
      expect((await c.post('grain', '/client/userInfo', { UID: hayId, city: 'X' })).statusCode).toBe(403);
      expect(await accountOf(c, 'hay')).toEqual(before);
      const res = await c.post('admin', '/client/userInfo', { UID: hayId, phone: '+1 202 555 0177' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<AccountInfoResponse>().account).toMatchObject({
        phone: '+12025550177',
        phones: [{ phoneNumber: '+12025550177', index: 0, confirmed: false }],
      });
    });
  });

  describe('sub-users', () => {
    let handId: number;

    it('adds a sub-user with a login that really logs in, as a sub-user of the account', async () => {
      const res = await c.post('hay', '/client/addNewUser', {
        new_user: helper({ loginEnabled: true, username: 'seasonal-hand', password: 'bales' }),
      });
      expect(res.statusCode, res.body).toBe(200);
      const sub = res.json<SubUserResponse>().subUser;
      expect(sub).toMatchObject({
        name: 'Seasonal Hand',
        mobilePhone: '+358407654321',
        email: 'hand@example.com',
        loginEnabled: true,
        username: 'seasonal-hand',
      });
      handId = sub.U_ID;
      await c.as('hand', 'seasonal-hand', 'bales');
      const session = (await c.get('hand', '/client/getSessionInfo')).json<SessionInfo>();
      expect(session).toMatchObject({ UID: handId, subUser: true });
      // It sees the account's stations like the other helper does.
      const info = await c.get('hand', '/client/userInfo');
      expect(info.json<{ userinfo: { bs_BS_IDs: string[] } }>().userinfo.bs_BS_IDs).toContain('F1000001');
    });

    it('stops at subUserCount: the third user is refused and the account is unchanged', async () => {
      const a = await accountOf(c, 'hay');
      expect(a.subUsers).toHaveLength(2);
      expect(a.mayAddSubUser).toBe(false);
      const res = await c.post('hay', '/client/addNewUser', { new_user: helper({ name: 'Third' }) });
      expect(res.statusCode, res.body).toBe(403);
      expect((await accountOf(c, 'hay')).subUsers).toHaveLength(2);
    });

    it('refuses a taken username, in any case, and a sub-user adding users', async () => {
      const body = {
        new_user: helper({ loginEnabled: true, username: 'HAY@demo.emberwatch', password: 'abcde' }),
      };
      const res = await c.post('grain', '/client/addNewUser', body);
      expect(res.statusCode, res.body).toBe(409);
      expect((await c.post('hay-helper', '/client/addNewUser', { new_user: helper() })).statusCode).toBe(403);
      expect((await accountOf(c, 'grain')).subUsers).toHaveLength(0);
    });

    it.each([
      ['a phone of 7 digits', { mobilePhone: '123 4567' }],
      ['no name', { name: '' }],
      ['an invalid e-mail', { email: 'x@y' }],
      ['a username starting with _', { loginEnabled: true, username: '_hand', password: 'abcde' }],
      ['a password of 4', { loginEnabled: true, username: 'grain-hand', password: 'abcd' }],
      ['a login without a password', { loginEnabled: true, username: 'grain-hand' }],
    ])('refuses %s with a 400 and adds no one', async (_name, over) => {
      const res = await c.post('grain', '/client/addNewUser', { new_user: helper(over) });
      expect(res.statusCode, res.body).toBe(400);
      expect((await accountOf(c, 'grain')).subUsers).toHaveLength(0);
      expect(await t.findUser('grain-hand')).toBeUndefined();
    });

    it('refuses users to an account without the service or a premium plan', async () => {
      await t.store.db.updateTable('users').set({ plan_name: 'Free' }).where('id', '=', grainId).execute();
      try {
        expect((await accountOf(c, 'grain')).mayAddSubUser).toBe(false);
        expect((await c.post('grain', '/client/addNewUser', { new_user: helper() })).statusCode).toBe(403);
      } finally {
        await t.store.db
          .updateTable('users')
          .set({ plan_name: 'Grain Supervisor' })
          .where('id', '=', grainId)
          .execute();
      }
    });

    it("refuses to change or delete another account's sub-user, even naming that account", async () => {
      const edit = { subUserID: handId, user: helper({ name: 'Hijacked' }) };
      expect((await c.post('grain', '/client/minorUserInfo', edit)).statusCode).toBe(403);
      expect((await c.post('grain', '/client/minorUserInfo', { ...edit, UID: hayId })).statusCode).toBe(403);
      expect(
        (await c.post('grain', '/client/deleteSubUser', { mainUserID: grainId, subUserID: handId }))
          .statusCode,
      ).toBe(403);
      expect(
        (await c.post('grain', '/client/deleteSubUser', { mainUserID: hayId, subUserID: handId })).statusCode,
      ).toBe(403);
      expect(
        (await c.post('hay-helper', '/client/deleteSubUser', { mainUserID: hayId, subUserID: handId }))
          .statusCode,
      ).toBe(403);
      expect((await accountOf(c, 'hay')).subUsers.find((s) => s.U_ID === handId)?.name).toBe('Seasonal Hand');
    });

    it('keeps the username once login is enabled', async () => {
      const res = await c.post('hay', '/client/minorUserInfo', {
        subUserID: handId,
        user: helper({ loginEnabled: true, username: 'other-name' }),
      });
      expect(res.statusCode, res.body).toBe(400);
      const ok = await c.post('hay', '/client/minorUserInfo', {
        subUserID: handId,
        user: helper({ name: 'Seasonal Hand 2', loginEnabled: true, username: 'seasonal-hand' }),
      });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json<SubUserResponse>().subUser).toMatchObject({
        name: 'Seasonal Hand 2',
        username: 'seasonal-hand',
      });
      // No new password: the old one still logs in.
      expect((await c.login('seasonal-hand', 'bales')).statusCode).toBe(200);
    });

    it('disabling the login ends its sessions and its password; enabling needs a new password', async () => {
      const loginRes = await c.login('seasonal-hand', 'bales');
      const cookie = loginRes.cookies.find((k) => k.name === 'ew_refresh')?.value ?? '';
      const off = await c.post('hay', '/client/minorUserInfo', { subUserID: handId, user: helper() });
      expect(off.statusCode, off.body).toBe(200);
      expect(off.json<SubUserResponse>().subUser).toMatchObject({
        loginEnabled: false,
        username: 'seasonal-hand',
      });
      expect((await c.login('seasonal-hand', 'bales')).statusCode).toBe(401);
      const refresh = await t.app.inject({
        method: 'POST',
        url: '/admin/refreshToken',
        cookies: { ew_refresh: cookie },
      });
      expect(refresh.statusCode).toBe(401);

      const noPassword = await c.post('hay', '/client/minorUserInfo', {
        subUserID: handId,
        user: helper({ loginEnabled: true }),
      });
      expect(noPassword.statusCode, noPassword.body).toBe(400);
      const on = await c.post('hay', '/client/minorUserInfo', {
        subUserID: handId,
        user: helper({ loginEnabled: true, password: 'stacks' }),
      });
      expect(on.statusCode, on.body).toBe(200);
      await c.as('hand', 'seasonal-hand', 'stacks');
    });

    it('adds a user without a login, who cannot log in, then gives it one', async () => {
      // Make room: the hay farm has its two users.
      const del = await c.post('hay', '/client/deleteSubUser', { mainUserID: hayId, subUserID: handId });
      expect(del.statusCode, del.body).toBe(200);
      expect((await c.login('seasonal-hand', 'stacks')).statusCode).toBe(401);
      expect((await c.get('hand', '/client/accountInfo')).statusCode).toBe(401);

      const res = await c.post('hay', '/client/addNewUser', {
        new_user: helper({ name: 'Driver', email: '' }),
      });
      expect(res.statusCode, res.body).toBe(200);
      const sub = res.json<SubUserResponse>().subUser;
      expect(sub).toMatchObject({ loginEnabled: false, username: null, email: null });
      const row = await t.store.db
        .selectFrom('users')
        .selectAll()
        .where('id', '=', sub.U_ID)
        .executeTakeFirstOrThrow();
      expect((await c.login(row.username, 'anything')).statusCode).toBe(401);
      // The shell's user info never shows its placeholder either.
      const info = (await c.get('hay', '/client/userInfo')).json<{
        userinfo: { subUsers: { U_ID: number; username: string | null }[] };
      }>();
      expect(info.userinfo.subUsers.find((s) => s.U_ID === sub.U_ID)?.username).toBeNull();

      const on = await c.post('hay', '/client/minorUserInfo', {
        subUserID: sub.U_ID,
        user: helper({ name: 'Driver', loginEnabled: true, username: 'hay-driver', password: 'tractor' }),
      });
      expect(on.statusCode, on.body).toBe(200);
      await c.as('driver', 'hay-driver', 'tractor');
      handId = sub.U_ID;
    });

    it('checks a username for the owner: free, taken, or against the rule', async () => {
      const check = async (username: string) => {
        const res = await c.post('hay', '/admin/checkUsername', { username });
        expect(res.statusCode, res.body).toBe(200);
        return res.json<CheckUsernameResponse>();
      };
      expect(await check('new-hand')).toMatchObject({ nameCheck: true, problem: null });
      expect(await check('hay-driver')).toMatchObject({ nameCheck: false, problem: 'username_exists' });
      expect(await check('ab')).toMatchObject({ nameCheck: false, problem: 'username_too_short' });
      expect(await check('.hand')).toMatchObject({ nameCheck: false, problem: 'username_err' });
      expect((await c.post('grain', '/admin/checkUsername', { UID: hayId, username: 'x' })).statusCode).toBe(
        403,
      );
      expect((await c.post('hay-helper', '/admin/checkUsername', { username: 'xyz' })).statusCode).toBe(403);
    });
  });

  describe('change password (spec doc 2 §5, §8)', () => {
    it('answers 1003 for a wrong old password, 1001 for a missing one, 400 for a short new one; changes nothing', async () => {
      const wrong = await c.post('driver', '/client/changeUserPassword', {
        oldPassword: 'x',
        newPassword: 'abcdef',
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({ status_code: 1003 });
      const missing = await c.post('driver', '/client/changeUserPassword', { newPassword: 'abcdef' });
      expect(missing.json()).toMatchObject({ status_code: 1001 });
      const short = await c.post('driver', '/client/changeUserPassword', {
        oldPassword: 'tractor',
        newPassword: 'abcd',
      });
      expect(short.statusCode).toBe(400);
      expect((await c.login('hay-driver', 'tractor')).statusCode).toBe(200);
    });

    it('changes it with the right old password', async () => {
      const res = await c.post('driver', '/client/changeUserPassword', {
        oldPassword: 'tractor',
        newPassword: 'harvester',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect((await c.login('hay-driver', 'tractor')).statusCode).toBe(401);
      await c.as('driver', 'hay-driver', 'harvester');
    });

    it('pauses after five wrong old passwords (1009, Retry-After) without checking', async () => {
      for (let i = 0; i < 5; i++) {
        const res = await c.post('driver', '/client/changeUserPassword', {
          oldPassword: `w${i}`,
          newPassword: 'abcdef',
        });
        expect(res.json()).toMatchObject({ status_code: 1003 });
      }
      const res = await c.post('driver', '/client/changeUserPassword', {
        oldPassword: 'harvester',
        newPassword: 'abcdef',
      });
      expect(res.statusCode).toBe(429);
      expect(res.json()).toMatchObject({ status_code: 1009 });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect((await c.login('hay-driver', 'harvester')).statusCode).toBe(200);
    });

    it("lets an admin set a customer's password with UID and username, and ends its sessions", async () => {
      const driver = (await t.findUser('hay-driver'))!;
      const mismatch = await c.post('admin', '/client/changeUserPassword', {
        UID: driver.id,
        username: 'hay@demo.emberwatch',
        newPassword: 'combine',
      });
      expect(mismatch.statusCode).toBe(400);
      expect(
        (
          await c.post('hay', '/client/changeUserPassword', {
            UID: driver.id,
            username: 'hay-driver',
            newPassword: 'combine',
          })
        ).statusCode,
      ).toBe(403);
      const loginRes = await c.login('hay-driver', 'harvester');
      const cookie = loginRes.cookies.find((k) => k.name === 'ew_refresh')?.value ?? '';
      const ok = await c.post('admin', '/client/changeUserPassword', {
        UID: driver.id,
        username: 'hay-driver',
        newPassword: 'combine',
      });
      expect(ok.statusCode, ok.body).toBe(200);
      expect((await c.login('hay-driver', 'combine')).statusCode).toBe(200);
      const refresh = await t.app.inject({
        method: 'POST',
        url: '/admin/refreshToken',
        cookies: { ew_refresh: cookie },
      });
      expect(refresh.statusCode).toBe(401);
    });

    it('is disabled in demo mode', async () => {
      const driver = (await t.findUser('hay-driver'))!;
      await t.store.db.updateTable('users').set({ demo: 1 }).where('id', '=', driver.id).execute();
      const res = await c.post('driver', '/client/changeUserPassword', {
        oldPassword: 'combine',
        newPassword: 'abcdef',
      });
      expect(res.statusCode).toBe(403);
      await t.store.db.updateTable('users').set({ demo: 0 }).where('id', '=', driver.id).execute();
    });
  });

  describe('the phone, confirmed by a 4-digit code', () => {
    const NEW = '+358 40 555 0142';
    const STORED = '+358405550142';

    it('sends a code and keeps the old number until the code comes back', async () => {
      const res = await c.post('grain', '/client/changeUserPhone', {
        oldPhone: '+12025550102',
        newPhone: NEW,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ phone: STORED, resent: false });
      const a = await accountOf(c, 'grain');
      expect(a).toMatchObject({ phone: '+12025550102', pendingPhone: STORED });
      expect(await lastCode(c, STORED)).toMatch(/^\d{4}$/);
    });

    it('paces sending again (429 with Retry-After), except for admins', async () => {
      const again = await c.post('grain', '/client/changeUserPhone', { newPhone: NEW });
      expect(again.statusCode).toBe(429);
      expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);
      const admin = await c.post('admin', '/client/changeUserPhone', { UID: grainId, newPhone: NEW });
      expect(admin.statusCode, admin.body).toBe(200);
      expect(admin.json()).toMatchObject({ resent: true });
    });

    it('refuses another account, a master, a sub-user; shows the codes only to admins', async () => {
      expect(
        (await c.post('hay', '/client/changeUserPhone', { UID: grainId, newPhone: NEW })).statusCode,
      ).toBe(403);
      expect((await c.post('master', '/client/changeUserPhone', { newPhone: NEW })).statusCode).toBe(403);
      expect((await c.post('hay-helper', '/client/changeUserPhone', { newPhone: NEW })).statusCode).toBe(403);
      expect((await c.post('hay', '/admin/confirmMobile', { UID: grainId, code: '1234' })).statusCode).toBe(
        403,
      );
      expect((await c.get('grain', '/admin/getSMSData')).statusCode).toBe(403);
      expect((await c.post('grain', '/client/changeUserPhone', { newPhone: '1234' })).statusCode).toBe(400);
    });

    it('answers status 2 for a wrong code and changes nothing', async () => {
      const code = await lastCode(c, STORED);
      const wrong = code === '0000' ? '0001' : '0000';
      const res = await c.post('grain', '/admin/confirmMobile', { code: wrong });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ status_code: 2 });
      expect((await c.post('grain', '/admin/confirmMobile', { code: '12' })).statusCode).toBe(400);
      expect(await accountOf(c, 'grain')).toMatchObject({ phone: '+12025550102' });
    });

    it('confirms the number with the right code, once; then it is "confirmed" (13)', async () => {
      const code = await lastCode(c, STORED);
      const res = await c.post('grain', '/admin/confirmMobile', { code });
      expect(res.statusCode, res.body).toBe(200);
      expect(await accountOf(c, 'grain')).toMatchObject({
        phone: STORED,
        pendingPhone: null,
        phones: [{ phoneNumber: STORED, index: 0, confirmed: true }],
      });
      const again = await c.post('grain', '/admin/confirmMobile', { code });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ status_code: 13 });
      const same = await c.post('admin', '/client/changeUserPhone', { UID: grainId, newPhone: NEW });
      expect(same.json()).toMatchObject({ status_code: 13, error: 'This phone number has been confirmed' });
    });

    it("lets an admin confirm a customer's code by username", async () => {
      const res = await c.post('admin', '/client/changeUserPhone', {
        UID: hayId,
        newPhone: '+358 40 555 0199',
      });
      expect(res.statusCode, res.body).toBe(200);
      const code = await lastCode(c, '+358405550199');
      const ok = await c.post('admin', '/admin/confirmMobile', { username: 'hay@demo.emberwatch', code });
      expect(ok.statusCode, ok.body).toBe(200);
      expect((await accountOf(c, 'hay')).phones[0]).toEqual({
        phoneNumber: '+358405550199',
        index: 0,
        confirmed: true,
      });
    });
  });
});

describe(`phone codes over time on ${TEST_ENGINE}`, () => {
  let t: TestApp;
  let c: Client;
  let clock = Math.floor(Date.now() / 1000);

  beforeAll(async () => {
    t = await createTestApp({ nowS: () => clock });
    c = client(t);
    for (const u of ['hay', 'admin']) await c.as(u, `${u}@demo.emberwatch`);
  });
  afterAll(async () => {
    await t.close();
  });

  it('expires a code after ten minutes', async () => {
    expect(
      (await c.post('hay', '/client/changeUserPhone', { newPhone: '+358 40 555 0111' })).statusCode,
    ).toBe(200);
    const code = await lastCode(c, '+358405550111');
    clock += 601;
    const res = await c.post('hay', '/admin/confirmMobile', { code });
    expect(res.json()).toMatchObject({ status_code: 2 });
    expect((await accountOf(c, 'hay')).phone).toBe('+12025550101');
    // The recorded text outlives the code neither for admins nor in the store.
    const shown = await c.get('admin', `/admin/getSMSData?to=${encodeURIComponent('+358405550111')}`);
    expect(shown.json<SmsDataResponse>().results).toEqual([]);
    const stored = () =>
      accountDb(t.store.db)
        .selectFrom('account_code_outbox')
        .select('id')
        .where('recipient', '=', '+358405550111')
        .execute();
    expect(await stored()).toHaveLength(1);
    const job = t.features
      .find((f) => f.name === 'account')!
      .jobs!.find((j) => j.name === 'account.forgetSentCodes')!;
    await job.run();
    expect(await stored()).toEqual([]);
  });

  it('voids a code after five wrong tries, even the right one after them', async () => {
    clock += 31;
    expect(
      (await c.post('hay', '/client/changeUserPhone', { newPhone: '+358 40 555 0112' })).statusCode,
    ).toBe(200);
    const code = await lastCode(c, '+358405550112');
    const wrong = code === '0000' ? '0001' : '0000';
    for (let i = 0; i < 5; i++)
      expect((await c.post('hay', '/admin/confirmMobile', { code: wrong })).json()).toMatchObject({
        status_code: 2,
      });
    expect((await c.post('hay', '/admin/confirmMobile', { code })).json()).toMatchObject({ status_code: 2 });
    expect((await accountOf(c, 'hay')).phone).toBe('+12025550101');
  });

  it('sends again after 30 s, a new code that replaces the old one', async () => {
    clock += 31;
    expect(
      (await c.post('hay', '/client/changeUserPhone', { newPhone: '+358 40 555 0113' })).statusCode,
    ).toBe(200);
    const first = await lastCode(c, '+358405550113');
    clock += 31;
    const again = await c.post('hay', '/client/changeUserPhone', { newPhone: '+358 40 555 0113' });
    expect(again.json()).toMatchObject({ status_code: 0, resent: true });
    const second = await lastCode(c, '+358405550113');
    if (first !== second)
      expect((await c.post('hay', '/admin/confirmMobile', { code: first })).json()).toMatchObject({
        status_code: 2,
      });
    expect((await c.post('hay', '/admin/confirmMobile', { code: second })).statusCode).toBe(200);
  });
});
