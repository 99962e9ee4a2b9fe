import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';
import {
  createOfflineCache,
  OFFLINE_CACHE_KEY,
  type OfflineStorage,
} from '../src/features/offline/offlineCache';
import type { OfflineStart } from '../src/features/sessions';
import { accountOfToken } from '../src/features/sessions/accountOfToken';
import { createFakeServer, type FakeServer } from './support/fakeServer';
import { memoryStorage } from './support/memoryStorage';
import { renderApp } from './support/renderApp';
import { reading, sensorConf, sessionInfo } from './support/fixtures';

// Decision 0145: the app opened with a session shows the kept copy of the same account's probe list at
// once, marked as the device's copy with its age, and replaces it when the fresh data arrives.

/** The entry's wiring (main.tsx): the copy is written from the app's cache, and restored into it. */
function offlineStartOf(storage: OfflineStorage) {
  return (client: QueryClient): OfflineStart => {
    const cache = createOfflineCache(storage);
    cache.persistFrom(client);
    return {
      restore: () => cache.restore(client) !== null,
      restoreFor: (account) => cache.restoreFor(client, account),
      clear: () => cache.clear(),
    };
  };
}

const haySetup = (name: string) => ({
  conf: { F1000001: [sensorConf('H-001', name)] },
  data: { F1000001: [reading('H-001', [41.2], 300)] },
});

/** A device that saw account 7's probe list (the probe then named "Kept name"). */
async function deviceThatSawTheList(): Promise<ReturnType<typeof memoryStorage>> {
  const storage = memoryStorage();
  const server = createFakeServer({ loggedIn: true, jwtTokens: true, ...haySetup('Kept name') });
  const first = renderApp('/probes', server, { offlineStart: offlineStartOf(storage) });
  expect(await screen.findByText('Kept name')).toBeTruthy();
  await waitFor(() => expect(storage.getItem(OFFLINE_CACHE_KEY)).toContain('Kept name'), { timeout: 3000 });
  first.unmount();
  return storage;
}

/**
 * The server with every data call (all but the session's own refresh) held until released, as on a
 * slow network: what shows meanwhile can only be the device's copy. `held` lists the calls waiting.
 */
function holdData(server: FakeServer): { server: FakeServer; held: string[]; release: () => void } {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const held: string[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input instanceof Request ? input.url : input);
    if (url.includes('/client/')) {
      held.push(new URL(url, 'http://localhost').pathname);
      await released;
    }
    return server.fetch(input, init);
  });
  return { server: { ...server, fetch }, held, release };
}

describe('opening with the kept copy of the same account (decision 0145)', () => {
  afterEach(() => {
    localStorage.clear();
  });

  it('shows the copy at once, marked with its age, and replaces it silently with the fresh list', async () => {
    const storage = await deviceThatSawTheList();
    const { server, held, release } = holdData(
      createFakeServer({ loggedIn: true, jwtTokens: true, ...haySetup('Fresh name') }),
    );
    renderApp('/probes', server, { offlineStart: offlineStartOf(storage) });
    // Before any data call has answered: the device's copy, said to be one.
    expect(await screen.findByText('Kept name')).toBeTruthy();
    expect((await screen.findByTestId('device-copy-banner')).textContent).toMatch(
      /^This device's copy from .+ — updating…$/,
    );
    expect(screen.queryByTestId('offline-banner')).toBeNull();
    // The fresh list is being read behind it.
    await waitFor(() => expect(held).toContain('/client/data'));

    release();
    expect(await screen.findByText('Fresh name')).toBeTruthy();
    expect(screen.queryByText('Kept name')).toBeNull();
    await waitFor(() => expect(screen.queryByTestId('device-copy-banner')).toBeNull());
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("shows nothing of the copy to another account's session, and forgets it", async () => {
    const storage = await deviceThatSawTheList();
    const { server, held, release } = holdData(
      createFakeServer({
        loggedIn: true,
        jwtTokens: true,
        session: sessionInfo({ UID: 8, users: [{ UID: 8, username: 'other' }] }),
        ...haySetup('Other name'),
      }),
    );
    renderApp('/probes', server, { offlineStart: offlineStartOf(storage) });
    await waitFor(() => expect(held).toContain('/client/getSessionInfo'));
    expect(storage.getItem(OFFLINE_CACHE_KEY)).toBeNull();
    expect(screen.queryByText('Kept name')).toBeNull();
    expect(screen.queryByTestId('probe-row')).toBeNull();
    expect(screen.queryByTestId('device-copy-banner')).toBeNull();
    release();
    expect(await screen.findByText('Other name')).toBeTruthy();
    expect(screen.queryByText('Kept name')).toBeNull();
  });

  it('shows nothing of the copy when the session cannot be restored: the login page', async () => {
    const storage = await deviceThatSawTheList();
    const server = createFakeServer({ loggedIn: false, jwtTokens: true, ...haySetup('Fresh name') });
    renderApp('/probes', server, { offlineStart: offlineStartOf(storage) });
    expect(await screen.findByLabelText('Password')).toBeTruthy();
    expect(screen.queryByText('Kept name')).toBeNull();
    expect(screen.queryByTestId('device-copy-banner')).toBeNull();
    expect(storage.getItem(OFFLINE_CACHE_KEY)).toBeNull();
  });
});

describe('the account of an access token', () => {
  const part = (o: unknown) =>
    btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  it.each([
    [`${part({ alg: 'HS256' })}.${part({ sub: '7', aud: 'emberwatch' })}.sig`, 7],
    [`${part({ alg: 'HS256' })}.${part({ sub: '123456', act: { sub: '2' } })}.sig`, 123456],
    [`${part({ alg: 'HS256' })}.${part({ sub: 7 })}.sig`, null],
    [`${part({ alg: 'HS256' })}.${part({ sub: '07' })}.sig`, null],
    [`${part({ alg: 'HS256' })}.${part({ sub: '-1' })}.sig`, null],
    [`${part({ alg: 'HS256' })}.${part({})}.sig`, null],
    [`${part({ alg: 'HS256' })}.not base64!.sig`, null],
    ['token-1', null],
    ['', null],
  ])('%s → %s', (token, account) => {
    expect(accountOfToken(token)).toBe(account);
  });
});
