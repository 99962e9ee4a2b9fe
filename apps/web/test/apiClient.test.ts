import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import type { BasestationSummary } from '@emberwatch/shared/contracts/baseStations';
import { endpoints } from '@emberwatch/shared/contracts/endpoints';
import type { UiPreferences } from '@emberwatch/shared/contracts/preferences';
import { createApiClient, REFRESH_BEFORE_EXPIRY_MS, type ApiClient } from '../src/lib/apiClient';
import { ApiRequestError } from '../src/lib/ApiRequestError';
import { createFakeServer, json } from './support/fakeServer';

describe('the API client', () => {
  it('sends the access token as a bearer header with credentials included', async () => {
    const server = createFakeServer();
    const api = createApiClient({ fetch: server.fetch });
    await api.login({ username: 'farmer', password: 'secret' });
    await api.call(endpoints.baseStations.basestationArray);
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
    const result = await api.call(endpoints.baseStations.basestationArray);
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
    await expect(api.call(endpoints.baseStations.basestationArray)).rejects.toMatchObject({
      httpStatus: 401,
    });
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
      api.call(endpoints.baseStations.basestationArray),
      api.call(endpoints.sessions.getSessionInfo),
      api.call(endpoints.sessions.auth),
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
    await expect(api.call(endpoints.users.userInfo, { UID: 1 })).rejects.toMatchObject({
      statusCode: 3,
      serverMessage: 'No such user',
    });
  });

  it('puts query parameters in the URL and leaves out empty ones', async () => {
    const server = createFakeServer({ loggedIn: true });
    const api = createApiClient({ fetch: server.fetch });
    await api.call(endpoints.baseStations.data, { basestationID: 'F1000001', UID: undefined });
    expect(server.callsTo('GET', '/client/data')[0]?.query.toString()).toBe('basestationID=F1000001');
  });

  it('calls a public endpoint without the bearer, even when logged in', async () => {
    const server = createFakeServer();
    const api = createApiClient({ fetch: server.fetch });
    await api.login({ username: 'farmer', password: 'secret' });
    await api.call(endpoints.translations.getAnonymousTranslations, { locale: 'fi' });
    await api.call(endpoints.translations.getUserTranslations, { locale: 'fi' });
    const anonymous = server.callsTo('GET', '/client/getAnonymousTranslations')[0];
    expect(anonymous?.authorization).toBeNull();
    expect(anonymous?.query.toString()).toBe('locale=fi');
    expect(server.callsTo('GET', '/client/getUserTranslations')[0]?.authorization).toBe('Bearer token-1');
  });

  it("sends a POST endpoint's input as its JSON body, and an empty object when it takes none", async () => {
    const server = createFakeServer({ loggedIn: true });
    const api = createApiClient({ fetch: server.fetch });
    await api.call(endpoints.users.uiPrefs, { prefs: { degrees: 'F' } });
    const call = server.callsTo('POST', '/client/uiPrefs')[0];
    expect(call?.body).toEqual({ prefs: { degrees: 'F' } });
    expect(call?.query.toString()).toBe('');
    expect(call?.authorization).toBe('Bearer token-1');
  });

  it('types each call from its contract: the input it needs and the answer it gets', () => {
    // Type-checked, never run: tsc -p apps/web is this test's judge.
    const calls = (api: ApiClient) => {
      expectTypeOf(api.call(endpoints.baseStations.basestationArray)).resolves.toExtend<{
        results: BasestationSummary[];
      }>();
      expectTypeOf(api.call(endpoints.users.uiPrefs, { prefs: {} })).resolves.toExtend<{
        ui_preferences: UiPreferences;
      }>();
      // @ts-expect-error a station's data needs its id
      void api.call(endpoints.baseStations.data);
      // @ts-expect-error no such preference
      void api.call(endpoints.users.uiPrefs, { prefs: { colour: 'red' } });
      // @ts-expect-error the session's own calls go through login, refresh and logout, which own the token
      void api.call(endpoints.sessions.login, { username: 'a', password: 'b' });
    };
    expectTypeOf(calls).toBeFunction();
  });
});
