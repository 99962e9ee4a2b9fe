import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, TEST_ENGINE, type TestApp } from './support/testApp.js';

/**
 * The spec's test page (doc 1 §2 route table, docs/public-api.md "In the browser"): a browser opening
 * /api/v1/getSummary without a key gets the web app's page; the same address called with a key, or
 * asking for JSON, is the API call (publicApi.routes.ts `wantsTestPage`).
 */
describe(`the public API's test page behind its addresses, on ${TEST_ENGINE}`, { timeout: 60_000 }, () => {
  let t: TestApp;
  let secret = '';
  const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
  const get = (headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: '/api/v1/getSummary', headers });

  beforeAll(async () => {
    const dist = mkdtempSync(join(tmpdir(), 'emberwatch-dist-'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Emberwatch</title>');
    t = await createTestApp({ env: { WEB_DIST: dist } });
    const hay = (await t.findUser('hay@demo.emberwatch'))!.id;
    await t.store.db
      .updateTable('users')
      .set({ api_plan_due_ts: Math.floor(Date.now() / 1000) + 90 * 86_400 })
      .where('id', '=', hay)
      .execute();
    const made = await t.app.inject({
      method: 'GET',
      url: '/api/v1/generateKey?name=Page',
      headers: bearer(await t.login('hay@demo.emberwatch')),
    });
    expect(made.statusCode, made.body).toBe(200);
    secret = made.json<{ secret: string }>().secret;
  });
  afterAll(async () => {
    await t.close();
  });

  it('a browser asking for HTML without a key gets the web app', async () => {
    const res = await get({ accept: BROWSER });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('<title>Emberwatch</title>');
  });

  it('the same address with a key is the call, even from a browser', async () => {
    const res = await get({ accept: BROWSER, 'x-api-key': secret });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json<{ status_code: number; account: { username: string } }>()).toMatchObject({
      status_code: 0,
      account: { username: 'hay@demo.emberwatch' },
    });
  });

  it('a call asking for JSON gets JSON: the answer with a key, the refusal without', async () => {
    const ok = await get({ accept: 'application/json', 'x-api-key': secret });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json<{ status_code: number }>().status_code).toBe(0);
    for (const accept of ['application/json', '*/*']) {
      const none = await get({ accept });
      expect(none.statusCode).toBe(401);
      expect(none.headers['content-type']).toMatch(/^application\/json/);
      expect(none.json<{ code: string }>().code).toBe('key_missing');
    }
  });
});
