import type { z } from 'zod';

/**
 * One call of the API: method, path, the schema of its input (query for a GET, body for a POST) and
 * of its successful answer. The server registers its route from it (apps/server/src/http/route.ts),
 * so the OpenAPI document and the validation come from the same schemas, and a client calls by
 * endpoint with its input and answer typed from them.
 */

/**
 * What a call needs besides its input:
 * - `user`: a bearer access token of a logged-in user;
 * - `public`: nothing (the login page's texts, the health check);
 * - `session`: the httpOnly refresh cookie the browser sends (login sets it, refresh and logout use it);
 * - `station`: a base station's id and secret (the ingest protocol);
 * - `apiKey`: an account's public API key in the X-API-Key header (the public API, decision 0110).
 */
export type EndpointAuth = 'user' | 'public' | 'session' | 'station' | 'apiKey';

interface EndpointBase {
  readonly path: string;
  readonly response: z.ZodType;
  readonly auth: EndpointAuth;
  /** One line for the OpenAPI document. */
  readonly summary: string;
}

export interface GetEndpoint extends EndpointBase {
  readonly method: 'GET';
  readonly query?: z.ZodType;
  readonly body?: never;
}

export interface PostEndpoint extends EndpointBase {
  readonly method: 'POST';
  readonly body?: z.ZodType;
  readonly query?: never;
}

export type Endpoint = GetEndpoint | PostEndpoint;

/** Keeps the literal method and path and the exact schemas of an endpoint; no runtime work. */
export function defineEndpoint<const E extends Endpoint>(endpoint: E): E {
  return endpoint;
}

/**
 * A feature's endpoints, by name. A call rather than a bare object literal so that the web build
 * (apps/web/vite.config.ts marks each top-level call of a contract module pure) can drop the whole
 * group, schemas and zod with it, when the page does not use it.
 */
export function defineEndpoints<const G extends Record<string, Endpoint>>(group: G): G {
  return group;
}

/** The successful answer of an endpoint. */
export type ResponseOf<E extends Endpoint> = z.output<E['response']>;

/** A coerced query field (`z.coerce.number()`) accepts anything; a client sends it as a string or number. */
type QueryValue<T> = unknown extends T ? string | number : T;

/** What a client sends as the query string (undefined when the endpoint takes none). */
export type QueryOf<E extends Endpoint> = E extends { query: infer Q extends z.ZodType }
  ? { [K in keyof z.input<Q>]: QueryValue<z.input<Q>[K]> }
  : undefined;

/** What a client sends as the JSON body (undefined when the endpoint takes none). */
export type BodyOf<E extends Endpoint> = E extends { body: infer B extends z.ZodType }
  ? z.input<B>
  : undefined;

/** The query as the server's handler receives it: validated, coerced, defaults filled in. */
export type ParsedQueryOf<E extends Endpoint> = E extends { query: infer Q extends z.ZodType }
  ? z.output<Q>
  : undefined;

/** The body as the server's handler receives it: validated, defaults filled in. */
export type ParsedBodyOf<E extends Endpoint> = E extends { body: infer B extends z.ZodType }
  ? z.output<B>
  : undefined;
