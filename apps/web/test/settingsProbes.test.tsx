import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { createFakeServer, json } from './support/fakeServer';
import { sensorConf, station, storage } from './support/fixtures';
import { premium } from './support/probeDetailFakes';
import { renderPage } from './support/renderPage';

function probesServer(options: Parameters<typeof createFakeServer>[0] = {}) {
  const server = createFakeServer({
    loggedIn: true,
    stations: [station('F1000001', { display_name: 'Barn' }), station('F1000002', { display_name: 'Silo' })],
    user: {
      bs_list: [
        { bsId: 'F1000001', bsName: 'Barn', bsGroup: null },
        { bsId: 'F1000002', bsName: 'Silo', bsGroup: null },
      ],
    },
    conf: {
      F1000001: [
        sensorConf('H10001', 'North stack'),
        sensorConf('H10002', null, { disabled: true }),
        sensorConf('G10003', 'Bin', { kind: 'grain' }),
      ],
    },
    ...options,
  });
  server.override('POST /client/toggleSensors', () => json({ status_code: 0 }));
  server.override('POST /client/transferSensors', () => json({ status_code: 0 }));
  return server;
}

const rows = () => screen.queryAllByTestId('settings-probe').map((r) => r.getAttribute('data-sensor-id'));

// The settings page is lazy-loaded; loading it once up front keeps the first test's timing like the rest.
beforeAll(async () => {
  await import('../src/features/settings/SettingsPage');
});

describe('settings: probes tab (spec doc 2 §2.3)', () => {
  it("lists the selected station's probes by name or id, kind and disabled state; a probe opens its detail", async () => {
    const app = renderPage('/settings/probes', probesServer());
    await waitFor(() => expect(rows()).toEqual(['H10001', 'H10002', 'G10003']));
    const disabled = screen.getAllByTestId('settings-probe')[1];
    if (!disabled) throw new Error('no row');
    expect(within(disabled).getByText('H10002')).toBeTruthy();
    expect(within(disabled).getByText('Disabled')).toBeTruthy();
    expect(screen.getByText('H10001 · Hay probe')).toBeTruthy();
    expect(screen.getByText('G10003 · Grain probe')).toBeTruthy();
    await app.user.click(screen.getByText('North stack'));
    await waitFor(() => expect(app.location()).toBe('/probes/H10001'));
  });

  it('offers all probes and vacant probes as groups (no storages or batches exist yet)', async () => {
    const app = renderPage('/settings/probes', probesServer());
    await app.user.click(await screen.findByRole('combobox', { name: 'Group' }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      'All probes',
      'Vacant probes',
    ]);
  });

  it('groups the probes by the storages that list them, and vacant ones are in none (spec doc 2 §2.3)', async () => {
    const server = probesServer({
      user: {
        plans: [premium],
        bs_list: [{ bsId: 'F1000001', bsName: 'Barn', bsGroup: null }],
      },
      storages: [
        storage({
          itemID: 4,
          name: 'North barn',
          sensor_layout: {
            rows: [{ index: 0, rowLength: 2 }],
            floors: 1,
            sensors: [{ id: 'H10001', row: 0, column: 0, floor: 0 }],
          },
        }),
      ],
    });
    const app = renderPage('/settings/probes', server);
    await waitFor(() => expect(rows()).toEqual(['H10001', 'H10002', 'G10003']));
    await app.user.click(screen.getByRole('combobox', { name: 'Group' }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      'All probes',
      'Vacant probes',
      'North barn',
    ]);
    await app.user.click(screen.getByRole('option', { name: 'North barn' }));
    await waitFor(() => expect(rows()).toEqual(['H10001']));
    await app.user.click(screen.getByRole('combobox', { name: 'Group' }));
    await app.user.click(await screen.findByRole('option', { name: 'Vacant probes' }));
    await waitFor(() => expect(rows()).toEqual(['H10002', 'G10003']));
  });

  it('finds probes by id or name after typing stops', async () => {
    const app = renderPage('/settings/probes', probesServer());
    await screen.findAllByTestId('settings-probe');
    await app.user.type(screen.getByTestId('probe-find'), 'north');
    await waitFor(() => expect(rows()).toEqual(['H10001']));
    await app.user.clear(screen.getByTestId('probe-find'));
    await app.user.type(screen.getByTestId('probe-find'), 'G1');
    await waitFor(() => expect(rows()).toEqual(['G10003']));
  });

  it('prompts to open the probe settings when the station has no probes', async () => {
    renderPage('/settings/probes', probesServer({ conf: {} }));
    expect(await screen.findByText(/This base station has no probes yet/)).toBeTruthy();
  });

  it('shows no Add Sensors button (probe activation is a later issue)', async () => {
    renderPage('/settings/probes', probesServer());
    await screen.findAllByTestId('settings-probe');
    expect(screen.queryByRole('button', { name: /add sensors/i })).toBeNull();
  });
});

describe('the disabled-sensors dialog', () => {
  it('filters only from 2 characters, and saves the newly disabled and enabled probes, then reloads', async () => {
    const server = probesServer();
    const app = renderPage('/settings/probes', server);
    await screen.findAllByTestId('settings-probe');
    await app.user.click(screen.getByRole('button', { name: 'Disabled probes' }));
    const dialog = await screen.findByRole('dialog');
    const list = within(dialog).getByTestId('probe-pick-list');
    const save = within(dialog).getByRole('button', { name: 'Save' });
    expect((save as HTMLButtonElement).disabled).toBe(true);

    const search = within(dialog).getByTestId('probe-search');
    await app.user.type(search, 'B');
    expect(within(dialog).getByText('Type at least 2 characters to search.')).toBeTruthy();
    await new Promise((r) => setTimeout(r, 400));
    expect(within(list).getAllByRole('checkbox')).toHaveLength(3);
    await app.user.type(search, 'i');
    await waitFor(() => expect(within(list).getAllByRole('checkbox')).toHaveLength(1));
    await app.user.click(within(list).getByText('Bin'));
    await app.user.clear(search);
    await waitFor(() => expect(within(list).getAllByRole('checkbox')).toHaveLength(3));
    await app.user.click(within(list).getByText('H10002'));

    const confLoads = server.callsTo('GET', '/client/bsConf').length;
    await app.user.click(save);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.callsTo('POST', '/client/toggleSensors').map((c) => c.body)).toEqual([
      { bs_id: 'F1000001', selected_sensor_ids: ['G10003'], is_disabled: true },
      { bs_id: 'F1000001', selected_sensor_ids: ['H10002'], is_disabled: false },
    ]);
    expect(server.callsTo('GET', '/client/bsConf').length).toBeGreaterThan(confLoads);
    expect(await screen.findByText('Saved')).toBeTruthy();
  });
});

describe('the transfer dialog', () => {
  it('is offered only to users with more than one station, or admins', async () => {
    const single = renderPage(
      '/settings/probes',
      probesServer({
        stations: [station('F1000001')],
        user: { bs_list: [{ bsId: 'F1000001', bsName: null, bsGroup: null }] },
      }),
    );
    await screen.findAllByTestId('settings-probe');
    expect(screen.queryByRole('button', { name: 'Transfer probes' })).toBeNull();
    single.unmount();

    renderPage(
      '/settings/probes',
      probesServer({
        session: { admin: true, admin_group: 1 },
        stations: [station('F1000001'), station('F9000001')],
      }),
    );
    expect(await screen.findByRole('button', { name: 'Transfer probes' })).toBeTruthy();
  });

  it('needs a target station and at least one probe, then transfers and reloads both stations', async () => {
    const server = probesServer();
    const app = renderPage('/settings/probes', server);
    await screen.findAllByTestId('settings-probe');
    await app.user.click(screen.getByRole('button', { name: 'Transfer probes' }));
    const dialog = await screen.findByRole('dialog');
    const transfer = within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Transfer' });
    expect(within(dialog).getByText('Choose the base station to move the probes to.')).toBeTruthy();
    expect(within(dialog).getByText('Select at least one probe.')).toBeTruthy();
    expect(transfer.disabled).toBe(true);

    await app.user.click(within(dialog).getByText('North stack'));
    expect(transfer.disabled).toBe(true);
    await app.user.click(within(dialog).getByRole('combobox', { name: /Target base station/ }));
    const options = await screen.findAllByRole('option');
    // The current station is not a target.
    expect(options.map((o) => o.textContent)).toEqual(['Silo · F1000002']);
    await app.user.click(options[0] as HTMLElement);
    await waitFor(() => expect(transfer.disabled).toBe(false));

    await app.user.click(transfer);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.callsTo('POST', '/client/transferSensors').map((c) => c.body)).toEqual([
      { currentBS: 'F1000001', selectedBS: 'F1000002', selectedSensors: ['H10001'] },
    ]);
    // The source station reloads now; the target's cached data is marked stale and reloads when shown.
    await waitFor(() => expect(server.callsTo('GET', '/client/bsConf')).toHaveLength(2));
    expect(server.callsTo('GET', '/client/basestationArray').length).toBeGreaterThan(1);
  });

  it('keeps the dialog open with an error when the server refuses', async () => {
    const server = probesServer();
    server.override('POST /client/transferSensors', () => json({ status_code: 403, error: 'no' }, 403));
    const app = renderPage('/settings/probes', server);
    await screen.findAllByTestId('settings-probe');
    await app.user.click(screen.getByRole('button', { name: 'Transfer probes' }));
    const dialog = await screen.findByRole('dialog');
    await app.user.click(within(dialog).getByText('Bin'));
    await app.user.click(within(dialog).getByRole('combobox', { name: /Target base station/ }));
    await app.user.click(await screen.findByRole('option', { name: 'Silo · F1000002' }));
    await app.user.click(within(dialog).getByRole('button', { name: 'Transfer' }));
    expect(await within(dialog).findByText('The change could not be saved. Please try again.')).toBeTruthy();
  });
});
