import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { createFakeServer, json } from './support/fakeServer';
import { renderPage } from './support/renderPage';

function bsServer() {
  const server = createFakeServer({ loggedIn: true });
  const conf = {
    status_code: 0,
    bs_id: 'F1000001',
    bs_BS_ID: 'F1000001',
    bsGroup: null,
    display_name: 'North barn',
    timezone: 'Europe/Helsinki',
    bs_type: 2,
    bast_ver: 'V5.1.2',
    firmware_ver: '3.2',
    typeLabel: 'Ethernet, G4',
    activation_date: Date.UTC(2024, 4, 17, 12) / 1000,
    last_boot_ts: null,
    last_conf_ts: null,
    last_data_ts: null,
    sensor_configurations: [],
    disabled_sensors: [],
    conf_data: { bsGroup: null, sensor_groups: {}, timezone: 'Europe/Helsinki' },
  };
  server.override('GET /client/bsConf', () => json(conf));
  server.override('POST /client/updateBsDisplayName', (c) => {
    conf.display_name = (c.body as { display_name: string }).display_name;
    return json({ status_code: 0 });
  });
  server.override('POST /client/setBsTimezone', (c) => {
    conf.timezone = (c.body as { timezone: string }).timezone;
    return json({ status_code: 0 });
  });
  return server;
}

// The settings page is lazy-loaded; loading it once up front keeps the first test's timing like the rest.
beforeAll(async () => {
  await import('../src/features/settings/SettingsPage');
});

describe('settings: base station tab (spec doc 2 §2.5)', () => {
  it('shows display name, id, timezone, activation date in the user format, type and firmware', async () => {
    renderPage('/settings/basestation', bsServer());
    expect(within(await screen.findByTestId('bs-display-name')).getByText('North barn')).toBeTruthy();
    expect(within(screen.getByTestId('bs-id')).getByText('F1000001')).toBeTruthy();
    expect(within(screen.getByTestId('bs-timezone')).getByText('Europe/Helsinki')).toBeTruthy();
    expect(within(screen.getByTestId('bs-activation')).getByText('17.5.2024')).toBeTruthy();
    expect(within(screen.getByTestId('bs-type')).getByText('Ethernet, G4')).toBeTruthy();
    expect(within(screen.getByTestId('bs-firmware')).getByText('3.2 · revision V5.1.2')).toBeTruthy();
    // Admin-only blocks are later issues: nothing dead is shown.
    expect(screen.queryByText(/OTA|SIM|Traffic/)).toBeNull();
  });

  it('renames the station: Save stays disabled until the name is edited', async () => {
    const server = bsServer();
    const app = renderPage('/settings/basestation', server);
    await app.user.click(await screen.findByTestId('edit-name'));
    const dialog = await screen.findByRole('dialog');
    const save = within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Save' });
    expect(save.disabled).toBe(true);
    const input = within(dialog).getByLabelText('Display name');
    await app.user.clear(input);
    await app.user.type(input, 'Hay barn');
    expect(save.disabled).toBe(false);
    await app.user.click(save);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.callsTo('POST', '/client/updateBsDisplayName').map((c) => c.body)).toEqual([
      { bs_id: 'F1000001', display_name: 'Hay barn' },
    ]);
    expect(await within(screen.getByTestId('bs-display-name')).findByText('Hay barn')).toBeTruthy();
    expect(await screen.findByText('Saved')).toBeTruthy();
  });

  it('changes the timezone from the IANA list', async () => {
    const server = bsServer();
    const app = renderPage('/settings/basestation', server);
    await app.user.click(await screen.findByTestId('edit-timezone'));
    const dialog = await screen.findByRole('dialog');
    const select = within(dialog).getByTestId<HTMLSelectElement>('timezone-select');
    expect(select.options.length).toBeGreaterThan(100);
    expect(within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Save' }).disabled).toBe(true);
    await app.user.selectOptions(select, 'America/Chicago');
    await app.user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(server.callsTo('POST', '/client/setBsTimezone').map((c) => c.body)).toEqual([
        { bs_id: 'F1000001', timezone: 'America/Chicago' },
      ]),
    );
    expect(await within(screen.getByTestId('bs-timezone')).findByText('America/Chicago')).toBeTruthy();
  });
});
