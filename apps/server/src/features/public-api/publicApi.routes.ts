import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { publicApiEndpoints as e } from '@emberwatch/shared/contracts/publicApi';
import { publicApiKeyEndpoints as k } from '@emberwatch/shared/contracts/publicApiKeys';
import {
  publicErrorCodeOf,
  type PublicApiErrorCode,
} from '@emberwatch/shared/domain/publicApi/publicApiErrors';
import type { ApiError } from '../../http/ApiError.js';
import { actorOf, type Authenticate } from '../../http/authenticate.js';
import { errorHandler } from '../../http/errorHandler.js';
import { preparedJson, route } from '../../http/route.js';
import type { ApiKeysService } from './apiKeys.service.js';
import { keyCallerOf } from './keyAuth.js';
import { measurementsCsv, measurementsJson } from './measurementText.js';
import type { PublicApiService } from './publicApi.service.js';
import { PublicApiError } from './publicApiError.js';
import { PUBLIC_OPENAPI_PATH, publicOpenApi } from './publicOpenApi.js';

declare module 'fastify' {
  interface FastifyRequest {
    publicErrorCode?: PublicApiErrorCode;
  }
}

/** The key management calls: a logged-in owner's (decision 0109). */
function keyRoutes(ctx: { authenticate: Authenticate; keys: ApiKeysService }) {
  return (app: FastifyInstance): void => {
    app.addHook('preValidation', ctx.authenticate);
    const { keys } = ctx;
    route(app, k.generateKey).handle(async (req) => ({
      status_code: 0,
      ...(await keys.generate(actorOf(req), req.query.name, req.query.scope)),
    }));
    route(app, k.getApiKeys).handle(async (req) => ({ status_code: 0, ...(await keys.list(actorOf(req))) }));
    route(app, k.renameApiKey).handle(async (req) => ({
      status_code: 0,
      key: await keys.rename(actorOf(req), req.body.id, req.body.name),
    }));
    route(app, k.revokeApiKey).handle(async (req) => ({
      status_code: 0,
      key: await keys.revoke(actorOf(req), req.body.id),
    }));
    route(app, k.rotateApiKey).handle(async (req) => ({
      status_code: 0,
      ...(await keys.rotate(actorOf(req), req.body.id)),
    }));
  };
}

/** Whether a GET is a browser opening the test page of the route table rather than an API call. */
export function wantsTestPage(req: FastifyRequest): boolean {
  return (
    req.method === 'GET' &&
    req.headers.accept?.includes('text/html') === true &&
    req.headers['x-api-key'] === undefined
  );
}

/**
 * Every refusal of a key call leaves in the usual envelope with its stable `code` (decision 0111):
 * the public API's own, or one derived from a shared service's refusal (an activation's status).
 */
function publicErrors(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | ApiError, req, reply) => {
    if (err instanceof PublicApiError) {
      req.publicErrorCode = err.code;
      if (err.retryAfterS !== undefined) void reply.header('retry-after', String(err.retryAfterS));
    }
    // A shared service's own throttle (the activation's wrong codes) says how long to wait too.
    const wait = (err as { retryAfterS?: unknown }).retryAfterS;
    if (typeof wait === 'number') void reply.header('retry-after', String(wait));
    errorHandler(err, req, reply);
  });
  app.addHook('preSerialization', async (req: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (reply.statusCode < 400 || typeof payload !== 'object' || payload === null) return payload;
    const envelope = payload as { status_code?: number };
    if (typeof envelope.status_code !== 'number') return payload;
    return {
      ...envelope,
      code: req.publicErrorCode ?? publicErrorCodeOf(reply.statusCode, envelope.status_code),
    };
  });
}

/** The public API's calls, with a key (decisions 0110–0112). */
function apiRoutes(ctx: {
  keyAuth: (req: FastifyRequest, reply: FastifyReply) => Promise<void>;
  keyUsed: (req: FastifyRequest) => Promise<void>;
  api: PublicApiService;
}) {
  return (app: FastifyInstance): void => {
    publicErrors(app);
    // A browser opening one of these addresses gets the web app's test page (spec doc 1 §2 route
    // table): the not-found handler serves index.html to a GET asking for HTML (createServer.ts).
    app.addHook('onRequest', async (req, reply) => {
      if (wantsTestPage(req)) return reply.callNotFound();
    });
    app.addHook('preValidation', ctx.keyAuth);
    app.addHook('preHandler', ctx.keyUsed);
    const { api } = ctx;

    route(app, e.getSummary).handle(async (req) => api.summary(keyCallerOf(req)));
    route(app, e.getOverview).handle(async (req) => ({
      status_code: 0,
      ...(await api.overview(keyCallerOf(req), req.query)),
    }));
    route(app, e.getMeasurements).handle(async (req, reply) => {
      const page = await api.measurements(keyCallerOf(req), req.query);
      if (req.query.format === 'csv') {
        // The cursor goes in a header: the CSV stays one table.
        if (page.next_cursor !== null) void reply.header('x-next-cursor', page.next_cursor);
        return reply.type('text/csv; charset=utf-8').send(measurementsCsv(page.readings, page.unit)) as never;
      }
      // Thousands of readings of one shape: written by hand, not by the checking serialiser (decision
      // 0127), and sent as bytes, encoded once (decision 0143).
      return preparedJson(Buffer.from(measurementsJson(page)));
    });
    route(app, e.activateSystem).handle(async (req) =>
      api.activate(keyCallerOf(req), 'system', req.body.code, undefined, req.ip),
    );
    route(app, e.activateProbes).handle(async (req) =>
      api.activate(keyCallerOf(req), 'probes', req.body.code, req.body.bs_id, req.ip),
    );
    route(app, e.deactivateBS).handle(async (req) => api.deactivate(keyCallerOf(req), req.body.bs_id));
    route(app, e.reactivateBS).handle(async (req) => api.reactivate(keyCallerOf(req), req.body.bs_id));
  };
}

export function publicApiRoutes(ctx: {
  authenticate: Authenticate;
  keys: ApiKeysService;
  keyAuth: (req: FastifyRequest, reply: FastifyReply) => Promise<void>;
  keyUsed: (req: FastifyRequest) => Promise<void>;
  api: PublicApiService;
  publicUrl: string;
}) {
  return async (app: FastifyInstance): Promise<void> => {
    await app.register(keyRoutes(ctx));
    await app.register(apiRoutes(ctx));
    // The public API's own OpenAPI document, outside the app's (/api/docs): not one of its calls.
    const doc = JSON.stringify(publicOpenApi(ctx.publicUrl));
    app.get(PUBLIC_OPENAPI_PATH, { schema: { hide: true } }, async (_req, reply) =>
      reply.type('application/json; charset=utf-8').send(doc),
    );
  };
}
