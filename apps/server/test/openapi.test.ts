import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Endpoint } from '@emberwatch/shared/contracts/endpoint';
import { allEndpoints } from '@emberwatch/shared/contracts/endpoints';
import { createTestApp, TEST_ENGINE, type TestApp } from './support/testApp.js';

interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
}

interface Operation {
  parameters?: { name: string; in: string; required?: boolean }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
  security?: Record<string, string[]>[];
}

interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
}

/** The keys an input schema declares (query parameters, body properties). */
function keysOf(schema: Endpoint['query']): string[] {
  const shape = (schema as { shape?: Record<string, unknown> } | undefined)?.shape;
  return Object.keys(shape ?? {}).sort();
}

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

  describe('one operation per endpoint of the shared catalogue', () => {
    let doc: OpenApiDocument;
    beforeAll(async () => {
      doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<OpenApiDocument>();
    });

    it('documents exactly the catalogue, no route beside it', () => {
      const documented = Object.entries(doc.paths).flatMap(([path, ops]) =>
        Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`),
      );
      expect(documented.sort()).toEqual(
        allEndpoints()
          .map((e) => `${e.method} ${e.path}`)
          .sort(),
      );
    });

    it.each(allEndpoints().map((e) => [`${e.method} ${e.path}`, e] as const))(
      '%s: a 200 schema with the status envelope, its input and its error envelope',
      (_name, e) => {
        const op = doc.paths[e.path]?.[e.method.toLowerCase()];
        expect(op).toBeDefined();
        const ok = op?.responses?.['200']?.content?.['application/json']?.schema;
        expect(ok?.type).toBe('object');
        expect(ok?.required).toContain('status_code');
        expect(Object.keys(ok?.properties ?? {}).length).toBeGreaterThan(0);

        const err = op?.responses?.['4XX']?.content?.['application/json']?.schema;
        expect(Object.keys(err?.properties ?? {}).sort()).toEqual(['code', 'error', 'path', 'status_code']);

        if (e.query) {
          const names = (op?.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
          expect(names.sort()).toEqual(keysOf(e.query));
        } else expect(op?.parameters ?? []).toEqual([]);
        const body = op?.requestBody?.content?.['application/json']?.schema;
        if (e.body) expect(Object.keys(body?.properties ?? {}).sort()).toEqual(keysOf(e.body));
        else expect(body).toBeUndefined();

        expect(op?.security ?? []).toEqual(
          e.auth === 'user' ? [{ bearer: [] }] : e.auth === 'apiKey' ? [{ apiKey: [] }] : [],
        );
      },
    );
  });

  it('serves a browsable reference', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/html/);
  });
});
