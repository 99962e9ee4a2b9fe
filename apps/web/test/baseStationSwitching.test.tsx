import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { STATION_COOKIE } from '@emberwatch/shared/domain/settingsVisibility';
import { createFakeServer, json } from './support/fakeServer';
import { reading, sensorConf, station } from './support/fixtures';
import { renderApp } from './support/renderApp';

const threeStations = () => [
  station('F1000001', { display_name: 'Barn' }),
  station('F1000002', { display_name: 'Silo' }),
  station('F1000003', { display_name: 'Shed' }),
];

function serverWithStations(extra: Parameters<typeof createFakeServer>[0] = {}) {
  return createFakeServer({
    loggedIn: true,
    stations: threeStations(),
    conf: {
      F1000001: [sensorConf('H1', 'Barn probe')],
      F1000002: [sensorConf('H2', 'Silo probe', { realBs: 'F1000002' })],
      F1000003: [sensorConf('H3', 'Shed probe', { realBs: 'F1000003' })],
    },
    data: {
      F1000001: [reading('H1', [40], 600)],
      F1000002: [reading('H2', [41], 600)],
      F1000003: [reading('H3', [42], 600)],
    },
    ...extra,
  });
}

function setCookie(value: string) {
  document.cookie = `${STATION_COOKIE}=${value}; path=/`;
}

// Files share one window in the `web` project (decision 0083): what a test replaces is put back.
const realMatchMedia = window.matchMedia.bind(window);
afterEach(() => {
  document.cookie = `${STATION_COOKIE}=; max-age=0; path=/`;
  window.matchMedia = realMatchMedia;
  vi.restoreAllMocks();
});

describe('switching the base station', () => {
  it('shows the chosen station, reloads its data and remembers the choice in a cookie for one day', async () => {
    const server = serverWithStations();
    const writes: string[] = [];
    const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie');
    vi.spyOn(document, 'cookie', 'set').mockImplementation((v: string) => {
      writes.push(v);
      descriptor?.set?.call(document, v);
    });
    const app = renderApp('/probes', server);
    expect(await screen.findByText('Barn probe')).toBeTruthy();

    await app.user.click(screen.getByRole('tab', { name: 'Silo' }));
    expect(await screen.findByText('Silo probe')).toBeTruthy();
    expect(screen.queryByText('Barn probe')).toBeNull();

    const cookie = writes.find((w) => w.startsWith(`${STATION_COOKIE}=`));
    expect(cookie).toContain(`${STATION_COOKIE}=F1000002`);
    expect(cookie).toContain('max-age=86400');
    expect(document.cookie).toContain(`${STATION_COOKIE}=F1000002`);
  });

  it('clears the stations’ cached data, so coming back to a station loads it afresh', async () => {
    const server = serverWithStations();
    const app = renderApp('/probes', server);
    await screen.findByText('Barn probe');
    await app.user.click(screen.getByRole('tab', { name: 'Silo' }));
    await screen.findByText('Silo probe');
    const before = server
      .callsTo('GET', '/client/data')
      .filter((c) => c.query.get('basestationID') === 'F1000001');
    expect(before).toHaveLength(1);

    // A slow answer shows the loading state instead of the old station's list.
    let release: () => void = () => undefined;
    server.override('GET /client/data', async (c) => {
      await new Promise<void>((r) => (release = r));
      return json({
        status_code: 0,
        bs_id: c.query.get('basestationID'),
        results: [reading('H1', [40], 600)],
        server_ts: 0,
      });
    });
    await app.user.click(screen.getByRole('tab', { name: 'Barn' }));
    expect(await screen.findByRole('progressbar')).toBeTruthy();
    expect(screen.queryByText('Silo probe')).toBeNull();
    release();
    expect(await screen.findByText('Barn probe')).toBeTruthy();
    expect(
      server.callsTo('GET', '/client/data').filter((c) => c.query.get('basestationID') === 'F1000001'),
    ).toHaveLength(2);
    // User info and the station list are reloaded too.
    expect(server.callsTo('GET', '/client/userInfo').length).toBeGreaterThan(1);
    expect(server.callsTo('GET', '/client/basestationArray').length).toBeGreaterThan(1);
  });

  it('also switches from the selector', async () => {
    const app = renderApp('/probes', serverWithStations());
    await screen.findByText('Barn probe');
    const selector = screen.getAllByTestId('station-selector')[0];
    if (!selector) throw new Error('no selector');
    await app.user.click(within(selector).getByRole('combobox'));
    await app.user.click(await screen.findByRole('option', { name: 'Shed · F1000003' }));
    expect(await screen.findByText('Shed probe')).toBeTruthy();
    expect(document.cookie).toContain(`${STATION_COOKIE}=F1000003`);
  });

  it('switches on a phone with the phone’s own picker under the top bar', async () => {
    window.matchMedia = (query: string) => ({
      ...realMatchMedia(query),
      matches: query.includes('max-width:599.95px') || query === '(prefers-reduced-motion: reduce)',
    });
    const app = renderApp('/probes', serverWithStations());
    await screen.findByText('Barn probe');
    const picker = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Base station' });
    expect(picker.tagName).toBe('SELECT');
    expect(
      within(picker)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toContain('Shed · F1000003');
    await app.user.selectOptions(picker, 'Shed · F1000003');
    expect(await screen.findByText('Shed probe')).toBeTruthy();
    expect(document.cookie).toContain(`${STATION_COOKIE}=F1000003`);
  });

  it('selects the remembered station on app start', async () => {
    setCookie('F1000003');
    renderApp('/probes', serverWithStations());
    expect(await screen.findByText('Shed probe')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Shed' }).getAttribute('aria-selected')).toBe('true');
  });

  it('ignores a remembered station the user may no longer see', async () => {
    setCookie('F9999999');
    renderApp('/probes', serverWithStations());
    expect(await screen.findByText('Barn probe')).toBeTruthy();
  });

  it('neither reads nor writes the cookie for partner-app users', async () => {
    setCookie('F1000003');
    const app = renderApp('/probes', serverWithStations({ session: { partnerApp: 'gari' } }));
    expect(await screen.findByText('Barn probe')).toBeTruthy();
    await app.user.click(screen.getByRole('tab', { name: 'Silo' }));
    await screen.findByText('Silo probe');
    expect(document.cookie).toContain(`${STATION_COOKIE}=F1000003`);
  });
});
