import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ENGINE, type TestApp } from './support/testApp.js';

describe(`the OpenAPI document, on ${TEST_ENGINE}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('describes the call catalogue with the parameters its schemas declare', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{
      openapi: string;
      paths: Record<string, Record<string, { parameters?: { name: string }[] }>>;
    }>();
    expect(doc.openapi).toMatch(/^3\./);
    for (const path of [
      '/client/sensorData',
      '/client/data2',
      '/client/bsConf',
      '/client/uiPrefs',
      '/admin/getSensorStats',
    ]) {
      expect(Object.keys(doc.paths)).toContain(path);
    }
    const params = (doc.paths['/client/sensorData']?.get?.parameters ?? []).map((p) => p.name);
    expect(params).toEqual(expect.arrayContaining(['BS_ID', 'sensorID', 'startTS', 'endTS', 'width']));
    expect(res.body).not.toMatch(/password_hash|credential_hash|JWT_SECRET/);
  });

  it('serves a browsable reference', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/html/);
  });
});
