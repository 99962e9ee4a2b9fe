import { describe, expect, it, vi } from 'vitest';
import { createApiClient, REFRESH_BEFORE_EXPIRY_MS } from '../src/lib/apiClient';
import { ApiRequestError } from '../src/lib/ApiRequestError';
import { createFakeServer, json } from './support/fakeServer';

describe('the API client', () => {
  it('sends the access token as a bearer header with credentials included', async () => {
    const server = createFakeServer();
    const api = createApiClient({ fetch: server.fetch });
    await api.login({ username: 'farmer', password: 'secret' });
    await api.get('/client/basestationArray');
    const call = server.callsTo('GET', '/client/basestationArray')[0];
    expect(call?.authorization).toBe('Bearer token-1');
    expect(call?.credentials).toBe('include');
  });

  it('keeps the token out of web storage', async () => {
    const server = createFakeServer();
    const api = createApiClient({ fetch: server.fetch });
    await api.login({ username: 'farmer', password: 'secret' });
    expect(JSON.stringify({ ...localStorage })).not.toContain('token-1');
    expect(JSON.stringify({ ...sessionStorage })).not.toContain('token-1');
  });

  it('refreshes once and retries when a call is refused with 401', async () => {
    const server = createFakeServer();
    const api = createApiClient({ fetch: server.fetch });
    await api.login({ username: 'farmer', password: 'secret' });
    server.state.validTokens.clear(); // e.g. the server restarted with a new key
    const result = await api.get<{ results: unknown[] }>('/client/basestationArray');
    expect(result.results).toHaveLength(1);
    expect(server.callsTo('POST', '/admin/refreshToken')).toHaveLength(1);
    expect(server.callsTo('GET', '/client/basestationArray').map((c) => c.authorization)).toEqual([
      'Bearer token-1',
      'Bearer token-2',
    ]);
  });

  it('ends the session when the refresh is refused too', async () => {
    const server = createFakeServer();
    const api = createApiClient({ fetch: server.fetch });
    const changes: (string | null)[] = [];
    api.onAuthChange((t) => changes.push(t?.accessToken ?? null));
    await api.login({ username: 'farmer', password: 'secret' });
    server.state.validTokens.clear();
    server.state.cookie = false;
    await expect(api.get('/client/basestationArray')).rejects.toMatchObject({ httpStatus: 401 });
    expect(changes).toEqual(['token-1', null]);
    expect(api.hasToken()).toBe(false);
  });

  it('takes the server\'s "no session" answer to a refresh as no session, without an error', async () => {
    const server = createFakeServer({ loggedIn: false });
    const api = createApiClient({ fetch: server.fetch });
    await expect(api.refresh()).resolves.toBeNull();
    expect(api.hasToken()).toBe(false);
    await expect(api.freshToken()).resolves.toBeNull();
  });

  it('still takes a refused refresh (a cookie whose session ended) as no session', async () => {
    const server = createFakeServer({ loggedIn: true });
    server.override('POST /admin/refreshToken', () =>
      json({ status_code: 401, error: 'Your session has ended.' }, 401),
    );
    const api = createApiClient({ fetch: server.fetch });
    await expect(api.refresh()).resolves.toBeNull();
    expect(api.hasToken()).toBe(false);
  });

  it('refreshes the token 20 seconds before it expires', async () => {
    vi.useFakeTimers();
    const server = createFakeServer();
    const expiry = Date.now() + 60_000;
    server.override('POST /admin/login', () =>
      json({ status_code: 0, UID: 7, accessToken: 'first', accessTokenExpiry: expiry }),
    );
    const api = createApiClient({ fetch: server.fetch });
    server.state.cookie = true;
    await api.login({ username: 'farmer', password: 'secret' });
    await vi.advanceTimersByTimeAsync(60_000 - REFRESH_BEFORE_EXPIRY_MS - 1);
    expect(server.callsTo('POST', '/admin/refreshToken')).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(2);
    expect(server.callsTo('POST', '/admin/refreshToken')).toHaveLength(1);
    expect(REFRESH_BEFORE_EXPIRY_MS).toBe(20_000);
  });

  it('asks the server only once when several calls need a refresh at the same time', async () => {
    const server = createFakeServer({ loggedIn: true });
    const api = createApiClient({ fetch: server.fetch });
    await Promise.all([
      api.get('/client/basestationArray'),
      api.get('/client/getSessionInfo'),
      api.get('/auth'),
    ]);
    expect(server.callsTo('POST', '/admin/refreshToken')).toHaveLength(1);
  });

  it('reports a network failure as such', async () => {
    const api = createApiClient({ fetch: () => Promise.reject(new TypeError('Failed to fetch')) });
    const error = await api.login({ username: 'a', password: 'b' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ kind: 'network', httpStatus: 0 });
  });

  it("treats a non-zero status_code in a 200 answer as a failure with the server's text", async () => {
    const server = createFakeServer({ loggedIn: true });
    server.override('GET /client/userInfo', () => json({ status_code: 3, error: 'No such user' }));
    const api = createApiClient({ fetch: server.fetch });
    await expect(api.get('/client/userInfo', { UID: 1 })).rejects.toMatchObject({
      statusCode: 3,
      serverMessage: 'No such user',
    });
  });

  it('puts query parameters in the URL and leaves out empty ones', async () => {
    const server = createFakeServer({ loggedIn: true });
    const api = createApiClient({ fetch: server.fetch });
    await api.get('/client/data', { basestationID: 'F1000001', UID: undefined });
    expect(server.callsTo('GET', '/client/data')[0]?.query.toString()).toBe('basestationID=F1000001');
  });
});
