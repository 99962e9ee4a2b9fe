import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { createFakeServer } from './support/fakeServer';
import { renderApp } from './support/renderApp';
import { renderPage } from './support/renderPage';
import { reading, sensorConf, station } from './support/fixtures';
import { FakeWebSocket } from './support/FakeWebSocket';

const tempOf = (id: string) => {
  const row = screen.getAllByTestId('probe-row').find((r) => r.getAttribute('data-sensor-id') === id);
  if (!row) throw new Error(`no row ${id}`);
  return within(row).getByTestId('probe-temp').textContent;
};

describe('the probes page', () => {
  it('lists the probes of the station with names, falling back to the id', async () => {
    const server = createFakeServer({
      loggedIn: true,
      conf: {
        F1000001: [
          sensorConf('H-001', 'North stack'),
          sensorConf('H-002'),
          sensorConf('H-003', 'Old', { disabled: true }),
        ],
      },
      data: {
        F1000001: [
          reading('H-001', [41.2, 40.0], 300),
          reading('H-002', [35.5], 300),
          reading('H-003', [20], 300),
        ],
      },
    });
    renderPage('/probes', server);
    await screen.findAllByTestId('probe-row');
    expect(screen.getAllByTestId('probe-row').map((r) => r.getAttribute('data-sensor-id'))).toEqual([
      'H-002',
      'H-001',
    ]);
    expect(screen.getByText('North stack')).toBeTruthy();
    expect(tempOf('H-001')).toBe('41.2 / 40.0');
  });

  it('shows temperatures in °F when the user prefers Fahrenheit', async () => {
    const server = createFakeServer({
      loggedIn: true,
      session: { ui_preferences: { ...createFakeServer().state.session.ui_preferences, degrees: 'F' } },
      data: { F1000001: [reading('H-001', [100], 60)] },
    });
    renderPage('/probes', server);
    await screen.findAllByTestId('probe-row');
    expect(tempOf('H-001')).toBe('212.0');
  });

  it("colours the temperatures by the user's own colour steps and marks those above the user's alert", async () => {
    const prefs = createFakeServer().state.session.ui_preferences;
    const server = createFakeServer({
      loggedIn: true,
      // The grain demo's settings (spec doc 1 §4): steps 0/10/20/30/40 °C, alert 30 °C, read in °F.
      session: {
        ui_preferences: { ...prefs, degrees: 'F', color_steps: [0, 10, 20, 30, 40], temperature_alert: 30 },
      },
      data: { F1000001: [reading('G-1', [12.0, 31.5], 60), reading('G-2', [8.0], 60)] },
    });
    renderPage('/probes', server);
    await screen.findAllByTestId('probe-row');
    const rowOf = (id: string) =>
      screen.getAllByTestId('probe-row').find((r) => r.getAttribute('data-sensor-id') === id) as HTMLElement;
    const tones = (id: string) =>
      Array.from(rowOf(id).querySelectorAll('[data-tone]')).map((s) => s.getAttribute('data-tone'));
    expect(tones('G-1')).toEqual(['band-2', 'band-4']);
    expect(tones('G-2')).toEqual(['band-1']);
    expect(within(rowOf('G-1')).getByRole('img', { name: 'Above the alert temperature 86 °F' })).toBeTruthy();
    expect(within(rowOf('G-2')).queryByTestId('above-alert')).toBeNull();
  });

  it('says so when the station has no probes', async () => {
    const server = createFakeServer({ loggedIn: true });
    renderPage('/probes', server);
    expect(await screen.findByText('This base station has no probes yet.')).toBeTruthy();
  });

  it('shows the error and a retry when the readings cannot be loaded', async () => {
    const server = createFakeServer({ loggedIn: true });
    server.override('GET /client/data', () => Promise.reject(new TypeError('offline')));
    const app = renderPage('/probes', server);
    expect(
      await screen.findByText('Cannot reach the server. Check your connection and try again.'),
    ).toBeTruthy();
    server.override(
      'GET /client/data',
      () =>
        new Response(
          JSON.stringify({
            status_code: 0,
            bs_id: 'F1000001',
            results: [reading('H-9', [30], 60)],
            server_ts: 0,
          }),
        ),
    );
    await app.user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByTestId('probe-row')).toHaveLength(1);
  });

  it('refreshes the readings when the server pushes newData for the selected station, not for another one', async () => {
    const server = createFakeServer({ loggedIn: true, data: { F1000001: [reading('H-001', [30], 60)] } });
    renderPage('/probes', server, { live: true });
    await screen.findAllByTestId('probe-row');
    await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1));
    const ws = FakeWebSocket.latest();
    expect(ws.url).toBe('ws://localhost:3000/ws');
    act(() => ws.serverOpen());
    expect(ws.sent[0]).toMatchObject({ type: 'auth', token: expect.stringMatching(/^token-/) as string });
    const read = server.callsTo('GET', '/client/data').length;
    act(() => ws.serverSend({ type: 'ready', UID: 7 }));
    // What was read before the socket was ready is read once more: a push may have been missed.
    await waitFor(() => expect(server.callsTo('GET', '/client/data')).toHaveLength(read + 1));

    server.state.data.F1000001 = [reading('H-001', [55.5], 5)];
    const before = server.callsTo('GET', '/client/data').length;
    act(() => ws.serverSend({ type: 'newData', bs_ids: 'F9999999' }));
    await new Promise((r) => setTimeout(r, 50));
    expect(server.callsTo('GET', '/client/data')).toHaveLength(before);

    act(() => ws.serverSend({ type: 'newData', bs_ids: 'F9999998 F1000001' }));
    await waitFor(() => expect(tempOf('H-001')).toBe('55.5'));
  });

  it('reconnects the push channel with a fresh token after the connection drops', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const server = createFakeServer({ loggedIn: true, data: { F1000001: [reading('H-001', [30], 60)] } });
    renderApp('/probes', server);
    await screen.findAllByTestId('probe-row');
    await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1));
    act(() => FakeWebSocket.latest().serverOpen());
    act(() => FakeWebSocket.latest().serverClose());
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1_100);
    });
    await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(2));
    act(() => FakeWebSocket.latest().serverOpen());
    expect(FakeWebSocket.latest().sent[0]).toMatchObject({ type: 'auth' });
  });

  it('reads the probes afresh after a reconnection, since pushes sent meanwhile were lost', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const server = createFakeServer({ loggedIn: true, data: { F1000001: [reading('H-001', [30], 60)] } });
    renderApp('/probes', server);
    await screen.findAllByTestId('probe-row');
    await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1));
    act(() => FakeWebSocket.latest().serverOpen());
    act(() => FakeWebSocket.latest().serverSend({ type: 'ready', UID: 7 }));
    act(() => FakeWebSocket.latest().serverClose());
    // A reading arrives while the socket is down: no push reaches the page.
    server.state.data.F1000001 = [reading('H-001', [44.4], 5)];
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1_100);
    });
    await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(2));
    act(() => FakeWebSocket.latest().serverOpen());
    act(() => FakeWebSocket.latest().serverSend({ type: 'ready', UID: 7 }));
    await waitFor(() => expect(tempOf('H-001')).toBe('44.4'));
  });

  it('re-evaluates the 24-hour highlight every 20 seconds without new data', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const server = createFakeServer({
      loggedIn: true,
      data: { F1000001: [reading('H-001', [30], 86_400 - 10)] },
    });
    renderPage('/probes', server);
    const row = (await screen.findAllByTestId('probe-row'))[0] as HTMLElement;
    const flag = () =>
      within(row).getByTestId('probe-age').querySelector('[data-over24h]')?.getAttribute('data-over24h');
    expect(flag()).toBe('false');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(20_000);
    });
    expect(flag()).toBe('true');
    expect(server.callsTo('GET', '/client/data')).toHaveLength(1);
  });

  it('calls the keep-alive when the tab becomes visible again', async () => {
    const server = createFakeServer({ loggedIn: true });
    renderApp('/probes', server);
    await screen.findByText('This base station has no probes yet.');
    expect(server.callsTo('GET', '/auth')).toHaveLength(0);
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await waitFor(() => expect(server.callsTo('GET', '/auth')).toHaveLength(1));
  });
});

describe('base-station tabs', () => {
  it('show one tab per station or group, with the group size', async () => {
    const server = createFakeServer({
      loggedIn: true,
      stations: [
        station('F1000001', { display_name: 'Barn', bsGroup: 'g1', groupSize: 2 }),
        station('F1000002', { bsGroup: 'g1', groupSize: 2 }),
        station('F1000003'),
      ],
    });
    renderApp('/probes', server);
    const tabs = await screen.findAllByTestId('station-tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Barn (2)', 'F1000003']);
    expect(screen.getByRole('tablist').closest('[data-narrow]')?.getAttribute('data-narrow')).toBe('false');
  });

  it('switch the probe list to the chosen station', async () => {
    const server = createFakeServer({
      loggedIn: true,
      stations: [
        station('F1000001', { display_name: 'Barn' }),
        station('F1000003', { display_name: 'Silo' }),
      ],
      data: { F1000001: [reading('H-001', [30], 60)], F1000003: [reading('G-001', [12], 60)] },
    });
    const app = renderApp('/probes', server);
    await screen.findAllByTestId('probe-row');
    await app.user.click(screen.getByRole('tab', { name: 'Silo' }));
    await waitFor(() =>
      expect(screen.getAllByTestId('probe-row').map((r) => r.getAttribute('data-sensor-id'))).toEqual([
        'G-001',
      ]),
    );
  });

  it("list the probes of every station of a merged group under the group's tab, and refresh each on its push", async () => {
    const server = createFakeServer({
      loggedIn: true,
      stations: [
        station('F2000001', { display_name: 'Bins', bsGroup: 'g1', groupSize: 2 }),
        station('F2000002', { bsGroup: 'g1', groupSize: 2 }),
      ],
      data: { F2000001: [reading('G-001', [12], 60)], F2000002: [reading('G-101', [14], 60)] },
    });
    renderApp('/probes', server);
    await waitFor(() =>
      expect(screen.getAllByTestId('probe-row').map((r) => r.getAttribute('data-sensor-id'))).toEqual([
        'G-001',
        'G-101',
      ]),
    );
    await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1));
    const ws = FakeWebSocket.latest();
    act(() => ws.serverOpen());
    act(() => ws.serverSend({ type: 'ready', UID: 7 }));
    server.state.data.F2000002 = [reading('G-101', [21.5], 5)];
    act(() => ws.serverSend({ type: 'newData', bs_ids: 'F2000002' }));
    await waitFor(() => expect(tempOf('G-101')).toBe('21.5'));
  });

  it('narrow their labels at 10 or more stations', async () => {
    const stations = Array.from({ length: 10 }, (_, i) => station(`F10000${String(i).padStart(2, '0')}`));
    const server = createFakeServer({ loggedIn: true, stations });
    renderApp('/probes', server);
    await screen.findAllByTestId('station-tab');
    expect(screen.getByRole('tablist').closest('[data-narrow]')?.getAttribute('data-narrow')).toBe('true');
  });

  it('are absent for a single station, whose name shows in the selector', async () => {
    const server = createFakeServer({ loggedIn: true });
    renderApp('/probes', server);
    await screen.findByText('This base station has no probes yet.');
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(screen.getByRole('combobox', { name: 'Base station' }).textContent).toBe('Barn · F1000001');
  });

  it('leave the selector on its placeholder "Select a BS" when the account has no station', async () => {
    const server = createFakeServer({ loggedIn: true, stations: [] });
    renderApp('/probes', server);
    expect(await screen.findByText('No base station is linked to this account yet.')).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Base station' }).textContent).toBe('Select a BS');
  });
});
