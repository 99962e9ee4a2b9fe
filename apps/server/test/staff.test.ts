import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditLogResponse } from '@emberwatch/shared/contracts/audit';
import type { SessionInfo } from '@emberwatch/shared/contracts/session';
import type { AdminUsersResponse, StaffChangeResponse } from '@emberwatch/shared/contracts/staff';
import { bearer, createTestApp, TEST_ENGINE, type TestApp } from './support/testApp.js';
import { DEMO_PASSWORD } from '../src/features/demo/demoAccounts.js';
import { deliveryDb } from '../src/features/delivery/delivery.tables.js';

/**
 * Issue 31 items 1 (loginAdmin) and 2 (the staff), decision 0099: the staff list, a member's level,
 * adding and removing staff by the shared rules (a refusal changes nothing), rights lost at once when
 * a member is lowered or removed, and the customer's session a staff member opens: the customer's
 * rights only, every call in the trail as the member's for the customer, ended by End (the member's own
 * session back) or by logout.
 */
describe(`the staff and the customer's session on ${TEST_ENGINE}`, { timeout: 60_000 }, () => {
  let t: TestApp;
  const ids: Record<string, number> = {};

  /** A login with its session cookie, as a browser holds them. */
  interface Browser {
    token: string;
    cookies: Record<string, string>;
  }

  function cookiesOf(res: { cookies: { name: string; value: string }[] }, into: Record<string, string> = {}) {
    for (const c of res.cookies) {
      if (c.value === '') delete into[c.name];
      else into[c.name] = c.value;
    }
    return into;
  }
  const cookieHeader = (c: Record<string, string>) =>
    Object.entries(c)
      .map(([k, v]) => `${k}=${v}`)
      .join('; ');

  async function browserOf(name: string): Promise<Browser> {
    const res = await t.app.inject({
      method: 'POST',
      url: '/admin/login',
      payload: { username: `${name}@demo.emberwatch`, password: DEMO_PASSWORD },
    });
    expect(res.statusCode, res.body).toBe(200);
    return { token: res.json<{ accessToken: string }>().accessToken, cookies: cookiesOf(res) };
  }
  const get = (token: string, url: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
  const post = (token: string, url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, payload, headers: bearer(token) });
  const staffRows = () =>
    t.store.db
      .selectFrom('users')
      .select(['id', 'username', 'admin', 'admin_group'])
      .where('admin', '=', 1)
      .orderBy('id')
      .execute();
  const levelOf = async (name: string) =>
    await t.store.db
      .selectFrom('users')
      .select(['admin', 'admin_group'])
      .where('id', '=', ids[name]!)
      .executeTakeFirstOrThrow();

  let root: Browser;

  beforeAll(async () => {
    t = await createTestApp();
    // Accounts made like the demo's users; the demo admin is the one Root.
    const { id: _id, ...row } = (await t.findUser('hay-helper@demo.emberwatch'))!;
    for (const [name, group] of [
      ['s-admin', 1],
      ['s-tech', 2],
      ['s-sales', 3],
      ['s-plain', null],
      ['s-plain2', null],
    ] as const) {
      await t.store.db
        .insertInto('users')
        .values({
          ...row,
          username: `${name}@demo.emberwatch`,
          main_user_id: null,
          admin: group === null ? 0 : 1,
          admin_group: group,
        })
        .execute();
    }
    for (const name of ['admin', 'hay', 'hay-helper', 's-admin', 's-tech', 's-sales', 's-plain', 's-plain2'])
      ids[name] = (await t.findUser(`${name}@demo.emberwatch`))!.id;
    root = await browserOf('admin');
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('the staff list and its changes', () => {
    it('lists the staff with their levels to every level, and to nobody else', async () => {
      const res = await get(root.token, '/admin/adminUsers');
      expect(res.statusCode, res.body).toBe(200);
      const users = res.json<AdminUsersResponse>().users;
      expect(users.map((u) => [u.username, u.admin_group])).toEqual([
        ['admin@demo.emberwatch', 0],
        ['s-admin@demo.emberwatch', 1],
        ['s-tech@demo.emberwatch', 2],
        ['s-sales@demo.emberwatch', 3],
      ]);
      expect((await get((await browserOf('s-sales')).token, '/admin/adminUsers')).statusCode).toBe(200);
      const hay = await get((await browserOf('hay')).token, '/admin/adminUsers');
      expect(hay.statusCode).toBe(403);
      expect(hay.json()).toEqual({ status_code: 403, error: 'Only admins see the staff.' });
    });

    it('refuses each rule with its text and changes nothing', async () => {
      const admin = await browserOf('s-admin');
      const tech = await browserOf('s-tech');
      const before = await staffRows();
      const cases: [Browser, string, object, number, string][] = [
        [
          tech,
          '/admin/setAdminUserGroup',
          { UID: ids['s-sales']!, admin_group: 2 },
          403,
          'Only Root and Admin staff manage the staff.',
        ],
        [
          admin,
          '/admin/setAdminUserGroup',
          { UID: ids['s-tech']!, admin_group: 1 },
          403,
          'An Admin can give only the Tech or Sales level.',
        ],
        [
          admin,
          '/admin/setAdminUserGroup',
          { UID: ids['s-admin']!, admin_group: 0 },
          403,
          'You cannot raise your own staff level.',
        ],
        [
          admin,
          '/admin/removeAdminUser',
          { UID: ids.admin! },
          403,
          'An Admin manages only Tech and Sales staff.',
        ],
        [
          admin,
          '/admin/addAdminUser',
          { kind: 'existing', username: 's-plain@demo.emberwatch', admin_group: 0 },
          403,
          'An Admin can give only the Tech or Sales level.',
        ],
        [
          root,
          '/admin/removeAdminUser',
          { UID: ids.admin! },
          403,
          'The last Root cannot be removed or lowered.',
        ],
        [
          root,
          '/admin/setAdminUserGroup',
          { UID: ids.admin!, admin_group: 1 },
          403,
          'The last Root cannot be removed or lowered.',
        ],
        [root, '/admin/setAdminUserGroup', { UID: ids.hay!, admin_group: 2 }, 404, 'That user is not staff.'],
        [
          root,
          '/admin/setAdminUserGroup',
          { UID: ids['s-tech']!, admin_group: 4 },
          400,
          'admin_group: admin_group must be 0 (Root), 1 (Admin), 2 (Tech) or 3 (Sales).',
        ],
        [
          root,
          '/admin/addAdminUser',
          { kind: 'existing', username: 'nobody@demo.emberwatch', admin_group: 3 },
          404,
          'No account has that username.',
        ],
        [
          root,
          '/admin/addAdminUser',
          { kind: 'existing', username: 's-tech@demo.emberwatch', admin_group: 3 },
          409,
          'That account is staff already.',
        ],
        [
          root,
          '/admin/addAdminUser',
          { kind: 'existing', username: 'hay-helper@demo.emberwatch', admin_group: 3 },
          409,
          'A sub-user cannot be made staff: it works in another account.',
        ],
        [
          root,
          '/admin/addAdminUser',
          { kind: 'new', username: 'hay@demo.emberwatch', email: 'x@example.com', admin_group: 3 },
          409,
          'That username is taken.',
        ],
        [
          root,
          '/admin/addAdminUser',
          { kind: 'new', username: 'fresh-staff', email: 'not-an-address', admin_group: 3 },
          400,
          'email: A new staff account needs a valid e-mail address.',
        ],
      ];
      const wrong: string[] = [];
      for (const [who, url, body, status, error] of cases) {
        const res = await post(who.token, url, body);
        const got = res.json<{ error?: string }>();
        if (res.statusCode !== status || got.error !== error)
          wrong.push(`${url} ${JSON.stringify(body)}: ${res.statusCode} ${res.body}`);
      }
      expect(wrong).toEqual([]);
      expect(await staffRows()).toEqual(before);
    });

    it('lets Root and Admin make the changes the rules allow', async () => {
      const admin = await browserOf('s-admin');
      const added = await post(admin.token, '/admin/addAdminUser', {
        kind: 'existing',
        username: 's-plain@demo.emberwatch',
        admin_group: 3,
      });
      expect(added.statusCode, added.body).toBe(200);
      expect(added.json<StaffChangeResponse>().user).toMatchObject({ UID: ids['s-plain'], admin_group: 3 });
      const moved = await post(admin.token, '/admin/setAdminUserGroup', {
        UID: ids['s-plain']!,
        admin_group: 2,
      });
      expect(moved.statusCode, moved.body).toBe(200);
      expect(await levelOf('s-plain')).toEqual({ admin: 1, admin_group: 2 });
      // Root makes a second Root, who may then lower the first: there is a Root left.
      expect(
        (await post(root.token, '/admin/setAdminUserGroup', { UID: ids['s-plain']!, admin_group: 0 }))
          .statusCode,
      ).toBe(200);
      const second = await browserOf('s-plain');
      expect(
        (await post(second.token, '/admin/setAdminUserGroup', { UID: ids['s-plain']!, admin_group: 2 }))
          .statusCode,
      ).toBe(200);
      expect(await levelOf('s-plain')).toEqual({ admin: 1, admin_group: 2 });
      // The changes are in the trail, with the member before and after.
      const trail = await get(root.token, '/admin/auditLog?call=setAdminUserGroup&limit=1');
      const [entry] = trail.json<AuditLogResponse>().entries;
      expect(entry).toMatchObject({ staff: { id: ids['s-plain'] }, customer: { uid: ids['s-plain'] } });
      expect(entry!.changes[0]).toMatchObject({ before: { admin_group: 0 }, after: { admin_group: 2 } });
    });

    it('takes a lowered member’s rights at once, and ends a removed member’s sessions', async () => {
      const member = await browserOf('s-plain');
      expect((await get(member.token, `/admin/loginAdmin?UID=${ids['s-plain2']!}`)).statusCode).toBe(200);
      expect(
        (await post(root.token, '/admin/setAdminUserGroup', { UID: ids['s-plain']!, admin_group: 3 }))
          .statusCode,
      ).toBe(200);
      // The same token: Sales may not open a customer's session.
      const refused = await get(member.token, `/admin/loginAdmin?UID=${ids['s-plain2']!}`);
      expect(refused.statusCode).toBe(403);
      expect(refused.json<{ error: string }>().error).toBe(
        'Only Root, Admin and Tech staff open a customer’s session.',
      );
      const removed = await post(root.token, '/admin/removeAdminUser', { UID: ids['s-plain']! });
      expect(removed.statusCode, removed.body).toBe(200);
      expect(await levelOf('s-plain')).toEqual({ admin: 0, admin_group: null });
      expect((await get(member.token, '/admin/adminUsers')).statusCode).toBe(403);
      const refresh = await t.app.inject({
        method: 'POST',
        url: '/admin/refreshToken',
        headers: { cookie: cookieHeader(member.cookies) },
      });
      expect(refresh.statusCode).toBe(401);
    });

    it('makes a new staff account and mails its first login through the outbox', async () => {
      const res = await post(root.token, '/admin/addAdminUser', {
        kind: 'new',
        username: 'new-tech',
        email: 'new.tech@example.com',
        firstname: 'Nina',
        admin_group: 2,
      });
      expect(res.statusCode, res.body).toBe(200);
      const user = res.json<StaffChangeResponse>().user!;
      expect(user).toMatchObject({ username: 'new-tech', name: 'Nina', admin_group: 2 });
      const mail = await deliveryDb(t.store.db)
        .selectFrom('delivery_messages')
        .select(['channel', 'address', 'body'])
        .where('recipient_user_id', '=', user.UID)
        .execute();
      expect(mail).toHaveLength(1);
      expect(mail[0]).toMatchObject({ channel: 'email', address: 'new.tech@example.com' });
      expect(mail[0]!.body).toContain('Your username is new-tech');
      // No password opens it until one is chosen through the recovery.
      const login = await t.app.inject({
        method: 'POST',
        url: '/admin/login',
        payload: { username: 'new-tech', password: DEMO_PASSWORD },
      });
      expect(login.statusCode).toBe(401);
    });
  });

  describe("the customer's session (loginAdmin)", () => {
    async function openHay(staff: Browser) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/admin/loginAdmin?UID=${ids.hay!}`,
        headers: { ...bearer(staff.token), cookie: cookieHeader(staff.cookies) },
      });
      expect(res.statusCode, res.body).toBe(200);
      const cookies = cookiesOf(res, { ...staff.cookies });
      return { token: res.json<{ accessToken: string }>().accessToken, cookies };
    }

    it('shows the customer’s view without the staff member’s rights, audited as the member for the customer', async () => {
      const acting = await openHay(root);
      expect(acting.cookies.ew_staff_refresh).toBe(root.cookies.ew_refresh);
      expect(acting.cookies.ew_refresh).not.toBe(root.cookies.ew_refresh);
      const info = (await get(acting.token, '/client/getSessionInfo')).json<SessionInfo>();
      expect(info).toMatchObject({
        UID: ids.hay,
        username: 'hay@demo.emberwatch',
        admin: false,
        admin_group: null,
        admin_username: 'admin@demo.emberwatch',
      });
      // The member's own rights are not there.
      expect((await get(acting.token, '/admin/adminUsers')).statusCode).toBe(403);
      expect((await get(acting.token, `/admin/loginAdmin?UID=${ids['s-tech']!}`)).statusCode).toBe(403);
      // A customer's call and a write of the customer's.
      expect((await get(acting.token, '/client/basestationArray')).statusCode).toBe(200);
      const prefs = await post(acting.token, '/client/uiPrefs', { prefs: { degrees: 'C' } });
      expect([200, 400]).toContain(prefs.statusCode);
      const entries = (
        await get(root.token, `/admin/auditLog?staff=${ids.admin!}&limit=20`)
      ).json<AuditLogResponse>().entries;
      const inSession = entries.filter((e) =>
        ['/client/basestationArray', '/client/uiPrefs', '/admin/loginAdmin'].includes(e.path),
      );
      expect(inSession.map((e) => [e.path, e.kind, e.staff.username, e.customer?.uid])).toEqual(
        expect.arrayContaining([
          ['/admin/loginAdmin', 'write', 'admin@demo.emberwatch', ids.hay],
          ['/client/basestationArray', 'read', 'admin@demo.emberwatch', ids.hay],
          ['/client/uiPrefs', 'write', 'admin@demo.emberwatch', ids.hay],
        ]),
      );
      // A refreshed token is still the member's, in the customer's session.
      const refreshed = await t.app.inject({
        method: 'POST',
        url: '/admin/refreshToken',
        headers: { cookie: cookieHeader({ ew_refresh: acting.cookies.ew_refresh! }) },
      });
      const token = refreshed.json<{ accessToken: string }>().accessToken;
      expect((await get(token, '/client/getSessionInfo')).json<SessionInfo>()).toMatchObject({
        UID: ids.hay,
        admin: false,
        admin_username: 'admin@demo.emberwatch',
      });
    });

    it('refuses Sales, a staff account, and nobody else changes', async () => {
      const sales = await get((await browserOf('s-sales')).token, `/admin/loginAdmin?UID=${ids.hay!}`);
      expect(sales.statusCode).toBe(403);
      const staffAccount = await get(root.token, `/admin/loginAdmin?UID=${ids['s-tech']!}`);
      expect(staffAccount.json()).toEqual({
        status_code: 403,
        error: 'A staff member’s session cannot be opened.',
      });
      const hay = await get((await browserOf('hay')).token, `/admin/loginAdmin?UID=${ids['hay-helper']!}`);
      expect(hay.statusCode).toBe(403);
      expect((await get(root.token, '/admin/loginAdmin?UID=abc')).statusCode).toBe(400);
    });

    it('ends by End and gives the member’s own session back', async () => {
      const staff = await browserOf('admin');
      const acting = await openHay(staff);
      const end = await t.app.inject({
        method: 'POST',
        url: '/admin/endCustomerSession',
        headers: { cookie: cookieHeader(acting.cookies) },
      });
      expect(end.statusCode, end.body).toBe(200);
      expect(end.json()).toEqual({ status_code: 0, returned: true });
      const after = cookiesOf(end, { ...acting.cookies });
      expect(after.ew_staff_refresh).toBeUndefined();
      // The cookie holds the member's own session again; the customer's is over.
      const own = await t.app.inject({
        method: 'POST',
        url: '/admin/refreshToken',
        headers: { cookie: cookieHeader(after) },
      });
      const ownToken = own.json<{ accessToken: string }>().accessToken;
      expect((await get(ownToken, '/client/getSessionInfo')).json<SessionInfo>()).toMatchObject({
        UID: ids.admin,
        admin: true,
      });
      const customer = await t.app.inject({
        method: 'POST',
        url: '/admin/refreshToken',
        headers: { cookie: cookieHeader({ ew_refresh: acting.cookies.ew_refresh! }) },
      });
      expect(customer.statusCode).toBe(401);
      const entries = (
        await get(ownToken, '/admin/auditLog?call=loginAdmin&limit=1')
      ).json<AuditLogResponse>().entries;
      expect(entries[0]).toMatchObject({ staff: { id: ids.admin }, customer: { uid: ids.hay }, status: 200 });
    });

    it('ends by logout, with the member’s own session', async () => {
      const staff = await browserOf('admin');
      const acting = await openHay(staff);
      const out = await t.app.inject({
        method: 'POST',
        url: '/admin/logout',
        headers: { cookie: cookieHeader(acting.cookies) },
      });
      expect(out.statusCode).toBe(200);
      for (const cookie of [acting.cookies.ew_refresh!, acting.cookies.ew_staff_refresh!]) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/admin/refreshToken',
          headers: { cookie: `ew_refresh=${cookie}` },
        });
        expect(res.statusCode).toBe(401);
      }
    });

    it('ends at once for a member who is removed while in it', async () => {
      const tech = await browserOf('s-tech');
      const acting = await openHay(tech);
      expect((await get(acting.token, '/client/getSessionInfo')).statusCode).toBe(200);
      expect((await post(root.token, '/admin/removeAdminUser', { UID: ids['s-tech']! })).statusCode).toBe(
        200,
      );
      expect((await get(acting.token, '/client/getSessionInfo')).statusCode).toBe(401);
      const refresh = await t.app.inject({
        method: 'POST',
        url: '/admin/refreshToken',
        headers: { cookie: `ew_refresh=${acting.cookies.ew_refresh!}` },
      });
      expect(refresh.statusCode).toBe(401);
    });
  });
});
