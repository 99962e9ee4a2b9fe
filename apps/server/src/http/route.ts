import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  FastifySchemaCompiler,
  RouteOptions,
  RouteShorthandOptions,
} from 'fastify';
// The OpenAPI fields of a route schema (summary, security) come from @fastify/swagger's type augmentation.
import type {} from '@fastify/swagger';
import type {
  Endpoint,
  EndpointAuth,
  ParsedBodyOf,
  ParsedQueryOf,
  ResponseOf,
} from '@emberwatch/shared/contracts/endpoint';
import { apiErrorSchema } from '@emberwatch/shared/contracts/session';
import type { z } from 'zod';
import type { ApiError } from './ApiError.js';
import { auditedCall } from './audit.js';

const JSON_TYPE = 'application/json; charset=utf-8';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who calls the route, from its endpoint in the catalogue (createServer's cache hook reads it). */
    auth?: EndpointAuth;
  }
}

/** Whether a route's answers are about a logged-in user (or carry a session's tokens): never cached. */
export function isPrivateAuth(auth: EndpointAuth | undefined): boolean {
  return auth === 'user' || auth === 'session';
}

/**
 * An answer the route serialised itself, typed as the endpoint's response: a cached text spliced into
 * its envelope, or a large list the serialiser's validation pass would only slow down (see `unchecked`).
 * The endpoint's schema still documents it; nothing checks it at run time, so build it from typed values.
 */
export class PreparedJson<T> {
  /** Only ties the text to the response type it stands for; never set. */
  declare readonly type?: T;
  constructor(readonly json: string | Buffer) {}
}

/**
 * JSON text the route assembled itself, sent as it is. As bytes (UTF-8) for a large answer: Fastify
 * measures a text's length in bytes and Node encodes it again to send it; bytes are encoded once.
 */
export function preparedJson<T>(json: string | Buffer): PreparedJson<T> {
  return new PreparedJson<T>(json);
}

/**
 * A typed answer sent with JSON.stringify instead of the schema-checking serialiser. For responses of
 * thousands of points, where the per-element validation costs more than the serialising itself; the
 * compiler still checks the value against the endpoint's response type.
 */
export function unchecked<T>(value: T): PreparedJson<T> {
  return new PreparedJson<T>(JSON.stringify(value));
}

/** The request as a handler of the endpoint sees it: query and body validated and typed. */
export type EndpointRequest<E extends Endpoint> = FastifyRequest<{
  Querystring: ParsedQueryOf<E>;
  Body: ParsedBodyOf<E>;
}>;

type Answer<R> = R | PreparedJson<R>;

/** Returns the endpoint's answer; a refusal is thrown (ApiError) and leaves as the error envelope. */
export type EndpointHandler<E extends Endpoint> = (
  req: EndpointRequest<E>,
  reply: FastifyReply,
) => Answer<ResponseOf<E>> | Promise<Answer<ResponseOf<E>>>;

export interface EndpointRouteOptions extends Pick<
  RouteShorthandOptions,
  'preHandler' | 'preValidation' | 'bodyLimit' | 'logLevel'
> {
  /** false: no security headers (@fastify/helmet's route option), for a route no browser calls. */
  helmet?: false;
  /**
   * The 400 for input the schema refuses, when a call has its own wording; by default the error
   * handler turns the first zod problem into "path: message" (http/errorHandler.ts).
   */
  invalid?: (error: z.ZodError) => ApiError;
  /**
   * A hand-written check of the body for a hot endpoint, true exactly when the body schema accepts it
   * and leaving the body as the schema would return it; the body is then used as it is, without the
   * schema's copy. A body it refuses goes to the schema, which words the refusal. Needs `invalid`.
   */
  checkBody?: (body: unknown) => boolean;
}

/** Every refusal and failure leaves in one envelope (http/errorHandler.ts), documented for each call. */
export const errorResponses = { '4xx': apiErrorSchema, '5xx': apiErrorSchema } as const;

/** A route whose endpoint is fixed, waiting for its handler. */
export interface EndpointRoute<E extends Endpoint> {
  handle(handler: EndpointHandler<E>): void;
}

/**
 * Registers one endpoint of the shared catalogue: its query or body schema validates and types the
 * input, its response schema documents the answer in /api/docs and checks it on the way out (fields
 * outside the contract are dropped), and the handler must return that answer's type.
 *
 * `route(app, endpoint, options).handle(handler)` rather than one call: the endpoint's type is fixed
 * before the handler is checked, so TypeScript holds the handler's object literals to the response
 * type with their literals (`status_code: 0`); in a single generic call it widens them to number.
 * The OpenAPI test notices an endpoint whose route was never handled.
 */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  options: EndpointRouteOptions = {},
): EndpointRoute<E> {
  return { handle: (handler) => register(app, endpoint, options, handler) };
}

function register<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  options: EndpointRouteOptions,
  handler: EndpointHandler<E>,
): void {
  const { invalid, checkBody, ...routeOptions } = options;
  // Staff calls are recorded in the audit trail without the route asking (http/audit.ts, decision 0089).
  const audit = endpoint.auth === 'user' ? auditedCall(endpoint) : null;
  const schema: FastifySchema = {
    summary: endpoint.summary,
    ...(endpoint.query ? { querystring: endpoint.query } : {}),
    ...(endpoint.body ? { body: endpoint.body } : {}),
    ...(endpoint.auth === 'user' ? { security: [{ bearer: [] }] } : {}),
    ...(endpoint.auth === 'apiKey' ? { security: [{ apiKey: [] }] } : {}),
    response: { 200: endpoint.response, ...errorResponses },
  };
  const definition: RouteOptions = {
    ...routeOptions,
    method: endpoint.method,
    url: endpoint.path,
    config: { auth: endpoint.auth },
    schema,
    handler: async (req, reply) => {
      // The validator compiler has replaced query and body with the schemas' parsed values.
      const run = async () => handler(req as EndpointRequest<E>, reply);
      const answer = audit ? await audit.run(req, run) : await run();
      if (answer instanceof PreparedJson) return reply.type(JSON_TYPE).send(answer.json);
      return answer;
    },
    ...(audit ? { onSend: audit.onSend } : {}),
  };
  if (invalid) definition.validatorCompiler = refusingWith(invalid, checkBody);
  app.route(definition);
}

/** Validates like fastify-type-provider-zod's compiler, but refuses with the call's own ApiError. */
function refusingWith(
  invalid: (error: z.ZodError) => ApiError,
  checkBody?: (body: unknown) => boolean,
): FastifySchemaCompiler<FastifySchema> {
  return ({ schema, httpPart }) =>
    (data) => {
      if (checkBody && httpPart === 'body' && checkBody(data)) return { value: data as unknown };
      const parsed = (schema as z.ZodType).safeParse(data);
      return parsed.success ? { value: parsed.data } : { error: invalid(parsed.error) };
    };
}
