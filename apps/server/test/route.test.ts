import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEndpoint } from '@emberwatch/shared/contracts/endpoint';
import { ApiError } from '../src/http/ApiError.js';
import { errorHandler } from '../src/http/errorHandler.js';
import { preparedJson, route, unchecked } from '../src/http/route.js';

const item = z.object({ status_code: z.literal(0), n: z.int(), label: z.string() });
type Item = z.infer<typeof item>;
const get = (path: string) =>
  defineEndpoint({
    method: 'GET',
    path,
    query: z.object({ n: z.coerce.number().int().min(1) }),
    response: item,
    auth: 'public',
    summary: 'A test endpoint.',
  });
const post = defineEndpoint({
  method: 'POST',
  path: '/post',
  body: z.strictObject({ name: z.string().min(1, 'Name is required') }),
  response: item,
  auth: 'public',
  summary: 'A test endpoint with a body.',
});

describe('registering an endpoint of the catalogue', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify({ logger: false });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    app.setErrorHandler(errorHandler);
    route(app, get('/checked')).handle((req) => {
      // A field outside the contract (as a repository row might carry) must not leave the server.
      const row = { status_code: 0 as const, n: req.query.n, label: 'ok', password_hash: 'secret' };
      return row;
    });
    route(app, get('/broken')).handle((req) => ({ status_code: 0, n: req.query.n + 0.5, label: 'half' }));
    route(app, get('/prepared')).handle((req) =>
      preparedJson<Item>(`{"status_code":0,"n":${req.query.n},"label":"cached"}`),
    );
    route(app, get('/unchecked')).handle((req) =>
      unchecked({ status_code: 0, n: req.query.n, label: 'fast' }),
    );
    route(app, post).handle((req) => ({ status_code: 0, n: 1, label: req.body.name }));
    route(
      app,
      { ...post, path: '/post-own-wording' },
      { invalid: (error) => ApiError.invalid(error.issues[0]?.message ?? 'invalid') },
    ).handle((req) => ({ status_code: 0, n: 2, label: req.body.name }));
    await app.ready();
  });
  afterAll(() => app.close());

  it('validates and coerces the query, and sends only the fields of the response schema', async () => {
    const res = await app.inject({ method: 'GET', url: '/checked?n=3' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status_code: 0, n: 3, label: 'ok' });
  });

  it('answers an answer that breaks its contract with the generic 500, not with the data', async () => {
    const res = await app.inject({ method: 'GET', url: '/broken?n=3' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ status_code: 500, error: 'Internal server error' });
  });

  it('sends prepared and unchecked JSON as it is, as JSON', async () => {
    for (const [url, label] of [
      ['/prepared?n=4', 'cached'],
      ['/unchecked?n=5', 'fast'],
    ] as const) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.json<Item>().label).toBe(label);
    }
  });

  it('refuses bad input with the error envelope: the field and message, or the call’s own wording', async () => {
    const query = await app.inject({ method: 'GET', url: '/checked?n=0' });
    expect(query.statusCode).toBe(400);
    expect(query.json()).toMatchObject({ status_code: 400, path: 'n' });

    const body = await app.inject({ method: 'POST', url: '/post', payload: { name: '' } });
    expect(body.json()).toEqual({ status_code: 400, error: 'name: Name is required', path: 'name' });

    const own = await app.inject({ method: 'POST', url: '/post-own-wording', payload: { name: '' } });
    expect(own.statusCode).toBe(400);
    expect(own.json()).toEqual({ status_code: 400, error: 'Name is required' });

    const ok = await app.inject({ method: 'POST', url: '/post-own-wording', payload: { name: 'x' } });
    expect(ok.json()).toEqual({ status_code: 0, n: 2, label: 'x' });
  });
});

/** Compile-time checks (never run): a handler must return its endpoint's response type. */
export function handlersAreTypedByTheirEndpoint(app: FastifyInstance): void {
  // @ts-expect-error a success answer's status_code is the literal 0
  route(app, get('/x')).handle(() => ({ status_code: 1, n: 1, label: 'x' }));
  // @ts-expect-error a field of the contract is missing
  route(app, get('/y')).handle(() => ({ status_code: 0, n: 1 }));
  // @ts-expect-error prepared JSON stands for the endpoint's response type, not another
  route(app, get('/z')).handle(() => preparedJson<{ status_code: 0 }>('{"status_code":0}'));
  // @ts-expect-error the body is typed from the endpoint's schema
  route(app, post).handle((req) => ({ status_code: 0, n: 1, label: req.body.age as string }));
}
