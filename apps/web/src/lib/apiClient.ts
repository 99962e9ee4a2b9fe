import type { BodyOf, Endpoint, QueryOf, ResponseOf } from '@emberwatch/shared/contracts/endpoint';
import { endpoints } from '@emberwatch/shared/contracts/endpoints';
import type { AccessToken, LoginRequest, LoginResponse } from '@emberwatch/shared/contracts/session';
import { ApiRequestError } from './ApiRequestError';

/** Spec doc 1 §9: the access token is refreshed 20 s before it expires. */
export const REFRESH_BEFORE_EXPIRY_MS = 20_000;
/** After a refresh that failed for lack of network, try again this soon while the token still lives. */
const REFRESH_RETRY_MS = 5_000;

type Query = Readonly<Record<string, string | number | boolean | null | undefined>>;

/**
 * An endpoint a page calls: with the user's bearer token, or public (no bearer). The session's own
 * calls (login, refresh, logout) go through the methods of the same names, which own the token.
 */
export type CallableEndpoint = Endpoint & { readonly auth: 'user' | 'public' };

/** What a call sends: the query string of a GET, the JSON body of a POST. */
export type InputOf<E extends Endpoint> = E extends { readonly method: 'GET' } ? QueryOf<E> : BodyOf<E>;

/** The input may be left out when the endpoint takes none or every field of it is optional. */
export type CallArgs<E extends Endpoint> =
  undefined extends InputOf<E>
    ? [input?: InputOf<E>]
    : Partial<InputOf<E>> extends InputOf<E>
      ? [input?: InputOf<E>]
      : [input: InputOf<E>];

export interface ApiClientOptions {
  /** Same origin in production; the dev server proxies the API paths. */
  baseUrl?: string;
  fetch?: typeof fetch;
  now?: () => number;
  /**
   * The session's access token when the client starts with one: a page drawn on the server for a
   * logged-in user carries it (decision 0174), and the app takes the page over as that user at once.
   */
  token?: AccessToken;
}

export type AuthListener = (token: AccessToken | null) => void;

export interface ApiClient {
  login(req: LoginRequest): Promise<LoginResponse>;
  logout(): Promise<void>;
  /** Exchanges the httpOnly refresh cookie for an access token; null when there is no session. */
  refresh(): Promise<AccessToken | null>;
  /** A token valid for at least a few seconds (refreshing if needed), for the WebSocket handshake. */
  freshToken(): Promise<string | null>;
  /**
   * Calls an endpoint of the contract (`endpoints.<feature>.<call>` of @emberwatch/shared): its
   * input and answer are typed from its schemas. A public endpoint is called without the bearer.
   */
  call<E extends CallableEndpoint>(endpoint: E, ...input: CallArgs<E>): Promise<ResponseOf<E>>;
  hasToken(): boolean;
  /** Called whenever the session starts, is refreshed or ends (null = logged out or lost). */
  onAuthChange(listener: AuthListener): () => void;
  /** Forget the token locally, without calling the server (e.g. when the initial load failed). */
  forget(): void;
}

interface RequestOptions {
  method: 'GET' | 'POST';
  query?: Query;
  body?: unknown;
  auth: boolean;
}

function urlWithQuery(baseUrl: string, path: string, query: Query | undefined): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {}))
    if (v !== undefined && v !== null) params.set(k, String(v));
  const qs = params.toString();
  return `${baseUrl}${path}${qs ? `?${qs}` : ''}`;
}

async function readBody(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function envelope(body: unknown): { status_code?: unknown; error?: unknown } {
  return typeof body === 'object' && body !== null ? body : {};
}

/**
 * The typed HTTP client. The access token lives only in this closure (never in storage, so a
 * script injected into the page cannot read a long-lived credential); the refresh token is an
 * httpOnly cookie the browser sends with `credentials: 'include'`.
 */
export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const baseUrl = options.baseUrl ?? '';
  const doFetch =
    options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  const now = options.now ?? (() => Date.now());

  let token: AccessToken | null = null;
  let refreshTimer: ReturnType<typeof setTimeout> | undefined;
  let inFlightRefresh: Promise<AccessToken | null> | null = null;
  const listeners = new Set<AuthListener>();

  function notify(): void {
    for (const l of listeners) l(token);
  }

  function clearTimer(): void {
    if (refreshTimer !== undefined) clearTimeout(refreshTimer);
    refreshTimer = undefined;
  }

  function schedule(delayMs: number): void {
    clearTimer();
    refreshTimer = setTimeout(
      () => {
        refresh().catch(() => {
          // Offline: keep the token while it is still valid and try again shortly.
          if (token && token.accessTokenExpiry > now()) schedule(REFRESH_RETRY_MS);
        });
      },
      Math.max(0, delayMs),
    );
  }

  function setToken(next: AccessToken | null): void {
    token = next;
    clearTimer();
    if (next) schedule(next.accessTokenExpiry - now() - REFRESH_BEFORE_EXPIRY_MS);
    notify();
  }

  async function send(
    path: string,
    opts: RequestOptions,
    bearer: string | null,
  ): Promise<{ res: Response; body: unknown }> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (opts.body !== undefined) headers['Content-Type'] = 'application/json';
    if (bearer) headers.Authorization = `Bearer ${bearer}`;
    let res: Response;
    try {
      res = await doFetch(urlWithQuery(baseUrl, path, opts.query), {
        method: opts.method,
        headers,
        credentials: 'include',
        body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      });
    } catch {
      throw new ApiRequestError('network', 0, 0, null);
    }
    return { res, body: await readBody(res) };
  }

  function toError(res: Response, body: unknown): ApiRequestError {
    const env = envelope(body);
    const statusCode = typeof env.status_code === 'number' ? env.status_code : res.status;
    const message = typeof env.error === 'string' && env.error.length > 0 ? env.error : null;
    // Retry-After in seconds (the form this server sends; an HTTP date is ignored).
    const retryAfter = /^\d+$/.test(res.headers.get('retry-after') ?? '')
      ? Number(res.headers.get('retry-after'))
      : null;
    return new ApiRequestError('http', res.status, statusCode, message, retryAfter);
  }

  function unwrap<T>(res: Response, body: unknown): T {
    const env = envelope(body);
    if (!res.ok || (typeof env.status_code === 'number' && env.status_code !== 0)) throw toError(res, body);
    return body as T;
  }

  async function doRefresh(): Promise<AccessToken | null> {
    const { res, body } = await send(
      endpoints.sessions.refreshToken.path,
      { method: 'POST', auth: false },
      null,
    );
    if (res.status === 401 || res.status === 403) {
      setToken(null);
      return null;
    }
    const t = unwrap<ResponseOf<typeof endpoints.sessions.refreshToken>>(res, body);
    // No session cookie: the server says so with nulls (docs/API.md), not with an error.
    if (t.accessToken === null || t.accessTokenExpiry === null) {
      setToken(null);
      return null;
    }
    const next = { accessToken: t.accessToken, accessTokenExpiry: t.accessTokenExpiry };
    setToken(next);
    return next;
  }

  function refresh(): Promise<AccessToken | null> {
    // One refresh at a time: the refresh token rotates, so a second concurrent call would present
    // a token the first one already spent.
    inFlightRefresh ??= doRefresh().finally(() => {
      inFlightRefresh = null;
    });
    return inFlightRefresh;
  }

  async function request<T>(path: string, opts: RequestOptions): Promise<T> {
    if (!opts.auth) {
      const { res, body } = await send(path, opts, null);
      return unwrap<T>(res, body);
    }
    let current = token;
    if (!current || current.accessTokenExpiry <= now()) current = await refresh();
    if (!current) throw new ApiRequestError('http', 401, 401, null);
    const first = await send(path, opts, current.accessToken);
    if (first.res.status !== 401) return unwrap<T>(first.res, first.body);
    // The token may have been revoked or the clock skewed: one refresh, one retry, then give up.
    const renewed = await refresh();
    if (!renewed) throw toError(first.res, first.body);
    const second = await send(path, opts, renewed.accessToken);
    if (second.res.status === 401) setToken(null);
    return unwrap<T>(second.res, second.body);
  }

  function call<E extends CallableEndpoint>(endpoint: E, ...[input]: CallArgs<E>): Promise<ResponseOf<E>> {
    const auth = endpoint.auth === 'user';
    return endpoint.method === 'GET'
      ? request(endpoint.path, { method: 'GET', query: input, auth })
      : request(endpoint.path, { method: 'POST', body: input ?? {}, auth });
  }

  if (options.token) setToken(options.token);

  return {
    async login(req) {
      const result = await request<LoginResponse>(endpoints.sessions.login.path, {
        method: 'POST',
        body: req,
        auth: false,
      });
      setToken({ accessToken: result.accessToken, accessTokenExpiry: result.accessTokenExpiry });
      return result;
    },
    async logout() {
      try {
        // The bearer lets the server revoke this very session; the cookie identifies the refresh token.
        await send(
          endpoints.sessions.logout.path,
          { method: 'POST', body: {}, auth: false },
          token?.accessToken ?? null,
        );
      } catch {
        // Offline: the server cannot be told, but the user asked to leave, so this device forgets the session.
      } finally {
        setToken(null);
      }
    },
    refresh,
    async freshToken() {
      if (token && token.accessTokenExpiry - now() > REFRESH_BEFORE_EXPIRY_MS) return token.accessToken;
      return (await refresh())?.accessToken ?? null;
    },
    call,
    hasToken: () => token !== null,
    onAuthChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    forget: () => setToken(null),
  };
}
