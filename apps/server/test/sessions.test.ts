import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { PAGE_COOKIE } from '../src/features/sessions/pageCookie.js';
import { REFRESH_COOKIE } from '../src/features/sessions/sessions.routes.js';
import { REUSE_GRACE_S } from '../src/features/sessions/session.service.js';
import { sha256 } from '../src/security/sha256.js';
import { bearer, createTestApp, TEST_ENGINE, type TestApp } from './support/testApp.js';

function refreshCookieOf(res: { cookies: { name: string; value: string; httpOnly?: boolean }[] }) {
  const c = res.cookies.find((x) => x.name === REFRESH_COOKIE);
  if (!c) throw new Error('no refresh cookie');
  return c;
}

describe(`sessions on ${TEST_ENGINE}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const login = (username: string, password: string, ip = '10.0.0.1') =>
    t.app.inject({ method: 'POST', url: '/admin/login', payload: { username, password }, remoteAddress: ip });

  it('logs in with credentials in the body and sets an httpOnly refresh cookie', async () => {
    const res = await login('hay@demo.emberwatch', 'ember-demo');
    expect(res.statusCode).toBe(200);
    const body = res.json<{
      status_code: number;
      accessToken: string;
      accessTokenExpiry: number;
      UID: number;
    }>();
    expect(body.status_code).toBe(0);
    expect(body.accessToken.split('.')).toHaveLength(3);
    expect(body.accessTokenExpiry).toBeGreaterThan(Date.now());
    const cookie = refreshCookieOf(res);
    expect(cookie.httpOnly).toBe(true);
    expect(res.body).not.toContain(cookie.value);
  });

  it('offers no login by URL, so credentials never land in logs or history', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/admin/login?username=hay@demo.emberwatch&password=ember-demo',
    });
    expect(res.statusCode).toBe(404);
  });

  it('refuses a wrong password and an unknown user alike', async () => {
    const wrong = await login('grain@demo.emberwatch', 'nope', '10.0.0.2');
    const unknown = await login('nobody@demo.emberwatch', 'nope', '10.0.0.2');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
  });

  it('answers a refresh without a session cookie with 200 and no token: no session is not an error', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/admin/refreshToken' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status_code: 0, accessToken: null, accessTokenExpiry: null });
    expect(res.cookies.find((c) => c.name === REFRESH_COOKIE)).toBeUndefined();
  });

  it('still refuses a cookie that holds no session, and clears it', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/admin/refreshToken',
      cookies: { [REFRESH_COOKIE]: 'not-a-session' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json<{ accessToken?: unknown }>().accessToken).toBeUndefined();
    expect(refreshCookieOf(res).value).toBe('');
    // The page cookie goes with it (decision 0174).
    expect(res.cookies.find((c) => c.name === PAGE_COOKIE)?.value).toBe('');
  });

  it('rotates the refresh token and revokes the whole family when an old one is reused', async () => {
    const first = refreshCookieOf(await login('hay-helper@demo.emberwatch', 'ember-demo', '10.3.0.1'));
    const r1 = await t.app.inject({
      method: 'POST',
      url: '/admin/refreshToken',
      cookies: { [REFRESH_COOKIE]: first.value },
    });
    expect(r1.statusCode).toBe(200);
    expect(r1.json()).toMatchObject({ status_code: 0 });
    expect(r1.json<{ accessToken: string }>().accessToken).toBeTruthy();
    const second = refreshCookieOf(r1);
    expect(second.value).not.toBe(first.value);

    // The first token is replayed later (stolen): refused, and the legitimate newer token dies with it.
    await t.store.db
      .updateTable('refresh_tokens')
      .set({ used_ts: Math.floor(Date.now() / 1000) - REUSE_GRACE_S - 1 })
      .where('token_hash', '=', sha256(first.value))
      .execute();
    const replay = await t.app.inject({
      method: 'POST',
      url: '/admin/refreshToken',
      cookies: { [REFRESH_COOKIE]: first.value },
    });
    expect(replay.statusCode).toBe(401);
    const afterReplay = await t.app.inject({
      method: 'POST',
      url: '/admin/refreshToken',
      cookies: { [REFRESH_COOKIE]: second.value },
    });
    expect(afterReplay.statusCode).toBe(401);
  });

  it('accepts the same refresh token twice within seconds, as two tabs refreshing together do', async () => {
    const cookie = refreshCookieOf(await login('grain@demo.emberwatch', 'ember-demo', '10.3.0.2'));
    const [a, b] = await Promise.all(
      [1, 2].map(() =>
        t.app.inject({
          method: 'POST',
          url: '/admin/refreshToken',
          cookies: { [REFRESH_COOKIE]: cookie.value },
        }),
      ),
    );
    expect(a?.statusCode).toBe(200);
    expect(b?.statusCode).toBe(200);
    // Both new tokens keep working: nothing was revoked.
    for (const res of [a, b]) {
      const next = refreshCookieOf(res!);
      const again = await t.app.inject({
        method: 'POST',
        url: '/admin/refreshToken',
        cookies: { [REFRESH_COOKIE]: next.value },
      });
      expect(again.statusCode).toBe(200);
    }
  });

  it('ends the session on logout', async () => {
    const cookie = refreshCookieOf(await login('hay@demo.emberwatch', 'ember-demo', '10.4.0.1'));
    const out = await t.app.inject({
      method: 'POST',
      url: '/admin/logout',
      cookies: { [REFRESH_COOKIE]: cookie.value },
    });
    expect(out.json()).toEqual({ status_code: 0 });
    const again = await t.app.inject({
      method: 'POST',
      url: '/admin/refreshToken',
      cookies: { [REFRESH_COOKIE]: cookie.value },
    });
    expect(again.statusCode).toBe(401);
  });

  it('answers getSessionInfo with the spec fields and status 0', async () => {
    const token = await t.login('hay@demo.emberwatch');
    const res = await t.app.inject({ method: 'GET', url: '/client/getSessionInfo', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    const info = res.json<Record<string, unknown>>();
    for (const k of [
      'UID',
      'username',
      'admin',
      'master',
      'grandMaster',
      'accountAccess',
      'admin_group',
      'admin_username',
      'users',
      'bs_ids',
      'translator',
      'newFeatureLive',
      'feedQualityLive',
      'limitFreeData',
      'status_code',
      'status',
      'ui_preferences',
    ]) {
      expect(info).toHaveProperty(k);
    }
    expect(info).toMatchObject({
      status: 0,
      status_code: 0,
      username: 'hay@demo.emberwatch',
      admin: false,
      bs_ids: ['F1000001', 'F1000002', 'F1000003'],
    });
    expect(JSON.stringify(info)).not.toMatch(/password|hash/i);
  });

  it('describes an admin and a master in the session', async () => {
    const admin = (
      await t.app.inject({
        method: 'GET',
        url: '/client/getSessionInfo',
        headers: bearer(await t.login('admin@demo.emberwatch')),
      })
    ).json<Record<string, unknown>>();
    expect(admin).toMatchObject({ admin: true, admin_group: 0, admin_username: 'admin@demo.emberwatch' });
    const master = (
      await t.app.inject({
        method: 'GET',
        url: '/client/getSessionInfo',
        headers: bearer(await t.login('master@demo.emberwatch')),
      })
    ).json<{ master: boolean; accountAccess: number[]; bs_ids: string[] }>();
    expect(master.master).toBe(true);
    expect(master.accountAccess).toHaveLength(2);
    expect(master.bs_ids).toEqual(['F1000001', 'F1000002', 'F1000003', 'F2000001', 'F2000002', 'F2000003']);
  });

  it('checks the access token on /auth and refuses a forged one', async () => {
    const token = await t.login('grain@demo.emberwatch');
    expect(
      (await t.app.inject({ method: 'GET', url: '/auth', headers: bearer(token) })).json(),
    ).toMatchObject({ status_code: 0 });
    const forged = token.slice(0, -4) + (token.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    expect((await t.app.inject({ method: 'GET', url: '/auth', headers: bearer(forged) })).statusCode).toBe(
      401,
    );
    expect((await t.app.inject({ method: 'GET', url: '/client/getSessionInfo' })).statusCode).toBe(401);
  });
});

describe(`login throttling on ${TEST_ENGINE}`, () => {
  let t: TestApp;
  const clock = { now: Math.floor(Date.now() / 1000) };
  beforeAll(async () => {
    t = await createTestApp({ nowS: () => clock.now });
  });
  afterAll(async () => {
    await t.close();
  });

  const login = (username: string, password: string, ip: string) =>
    t.app.inject({ method: 'POST', url: '/admin/login', payload: { username, password }, remoteAddress: ip });

  /** Wrong passwords from one address, each sent as soon as the server allows it. */
  async function storm(username: string, ip: string, n: number) {
    for (let i = 0; i < n; i++) {
      const res = await login(username, `wrong-${i}`, ip);
      if (res.statusCode === 429) {
        clock.now += Number(res.headers['retry-after']);
        i--;
      } else expect(res.statusCode).toBe(401);
    }
  }

  it('never locks the owner out: a storm of wrong passwords elsewhere leaves the right one accepted', async () => {
    for (const ip of ['203.0.113.1', '203.0.113.2', '203.0.113.3'])
      await storm('compost@demo.emberwatch', ip, 8);
    expect((await login('compost@demo.emberwatch', 'ember-demo', '10.1.0.99')).statusCode).toBe(200);
  });

  it('slows, not shuts out, the address that fails: 429 with Retry-After until the delay has passed', async () => {
    const user = 'grain@demo.emberwatch';
    for (let i = 0; i < 3; i++) expect((await login(user, 'bad', '10.1.1.1')).statusCode).toBe(401);
    const slowed = await login(user, 'ember-demo', '10.1.1.1');
    expect(slowed.statusCode).toBe(429);
    expect(slowed.headers['retry-after']).toBe('2');
    expect(slowed.json()).toEqual({
      status_code: 429,
      error: 'Too many failed login attempts. Try again in 2 s.',
    });
    // A refused attempt is not a failure: the wait does not grow while the caller waits.
    expect((await login(user, 'bad', '10.1.1.1')).headers['retry-after']).toBe('2');
    clock.now += 2;
    expect((await login(user, 'bad', '10.1.1.1')).statusCode).toBe(401);
    expect((await login(user, 'bad', '10.1.1.1')).headers['retry-after']).toBe('4');
    clock.now += 4;
    expect((await login(user, 'ember-demo', '10.1.1.1')).statusCode).toBe(200);
    // The success starts the address afresh.
    expect((await login(user, 'bad', '10.1.1.1')).statusCode).toBe(401);
  });

  it('counts guesses sent in parallel before checking them, so a burst cannot slip past the delay', async () => {
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => login('burst@demo.emberwatch', `guess-${i}`, '10.5.0.1')),
    );
    expect(answers.filter((r) => r.statusCode === 401)).toHaveLength(3);
    const refused = answers.filter((r) => r.statusCode === 429);
    expect(refused).toHaveLength(9);
    for (const r of refused) expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('slows an address spraying many accounts, and only that address', async () => {
    for (let i = 0; i < 20; i++) await login(`guess${i}@demo.emberwatch`, 'bad', '10.2.0.1');
    const sprayer = await login('master@demo.emberwatch', 'ember-demo', '10.2.0.1');
    expect(sprayer.statusCode).toBe(429);
    expect(sprayer.headers['retry-after']).toBe('60');
    expect((await login('master@demo.emberwatch', 'ember-demo', '10.2.0.2')).statusCode).toBe(200);
    clock.now += 60;
    expect((await login('master@demo.emberwatch', 'ember-demo', '10.2.0.1')).statusCode).toBe(200);
  });
});

describe('configuration', () => {
  it('seeds the published demo logins in production only when asked explicitly', () => {
    const secret = 'a-long-random-production-secret-value';
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: secret }).demoSeed).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: secret, DEMO_SEED: '1' }).demoSeed).toBe(true);
    expect(loadConfig({}).demoSeed).toBe(true);
  });

  it('listens on this machine only unless HOST says otherwise (the demo passwords are public)', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '' }).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig({ HOST: '192.168.1.20' }).host).toBe('192.168.1.20');
  });

  it('refuses to start in production with the default signing secret', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/JWT_SECRET/);
    expect(
      loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'a-long-random-production-secret-value' }).env,
    ).toBe('production');
  });
});
