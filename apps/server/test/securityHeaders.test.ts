import { createHash } from 'node:crypto';
import { DRAWN_PAGE_SCRIPT } from '@emberwatch/shared/contracts/drawnPage';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allEndpoints } from '@emberwatch/shared/contracts/endpoints';
import { REFRESH_COOKIE } from '../src/features/sessions/sessions.routes.js';
import { bearer, createTestApp, TEST_ENGINE, type TestApp } from './support/testApp.js';

const DRAWN_PAGE_SCRIPT_HASH = `'sha256-${createHash('sha256').update(DRAWN_PAGE_SCRIPT).digest('base64')}'`;

describe(`security headers, on ${TEST_ENGINE}`, () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    token = await t.login('hay@demo.emberwatch');
  });
  afterAll(async () => {
    await t.close();
  });

  it('allow only the app’s own scripts and forbid framing and content sniffing', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  // A shared or back-button cache must never hand one user's data or tokens to the next person.
  it.each([
    ['a logged-in read', 'GET', '/client/basestationArray', 'token', 200],
    ['the session info', 'GET', '/client/getSessionInfo', 'token', 200],
    ['the token check', 'GET', '/auth', 'token', 200],
    ['a refused station', 'GET', '/client/data?basestationID=F2000001', 'token', 403],
    ['a bad request', 'GET', '/client/data', 'token', 400],
    ['a missing token', 'GET', '/client/userInfo', 'none', 401],
    ['an unknown API path', 'GET', '/client/noSuchCall', 'token', 404],
    ['a refresh with a dead session', 'POST', '/admin/refreshToken', 'stale cookie', 401],
  ] as const)('forbid storing %s (%s %s)', async (_what, method, url, credentials, status) => {
    const headers =
      credentials === 'token'
        ? bearer(token)
        : credentials === 'stale cookie'
          ? { cookie: `${REFRESH_COOKIE}=no-longer-a-session` }
          : {};
    const res = await t.app.inject({ method, url, headers });
    expect(res.statusCode).toBe(status);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  // Issue 28: one hook, by the catalogue's own word for who calls (auth), not by path prefix: a logged-in
  // call outside /client/ and /admin/ (/fc/getFcItem, /getMigrationCount) is kept out of caches too,
  // whatever it answers (data, a refusal, a bad-input 400).
  const loggedInCalls = allEndpoints().filter((e) => e.auth === 'user' || e.auth === 'session');
  it.each(loggedInCalls.map((e) => [e.method, e.path] as const))(
    'forbid storing every logged-in answer: %s %s',
    async (method, url) => {
      const res = await t.app.inject({
        method,
        url,
        headers: bearer(token),
        ...(method === 'POST' ? { payload: {} } : {}),
      });
      expect(res.headers['content-type']).toMatch(/^application\/(json|pdf)/);
      expect(res.headers['cache-control']).toBe('no-store');
    },
  );

  it('forbid storing a login answer, which carries an access token', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/admin/login',
      payload: { username: 'hay@demo.emberwatch', password: 'ember-demo' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('leave the caching of public answers alone', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/health' });
    expect(res.headers['cache-control']).toBeUndefined();
  });

  // Decision 0143: the headers' middleware is built once, not on each request; every answer still
  // carries the whole set, with these values, a page's not-found answer and an error included.
  const HELMET_HEADERS = {
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'SAMEORIGIN',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  };
  it.each([
    ['a public answer', '/health', 200],
    ['a refused call', '/client/userInfo', 401],
    ['an unknown path', '/client/noSuchCall', 404],
    ['a public API call without a key', '/api/v1/getSummary', 401],
  ] as const)('send the whole set of security headers on %s (%s)', async (_what, url, status) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(status);
    expect(res.headers).toMatchObject(HELMET_HEADERS);
    // The test payment provider's origin (a feature's content source, asked on each answer) aside:
    const csp = String(res.headers['content-security-policy']);
    // and the drawn page's one inline script, by its hash (decision 0174):
    expect(csp).toMatch(/script-src 'self' http:\/\/127\.0\.0\.1:\d+ '/);
    expect(csp.replace(/ http:\/\/127\.0\.0\.1:\d+/g, '')).toBe(
      "default-src 'self';base-uri 'self';font-src 'self' data:;form-action 'self';" +
        `frame-ancestors 'none';img-src 'self' data: ;object-src 'none';script-src 'self' ${DRAWN_PAGE_SCRIPT_HASH};` +
        "script-src-attr 'none';style-src 'self' 'unsafe-inline';connect-src 'self' ws: wss:;" +
        "frame-src 'self'",
    );
  });

  it('send no security headers to a base station (its routes say helmet: false)', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/ingest/v1/packets', payload: {} });
    expect(res.statusCode).toBe(401);
    expect(res.headers['content-security-policy']).toBeUndefined();
    expect(res.headers['x-content-type-options']).toBeUndefined();
  });

  it('send HSTS only over HTTPS: never on plain HTTP', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/health' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    // Without TRUST_PROXY anyone could send the header: it proves nothing.
    const claimed = await t.app.inject({
      method: 'GET',
      url: '/health',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(claimed.headers['strict-transport-security']).toBeUndefined();
  });
});

describe(`security headers behind a trusted proxy, on ${TEST_ENGINE}`, () => {
  let behindProxy: TestApp;
  beforeAll(async () => {
    behindProxy = await createTestApp({ env: { TRUST_PROXY: '1' } });
  });
  afterAll(async () => {
    await behindProxy.close();
  });

  it('send HSTS when the proxy says the browser came over HTTPS', async () => {
    const https = await behindProxy.app.inject({
      method: 'GET',
      url: '/health',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(https.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const http = await behindProxy.app.inject({
      method: 'GET',
      url: '/health',
      headers: { 'x-forwarded-proto': 'http' },
    });
    expect(http.headers['strict-transport-security']).toBeUndefined();
  });
});
