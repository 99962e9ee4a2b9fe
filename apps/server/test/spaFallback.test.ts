import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/testApp.js';

describe('the web app behind its addresses', () => {
  let t: TestApp;
  beforeAll(async () => {
    const dist = mkdtempSync(join(tmpdir(), 'emberwatch-dist-'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Emberwatch</title>');
    writeFileSync(join(dist, 'sw.js'), 'self.addEventListener("push", () => {});');
    writeFileSync(join(dist, 'app-1234.js'), 'export {};');
    t = await createTestApp({ env: { WEB_DIST: dist } });
  });
  afterAll(async () => {
    await t.close();
  });

  it.each(['/storages/3', '/admin/outbox'])('a browser opening %s gets the app', async (url) => {
    const res = await t.app.inject({
      method: 'GET',
      url,
      headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Emberwatch</title>');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it.each(['/admin/noSuchCall', '/client/noSuchCall'])(
    'an API call to %s that does not exist gets the JSON 404',
    async (url) => {
      for (const accept of ['application/json', '*/*', undefined]) {
        const res = await t.app.inject({ method: 'GET', url, headers: accept ? { accept } : {} });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ status_code: 404, error: 'Not found' });
      }
    },
  );

  it('the service worker is never cached, hashed bundles are', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/sw.js' })).headers['cache-control']).toBe('no-cache');
    expect((await t.app.inject({ method: 'GET', url: '/app-1234.js' })).headers['cache-control']).toBe(
      'public, max-age=3600',
    );
  });
});
