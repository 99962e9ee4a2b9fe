import { beforeAll, describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { AlertMessaging, Storage } from '@emberwatch/shared/contracts/storages';
import { createFakeServer, json, type FakeServer } from './support/fakeServer';
import { renderPage } from './support/renderPage';
import { FakeWebSocket } from './support/FakeWebSocket';
import { bsConf, reading, sensorConf, station, storage } from './support/fixtures';
import { insight, premium } from './support/probeDetailFakes';

// The page is lazy; loading it up front keeps the first test's waiting time for the test itself.
beforeAll(async () => {
  await import('../src/features/storages/StoragesPage');
});

const placed = (...ids: string[]) => ({
  rows: [{ index: 0, rowLength: 3 }],
  floors: 1,
  sensors: ids.map((id, column) => ({ id, row: 0, column, floor: 0 })),
});

/** Alert messaging with the e-mail channel on or off and the other channels off. */
function messaging(emailOn: boolean): AlertMessaging {
  const off = { active: false, UIDS: [] };
  return {
    sms: off,
    email: { active: emailOn, UIDS: [7] },
    voice: { ...off, noCallHours: [9, 17], tempLimit: 60 },
    sentinel: { active: false },
  };
}

function listServer(overrides: Parameters<typeof createFakeServer>[0] = {}): FakeServer {
  return createFakeServer({
    loggedIn: true,
    user: { service: insight() },
    stations: [
      station('F1000001', { display_name: 'Barn', probeCount: 3 }),
      station('F1000002', { display_name: 'Field', probeCount: 1 }),
    ],
    conf: {
      F1000001: [sensorConf('H-001'), sensorConf('H-002'), sensorConf('H-003')],
      F1000002: [sensorConf('H-009')],
    },
    // Default colour steps 0, 40, 60, 80, 100 °C: 65.0 is band 3, 12.0 band 1.
    data: {
      F1000001: [
        reading('H-001', [41.2, 65.0], 300),
        reading('H-002', [12.0], 300),
        // Eight days old: no longer counts for the storage temperature.
        reading('H-003', [90.0], 8 * 86_400),
      ],
      F1000002: [reading('H-009', [30.0], 300)],
    },
    storages: [
      storage({ itemID: 1, name: 'Storage 10', sensor_layout: placed('H-002') }),
      storage({
        itemID: 2,
        name: 'North barn',
        sensor_layout: placed('H-001', 'H-002'),
        monitor: 4,
        alertMessaging: messaging(true),
      }),
      storage({
        itemID: 7,
        name: 'Quiet barn',
        sensor_layout: placed('H-002'),
        alertMessaging: messaging(false),
      }),
      storage({ itemID: 3, name: 'Storage 9', sensor_layout: placed('H-003') }),
      storage({ itemID: 4, name: 'empty shed', sensor_layout: placed() }),
      storage({ itemID: 5, name: 'Field pile', BS_ID: 'F1000002', sensor_layout: placed('H-009') }),
      storage({ itemID: 6, name: 'Lost probes', sensor_layout: placed('H-001', 'X-404') }),
    ],
    ...overrides,
  });
}

const rows = () => screen.findAllByTestId('storage-row');

describe('the storage list', () => {
  it('lists the storages by name, numbers in order, with their status texts', async () => {
    renderPage('/storages', listServer());
    const names = (await rows()).map((r) => r.querySelector('.MuiListItemText-primary')?.textContent);
    expect(names).toEqual([
      'empty shed',
      'Field pile',
      'Lost probes',
      'North barn',
      'Quiet barn',
      'Storage 9',
      'Storage 10',
    ]);
    const row = (name: string) => screen.getByRole('link', { name: new RegExp(`^${name}`) });
    expect(row('empty shed').textContent).toContain('No probes');
    expect(row('Storage 10').textContent).toContain('No monitor');
    // A monitored storage with probes has no status text.
    expect(row('North barn').textContent).not.toMatch(/No probes|No monitor/);
    expect(row('North barn').getAttribute('href')).toBe('/storages/2');
  });

  it('marks the storages whose alert messages are all off', async () => {
    renderPage('/storages', listServer());
    await rows();
    const alertsOff = (name: string) =>
      within(screen.getByRole('link', { name: new RegExp(`^${name}`) })).queryByTestId('alerts-off');
    expect(alertsOff('North barn')).toBeNull();
    expect(alertsOff('Quiet barn')?.textContent).toBe('Alert messages are off');
    // Never set up counts as off too.
    expect(alertsOff('Storage 10')).not.toBeNull();
  });

  it('shows each storage’s hottest recent temperature in the colour steps', async () => {
    renderPage('/storages', listServer());
    await rows();
    const bar = (name: string) =>
      within(screen.getByRole('link', { name: new RegExp(`^${name}`) })).queryByTestId('storage-temperature');
    await waitFor(() => expect(bar('North barn')?.textContent).toBe('65.0'));
    expect(bar('North barn')?.querySelector('[data-tone]')?.getAttribute('data-tone')).toBe('band-3');
    expect(bar('Storage 10')?.querySelector('[data-tone]')?.getAttribute('data-tone')).toBe('band-1');
    // Only a week-old reading: no temperature rather than a stale one.
    expect(bar('Storage 9')).toBeNull();
    expect(screen.getByRole('link', { name: /^Storage 9/ }).textContent).toContain('No recent temperature');
  });

  it('names each storage’s hottest probe and its depth beside its coloured temperature', async () => {
    renderPage('/storages', listServer());
    await rows();
    const hottest = (name: string) =>
      within(screen.getByRole('link', { name: new RegExp(`^${name}`) })).queryByTestId('storage-hottest');
    // North barn: H-001 reads 41.2 at the handle and 65.0 at depth 2, the hottest of the storage.
    await waitFor(() => expect(hottest('North barn')).not.toBeNull());
    const north = hottest('North barn')!;
    expect(within(north).getByTestId('storage-hottest-probe').textContent).toBe('H-001 · depth 2');
    expect(north.getAttribute('title')).toBe('Hottest: probe H-001, depth 2, 65.0 °C');
    expect(within(north).getByTestId('storage-temperature').textContent).toBe('65.0');
    expect(
      within(north)
        .getByTestId('storage-temperature')
        .querySelector('[data-tone]')
        ?.getAttribute('data-tone'),
    ).toBe('band-3');
    expect(within(hottest('Storage 10')!).getByTestId('storage-hottest-probe').textContent).toBe(
      'H-002 · depth 1',
    );
    // Only a week-old reading: no probe is named.
    expect(hottest('Storage 9')).toBeNull();
  });

  it('names the hottest probe’s temperature in °F for a user who reads °F', async () => {
    const prefs = createFakeServer().state.session.ui_preferences;
    renderPage('/storages', listServer({ session: { ui_preferences: { ...prefs, degrees: 'F' } } }));
    await rows();
    const north = () =>
      within(screen.getByRole('link', { name: /^North barn/ })).queryByTestId('storage-hottest');
    await waitFor(() =>
      expect(north()?.getAttribute('title')).toBe('Hottest: probe H-001, depth 2, 149.0 °F'),
    );
  });

  it('greys out storages on another base station and those missing probes', async () => {
    renderPage('/storages', listServer());
    await rows();
    const greyed = (name: string) =>
      screen.getByRole('link', { name: new RegExp(`^${name}`) }).getAttribute('data-greyed');
    await waitFor(() => expect(greyed('Lost probes')).toBe('true'));
    expect(screen.getByRole('link', { name: /^Lost probes/ }).textContent).toContain('Probes missing');
    expect(greyed('Field pile')).toBe('true');
    expect(screen.getByRole('link', { name: /^Field pile/ }).textContent).toContain(
      'On another base station',
    );
    expect(greyed('North barn')).toBe('false');
  });

  it('follows a new reading pushed for the station', async () => {
    const server = listServer();
    renderPage('/storages', server, { live: true });
    await rows();
    const north = () =>
      within(screen.getByRole('link', { name: /^North barn/ })).queryByTestId('storage-temperature');
    await waitFor(() => expect(north()?.textContent).toBe('65.0'));
    await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1));
    const ws = FakeWebSocket.latest();
    act(() => ws.serverOpen());
    act(() => ws.serverSend({ type: 'ready', UID: 7 }));
    server.state.data.F1000001 = [reading('H-001', [82.5], 10), reading('H-002', [12.0], 300)];
    act(() => ws.serverSend({ type: 'newData', bs_ids: 'F1000001' }));
    await waitFor(() => expect(north()?.textContent).toBe('82.5'));
    expect(north()?.querySelector('[data-tone]')?.getAttribute('data-tone')).toBe('band-4');
  });

  it('welcomes an account without storages and opens the new-storage dialog', async () => {
    const app = renderPage('/storages', listServer({ storages: [] }));
    expect(await screen.findByText(/Welcome to storages!/)).toBeTruthy();
    await app.user.click(screen.getByRole('link', { name: 'New storage' }));
    await waitFor(() => expect(app.location()).toBe('/storages/new-storage'));
    expect(await screen.findByRole('dialog', { name: 'New storage' })).toBeTruthy();
  });

  it('leads an account without probes to the probe settings', async () => {
    const app = renderPage(
      '/storages',
      listServer({ storages: [], stations: [station('F1000001', { probeCount: 0 })], conf: {}, data: {} }),
    );
    expect(await screen.findByText(/Your account has no probes yet/)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'New storage' })).toBeNull();
    await app.user.click(screen.getByRole('link', { name: 'Probe settings' }));
    await waitFor(() => expect(app.location()).toBe('/settings/probes'));
  });

  it('offers no new storage to a master who is not a grand master', async () => {
    renderPage('/storages', listServer({ session: { master: true, grandMaster: false } }));
    await rows();
    expect(screen.queryByRole('link', { name: 'New storage' })).toBeNull();
  });

  it("shows the expired-SIM text instead of the list, without the new-storage button, once the station's SIM has expired", async () => {
    const server = listServer();
    const nowS = Math.floor(Date.now() / 1000);
    server.override('GET /client/bsConf', (c) => {
      const id = c.query.get('basestationID') ?? '';
      return json(bsConf(id, { sensor_configurations: [sensorConf('H-001')], sim_exp_date: nowS - 60 }));
    });
    renderPage('/storages', server);
    expect((await screen.findByTestId('storages-notice')).textContent).toBe(
      'The SIM card of your base station has expired. Renew it to see your storages again.',
    );
    expect(screen.queryByRole('link', { name: 'New storage' })).toBeNull();
    expect(screen.queryByRole('listitem')).toBeNull();
  });

  it('lists the storages while the SIM has time left', async () => {
    const server = listServer();
    const nowS = Math.floor(Date.now() / 1000);
    server.override('GET /client/bsConf', (c) => {
      const id = c.query.get('basestationID') ?? '';
      return json(bsConf(id, { sensor_configurations: [sensorConf('H-001')], sim_exp_date: nowS + 86_400 }));
    });
    renderPage('/storages', server);
    expect((await rows()).length).toBeGreaterThan(0);
    expect(screen.queryByTestId('storages-notice')).toBeNull();
    expect(screen.getByRole('link', { name: 'New storage' })).toBeTruthy();
  });

  it('sends a user whose plan has no storages to the probes', async () => {
    const app = renderPage('/storages', listServer({ user: { service: null, plans: [] } }));
    await waitFor(() => expect(app.location()).toBe('/probes'));
  });
});

describe('the new-storage dialog', () => {
  it('requires a name and a type, then saves the storage with the chosen layout and opens it', async () => {
    const server = listServer({ storages: [], user: { plans: [premium] } });
    const app = renderPage('/storages/new-storage', server);
    const dialog = await screen.findByRole('dialog', { name: 'New storage' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(within(dialog).getByText('The storage name is required')).toBeTruthy();
    expect(within(dialog).getByText('The storage type is required')).toBeTruthy();
    expect(server.callsTo('POST', '/client/saveStorage')).toHaveLength(0);

    await app.user.type(within(dialog).getByLabelText(/^Name/), '  Hay barn  ');
    await app.user.click(within(dialog).getByRole('combobox', { name: /^Type/ }));
    await app.user.click(await screen.findByRole('option', { name: 'Under a roof' }));
    await app.user.click(within(dialog).getByRole('radio', { name: 'Stacks of bales' }));
    await app.user.click(within(dialog).getByRole('button', { name: 'Create' }));

    await waitFor(() => expect(app.location()).toBe('/storages/1'));
    const sent = server.callsTo('POST', '/client/saveStorage')[0]?.body as { UID: number; item: Storage };
    expect(sent.UID).toBe(7);
    expect(sent.item).toMatchObject({
      name: 'Hay barn',
      type: 'roof_covered',
      BS_ID: 'F1000001',
      layoutType: 3,
      sensor_layout: null,
      monitor: null,
    });
    expect(sent.item.stacks).toHaveLength(1);
    expect(sent.item).not.toHaveProperty('itemID');
  });

  it('starts a rows layout of 3 rows of 3 for a station without hay probes only', async () => {
    const server = listServer({
      storages: [],
      conf: { F1000001: [sensorConf('G-001')], F1000002: [] },
    });
    const app = renderPage('/storages/new-storage', server);
    const dialog = await screen.findByRole('dialog', { name: 'New storage' });
    await waitFor(() =>
      expect(within(dialog).getByRole<HTMLInputElement>('radio', { name: 'Rows' }).checked).toBe(true),
    );
    await app.user.type(within(dialog).getByLabelText(/^Name/), 'Bin 1');
    await app.user.click(within(dialog).getByRole('combobox', { name: /^Type/ }));
    await app.user.click(await screen.findByRole('option', { name: 'Warehouse' }));
    await app.user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(server.callsTo('POST', '/client/saveStorage')).toHaveLength(1));
    const sent = server.callsTo('POST', '/client/saveStorage')[0]?.body as { item: Storage };
    expect(sent.item.layoutType).toBe(1);
    expect(sent.item.sensor_layout?.rows).toEqual([
      { index: 0, rowLength: 3 },
      { index: 1, rowLength: 3 },
      { index: 2, rowLength: 3 },
    ]);
    expect(sent.item.stacks).toEqual([]);
  });

  it('closes without saving on Cancel', async () => {
    const server = listServer();
    const app = renderPage('/storages/new-storage', server);
    const dialog = await screen.findByRole('dialog', { name: 'New storage' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(app.location()).toBe('/storages'));
    expect(server.callsTo('POST', '/client/saveStorage')).toHaveLength(0);
  });
});
