import { createHmac } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccessTokenSigner, PageViewer } from '../src/features/sessions/index.js';
import { PAGE_COOKIE, PageCookie } from '../src/features/sessions/pageCookie.js';
import { REUSE_GRACE_S } from '../src/features/sessions/session.service.js';
import {
  REFRESH_COOKIE,
  STAFF_REFRESH_COOKIE,
  refreshCookies,
} from '../src/features/sessions/sessions.routes.js';
import { DEMO_PASSWORD } from '../src/features/demo/demoAccounts.js';
import { sha256 } from '../src/security/sha256.js';
import { bearer, createTestApp, TEST_ENGINE, type TestApp } from './support/testApp.js';

type Cookie = {
  name: string;
  value: string;
  httpOnly?: boolean;
  sameSite?: string;
  path?: string;
  maxAge?: number;
};

function cookieOf(res: { cookies: Cookie[] }, name: string): Cookie {
  const c = res.cookies.find((x) => x.name === name);
  if (!c) throw new Error(`no ${name} cookie`);
  return c;
}

/**
 * Decision 0174's page cookie: set and cleared with the session cookie, good for reading who a page's
 * GET is for while the session lives, and for nothing else.
 */
describe(`the page cookie on ${TEST_ENGINE}`, () => {
  let t: TestApp;
  const clock = { now: Math.floor(Date.now() / 1000) };
  let pageViewer: (cookieValue: string | undefined) => Promise<PageViewer | null>;
  let signer: AccessTokenSigner;

  beforeAll(async () => {
    t = await createTestApp({ nowS: () => clock.now });
    const sessions = t.features.find((f) => f.name === 'sessions') as unknown as {
      exports: { pageViewer: typeof pageViewer; signer: AccessTokenSigner };
    };
    ({ pageViewer, signer } = sessions.exports);
  });
  afterAll(async () => {
    await t.close();
  });

  const login = async (name: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/admin/login',
      payload: { username: `${name}@demo.emberwatch`, password: DEMO_PASSWORD },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res;
  };
  const refresh = (token: string) =>
    t.app.inject({ method: 'POST', url: '/admin/refreshToken', cookies: { [REFRESH_COOKIE]: token } });
  const idOf = async (name: string) => (await t.findUser(`${name}@demo.emberwatch`))!.id;
  const tokenRows = async () =>
    Number(
      (
        await t.store.db
          .selectFrom('refresh_tokens')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('is set at login beside the session cookie: httpOnly, Lax, on every path, as long as the session', async () => {
    const res = await login('hay');
    const session = cookieOf(res, REFRESH_COOKIE);
    const page = cookieOf(res, PAGE_COOKIE);
    expect(page).toMatchObject({ httpOnly: true, path: '/', maxAge: session.maxAge });
    expect(page.sameSite?.toLowerCase()).toBe('lax');
    expect(session.maxAge).toBe(t.kernel.config.refreshTokenTtlS);
    // Derived from the session's token: its hash, then the HMAC.
    expect(page.value.split('.')[0]).toBe(sha256(session.value));
    expect(res.body).not.toContain(page.value);
  });

  it('is replaced at refresh by one matching the new token', async () => {
    const first = await login('hay');
    const r = await refresh(cookieOf(first, REFRESH_COOKIE).value);
    expect(r.statusCode).toBe(200);
    const page = cookieOf(r, PAGE_COOKIE);
    expect(page.value).not.toBe(cookieOf(first, PAGE_COOKIE).value);
    expect(page.value.split('.')[0]).toBe(sha256(cookieOf(r, REFRESH_COOKIE).value));
    expect(page.maxAge).toBe(cookieOf(r, REFRESH_COOKIE).maxAge);
    expect((await pageViewer(page.value))?.userId).toBe(await idOf('hay'));
  });

  it('names the logged-in user and gives a token that verifies for that user', async () => {
    const res = await login('grain');
    const viewer = await pageViewer(cookieOf(res, PAGE_COOKIE).value);
    const grain = await idOf('grain');
    expect(viewer).toMatchObject({ userId: grain, actingStaffId: null });
    expect(await signer.verify(viewer!.token.accessToken)).toBe(grain);
    const auth = await t.app.inject({
      method: 'GET',
      url: '/auth',
      headers: bearer(viewer!.token.accessToken),
    });
    expect(auth.json()).toMatchObject({ status_code: 0, UID: grain });
  });

  it('refuses nothing, garbage, a wrong HMAC and another user’s hash with a forged one', async () => {
    const mine = cookieOf(await login('hay'), PAGE_COOKIE).value;
    const theirs = cookieOf(await login('grain'), REFRESH_COOKIE).value;
    const [hash, mac] = mine.split('.') as [string, string];
    const flipped = mac.slice(0, -2) + (mac.endsWith('AA') ? 'BB' : 'AA');
    // The raw signing secret is not the page cookie's key.
    const rawSecretMac = createHmac('sha256', t.kernel.config.jwtSecret)
      .update(sha256(theirs))
      .digest('base64url');
    for (const value of [
      undefined,
      '',
      'garbage',
      '.',
      hash,
      `${hash}.`,
      `${hash}.${flipped}`,
      `${hash}.${mac}x`,
      `${hash.toUpperCase()}.${mac}`,
      `${sha256(theirs)}.${mac}`,
      `${sha256(theirs)}.${rawSecretMac}`,
      // A well-signed hash of no session.
      new PageCookie(t.kernel.config.jwtSecret).valueFor('no-such-token'),
    ])
      expect(await pageViewer(value), String(value)).toBeNull();
    expect(await pageViewer(mine)).not.toBeNull();
  });

  it('dies with the session at logout, and logout clears it', async () => {
    const res = await login('hay-helper');
    const page = cookieOf(res, PAGE_COOKIE).value;
    expect(await pageViewer(page)).not.toBeNull();
    const out = await t.app.inject({
      method: 'POST',
      url: '/admin/logout',
      cookies: { [REFRESH_COOKIE]: cookieOf(res, REFRESH_COOKIE).value, [PAGE_COOKIE]: page },
    });
    expect(out.statusCode).toBe(200);
    expect(cookieOf(out, PAGE_COOKIE)).toMatchObject({ value: '', path: '/' });
    expect(await pageViewer(page)).toBeNull();
  });

  it('dies when the family is revoked for reuse, old cookie and new alike', async () => {
    const first = await login('hay-helper');
    const r1 = await refresh(cookieOf(first, REFRESH_COOKIE).value);
    // A rotated token's cookie still shows the page: used, not revoked (another tab, a late reply).
    expect(await pageViewer(cookieOf(first, PAGE_COOKIE).value)).not.toBeNull();
    expect(await pageViewer(cookieOf(r1, PAGE_COOKIE).value)).not.toBeNull();
    clock.now += REUSE_GRACE_S + 1;
    expect((await refresh(cookieOf(first, REFRESH_COOKIE).value)).statusCode).toBe(401);
    expect(await pageViewer(cookieOf(first, PAGE_COOKIE).value)).toBeNull();
    expect(await pageViewer(cookieOf(r1, PAGE_COOKIE).value)).toBeNull();
  });

  it('dies when every session of the user is revoked', async () => {
    const page = cookieOf(await login('compost'), PAGE_COOKIE).value;
    expect(await pageViewer(page)).not.toBeNull();
    const sessions = t.features.find((f) => f.name === 'sessions') as unknown as {
      exports: { revokeSessions(userId: number): Promise<void> };
    };
    await sessions.exports.revokeSessions(await idOf('compost'));
    expect(await pageViewer(page)).toBeNull();
  });

  it('shows nothing to a blocked user while blocked', async () => {
    const page = cookieOf(await login('master'), PAGE_COOKIE).value;
    const id = await idOf('master');
    const block = (blocked: number) =>
      t.store.db.updateTable('users').set({ blocked }).where('id', '=', id).execute();
    await block(1);
    try {
      expect(await pageViewer(page)).toBeNull();
    } finally {
      await block(0);
    }
  });

  it('reads only: the token is neither used nor rotated, and no row is written', async () => {
    const res = await login('grain');
    const token = cookieOf(res, REFRESH_COOKIE).value;
    const before = await tokenRows();
    for (let i = 0; i < 3; i++) expect(await pageViewer(cookieOf(res, PAGE_COOKIE).value)).not.toBeNull();
    expect(await tokenRows()).toBe(before);
    const row = await t.store.db
      .selectFrom('refresh_tokens')
      .select(['used_ts', 'revoked_ts'])
      .where('token_hash', '=', sha256(token))
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ used_ts: null, revoked_ts: null });
    expect((await refresh(token)).statusCode).toBe(200);
  });

  it("follows a staff member into a customer's session and back out", async () => {
    const [admin, hay] = [await idOf('admin'), await idOf('hay')];
    const staff = await login('admin');
    const jar: Record<string, string> = {};
    const keep = (res: { cookies: Cookie[] }) => {
      for (const c of res.cookies)
        if (c.value === '') delete jar[c.name];
        else jar[c.name] = c.value;
    };
    keep(staff);
    const open = await t.app.inject({
      method: 'GET',
      url: `/admin/loginAdmin?UID=${hay}`,
      headers: bearer(staff.json<{ accessToken: string }>().accessToken),
      cookies: jar,
    });
    expect(open.statusCode, open.body).toBe(200);
    keep(open);
    expect(open.cookies.filter((c) => c.name === PAGE_COOKIE)).toHaveLength(1);
    expect(jar[PAGE_COOKIE]!.split('.')[0]).toBe(sha256(jar[REFRESH_COOKIE]!));
    expect(await pageViewer(jar[PAGE_COOKIE])).toMatchObject({ userId: hay, actingStaffId: admin });
    const inSession = jar[PAGE_COOKIE]!;
    // Lowered to a level that may not open a customer's session: the customer's pages are not shown.
    const level = (admin_group: number) =>
      t.store.db.updateTable('users').set({ admin_group }).where('id', '=', admin).execute();
    await level(3);
    try {
      expect(await pageViewer(inSession)).toBeNull();
    } finally {
      await level(0);
    }

    const end = await t.app.inject({ method: 'POST', url: '/admin/endCustomerSession', cookies: jar });
    expect(end.json()).toEqual({ status_code: 0, returned: true });
    keep(end);
    expect(jar[STAFF_REFRESH_COOKIE]).toBeUndefined();
    expect(jar[PAGE_COOKIE]!.split('.')[0]).toBe(sha256(jar[REFRESH_COOKIE]!));
    expect(await pageViewer(jar[PAGE_COOKIE])).toMatchObject({ userId: admin, actingStaffId: null });
    expect(await pageViewer(inSession)).toBeNull();
  });

  it('gives no page cookie for the staff member’s waiting token, and is Secure in production', () => {
    const set: [string, { secure?: boolean; path?: string }][] = [];
    const reply = {
      setCookie: (name: string, _value: string, opts: { secure?: boolean; path?: string }) =>
        set.push([name, opts]),
      clearCookie: (name: string, opts: { secure?: boolean; path?: string }) => set.push([name, opts]),
    } as unknown as FastifyReply;
    const cookies = refreshCookies({
      config: { env: 'production' },
      nowS: () => clock.now,
      page: new PageCookie('secret'),
    });
    cookies.set(reply, STAFF_REFRESH_COOKIE, 'token', clock.now + 60);
    cookies.clear(reply, STAFF_REFRESH_COOKIE);
    expect(set.map(([name]) => name)).toEqual([STAFF_REFRESH_COOKIE, STAFF_REFRESH_COOKIE]);
    set.length = 0;
    cookies.set(reply, REFRESH_COOKIE, 'token', clock.now + 60);
    cookies.clear(reply, REFRESH_COOKIE);
    expect(set).toEqual([
      [REFRESH_COOKIE, expect.objectContaining({ secure: true, path: '/admin' })],
      [PAGE_COOKIE, expect.objectContaining({ secure: true, path: '/' })],
      [REFRESH_COOKIE, expect.objectContaining({ secure: true, path: '/admin' })],
      [PAGE_COOKIE, expect.objectContaining({ secure: true, path: '/' })],
    ]);
  });

  // Last: it moves the clock past every session made above.
  it('dies when the session expires', async () => {
    const page = cookieOf(await login('hay'), PAGE_COOKIE).value;
    clock.now += t.kernel.config.refreshTokenTtlS - 1;
    expect(await pageViewer(page)).not.toBeNull();
    clock.now += 1;
    expect(await pageViewer(page)).toBeNull();
  });
});
