import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { STATION_COOKIE } from '@emberwatch/shared/domain/settingsVisibility';
import { setActingFor } from '../src/features/base-stations/actingFor';
import { createQueryClient } from '../src/lib/createQueryClient';
import { createFakeServer, type FakeServer } from './support/fakeServer';
import { renderApp } from './support/renderApp';
import { reading, sensorConf, station } from './support/fixtures';

// Decision 0173: a session restored on app start asks for the first screen's reads at once — the
// session info, user info and station list together, then the starting station's configuration and
// readings as soon as the session and stations are known — not each after the shell's next render.

/**
 * The server with the calls whose path ends in one of `hold` held until released; `asked` lists every
 * call made (path and query), in order.
 */
function holding(server: FakeServer, hold: string[]) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const asked: string[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
    asked.push(`${url.pathname}${url.search}`);
    if (hold.some((h) => url.pathname.endsWith(h))) await released;
    return server.fetch(input, init);
  });
  return { server: { ...server, fetch }, asked, release };
}

const twoStations = {
  loggedIn: true,
  jwtTokens: true,
  stations: [station('F1000001', { display_name: 'Barn' }), station('F1000002', { display_name: 'Shed' })],
  conf: { F1000001: [sensorConf('H-001', 'Barn probe')], F1000002: [sensorConf('H-002', 'Shed probe')] },
  data: { F1000001: [reading('H-001', [41.2], 300)], F1000002: [reading('H-002', [22.5], 300)] },
};

describe('the first screen read ahead (decision 0173)', () => {
  afterEach(() => {
    document.cookie = `${STATION_COOKIE}=; path=/; max-age=0`;
    setActingFor(null);
  });

  it('asks for the starting station’s configuration and readings before the user info has answered', async () => {
    const { server, asked, release } = holding(createFakeServer(twoStations), ['/client/userInfo']);
    // The app's own query defaults: what was read ahead is fresh when the page asks for it.
    renderApp('/probes', server, { queryClient: createQueryClient() });
    await waitFor(() => expect(asked).toContain('/client/data?basestationID=F1000001'));
    expect(asked).toContain('/client/bsConf?basestationID=F1000001');
    // Still held: the shell has not drawn the page, whose own queries find these in the cache.
    expect(screen.queryByTestId('probe-row')).toBeNull();
    expect(asked.filter((a) => a.startsWith('/client/data')).length).toBe(1);
    expect(asked.some((a) => a.includes('F1000002'))).toBe(false);
    release();
    expect(await screen.findByText('Barn probe')).toBeTruthy();
    // The page read what was read ahead: no second read of either.
    expect(asked.filter((a) => a === '/client/data?basestationID=F1000001').length).toBe(1);
    expect(asked.filter((a) => a === '/client/bsConf?basestationID=F1000001').length).toBe(1);
  });

  it('reads ahead the station the user chose last time (its cookie), as the list opens on it', async () => {
    document.cookie = `${STATION_COOKIE}=F1000002; path=/`;
    const { server, asked, release } = holding(createFakeServer(twoStations), ['/client/userInfo']);
    renderApp('/probes', server);
    await waitFor(() => expect(asked).toContain('/client/data?basestationID=F1000002'));
    expect(asked.some((a) => a.includes('F1000001'))).toBe(false);
    release();
    expect(await screen.findByText('Shed probe')).toBeTruthy();
  });

  it('reads nothing ahead for an admin working for a customer: the session info says whose stations', async () => {
    setActingFor({ adminUid: 7, uid: 12, username: 'farmer', name: null, bsId: 'F1000001' });
    const { server, asked, release } = holding(createFakeServer(twoStations), ['/client/getSessionInfo']);
    renderApp('/probes', server);
    await waitFor(() => expect(asked).toContain('/client/getSessionInfo'));
    // A moment for anything that would be read ahead.
    await new Promise((r) => setTimeout(r, 50));
    expect(asked.some((a) => a.startsWith('/client/basestationArray'))).toBe(false);
    expect(asked.some((a) => a.startsWith('/client/data'))).toBe(false);
    release();
  });

  it('after a login too: the station’s configuration and readings before the user info has answered', async () => {
    const { server, asked, release } = holding(createFakeServer({ ...twoStations, loggedIn: false }), [
      '/client/userInfo',
    ]);
    const app = renderApp('/probes', server, { queryClient: createQueryClient() });
    await app.user.type(await screen.findByLabelText('Username'), 'farmer');
    await app.user.type(screen.getByLabelText('Password'), 'secret');
    await app.user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(asked).toContain('/client/data?basestationID=F1000001'));
    expect(asked).toContain('/client/bsConf?basestationID=F1000001');
    expect(screen.queryByTestId('probe-row')).toBeNull();
    release();
    expect(await screen.findByText('Barn probe')).toBeTruthy();
    expect(asked.filter((a) => a === '/client/data?basestationID=F1000001').length).toBe(1);
  });
});
