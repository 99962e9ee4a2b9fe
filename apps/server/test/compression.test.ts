import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ENGINE, type TestApp } from './support/testApp.js';

// Decision 0144: a phone on a poor network gets the app's texts (the largest answers at start) compressed.
describe(`compressed answers, on ${TEST_ENGINE}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const url = '/client/getAnonymousTranslations?locale=en';

  it.each([
    ['br', brotliDecompressSync],
    ['gzip', gunzipSync],
  ] as const)('sends a large answer %s-compressed to a client that accepts it', async (encoding, decode) => {
    const plain = await t.app.inject({ method: 'GET', url });
    const packed = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding } });
    expect(packed.statusCode).toBe(200);
    expect(packed.headers['content-encoding']).toBe(encoding);
    expect(packed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(decode(packed.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  it('sends it as it is to a client that does not ask', async () => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toHaveProperty('results');
  });

  it('leaves a small answer uncompressed', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/health',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
  });
});
