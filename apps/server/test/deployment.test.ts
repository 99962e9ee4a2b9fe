import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReadyResponse } from '@emberwatch/shared/contracts/health';
import { loadConfig } from '../src/config.js';
import { createTestApp, TEST_ENGINE, type TestApp } from './support/testApp.js';

/** Issue 34 item 2: what a deployment behind a load balancer relies on (docs/deploy.md). */
describe(`readiness for a load balancer, on ${TEST_ENGINE}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ standIns: false });
  });
  afterAll(() => t.close().catch(() => undefined));

  it('says ready while its store answers, and 503 once it does not', async () => {
    const ready = await t.app.inject({ method: 'GET', url: '/ready' });
    expect(ready.statusCode, ready.body).toBe(200);
    const body = ready.json<ReadyResponse>();
    expect(body).toMatchObject({ status_code: 0, engine: TEST_ENGINE });
    expect(body.store_ms).toBeGreaterThanOrEqual(0);

    await t.store.db.destroy();
    const gone = await t.app.inject({ method: 'GET', url: '/ready' });
    expect(gone.statusCode).toBe(503);
    expect(gone.json<{ error: string }>().error).toBe('The store does not answer.');
    // The process itself still answers its liveness check.
    expect((await t.app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
  });
});

describe(`X-Forwarded-* trusted only from the proxies named, on ${TEST_ENGINE}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ standIns: false, env: { TRUST_PROXY: '10.1.2.3, 192.168.0.0/16' } });
  });
  afterAll(() => t.close());

  const hsts = async (remoteAddress: string) =>
    (
      await t.app.inject({
        method: 'GET',
        url: '/health',
        remoteAddress,
        headers: { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.7' },
      })
    ).headers['strict-transport-security'];

  it('believes the proxy at a listed address or range, and nobody else', async () => {
    expect(await hsts('10.1.2.3')).toBe('max-age=31536000; includeSubDomains');
    expect(await hsts('192.168.40.2')).toBe('max-age=31536000; includeSubDomains');
    expect(await hsts('127.0.0.1')).toBeUndefined();
    expect(await hsts('10.1.2.4')).toBeUndefined();
  });

  it.each([
    ['0', false],
    ['', false],
    ['1', true],
    ['127.0.0.1', ['127.0.0.1']],
    ['127.0.0.1, 10.0.0.0/8,::1', ['127.0.0.1', '10.0.0.0/8', '::1']],
    ['fd00::/8', ['fd00::/8']],
  ])('TRUST_PROXY=%s is read as %j', (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it.each(['yes', '10.0.0.0/33', 'example.org', '10.0.0.1/8/2', '::1/129', '10.0.0.1,'])(
    'TRUST_PROXY=%j is refused at start',
    (value) => {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(
        /TRUST_PROXY must be 0, 1, or a comma-separated list/,
      );
    },
  );
});
