import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { createFakeServer, json } from './support/fakeServer';
import { nowSeconds, reading, sensorConf, station } from './support/fixtures';
import { FakeUPlot, premium, serveSensorData, withFirmware } from './support/probeDetailFakes';
import { renderPage } from './support/renderPage';

afterEach(() => {
  FakeUPlot.instances = [];
});

// The settings page is lazy-loaded; loading it once up front keeps the first test's timing like the rest.
beforeAll(async () => {
  await import('../src/features/settings/SettingsPage');
});

/** A farm hand (sub-user) of an account with two stations; probes with a correction already set. */
function farmHand(session: { subUser: boolean } = { subUser: true }) {
  const server = createFakeServer({
    loggedIn: true,
    session,
    stations: [station('F1000001', { display_name: 'Barn' }), station('F1000002', { display_name: 'Silo' })],
    user: {
      plans: [premium],
      bs_list: [
        { bsId: 'F1000001', bsName: 'Barn', bsGroup: null },
        { bsId: 'F1000002', bsName: 'Silo', bsGroup: null },
      ],
    },
    conf: {
      F1000001: [
        sensorConf('H10001', 'North stack', { corrections: [{ date: 1, factor: 0.5, user: 'owner' }] }),
        sensorConf('H10002', null, { disabled: true }),
      ],
    },
    data: { F1000001: [reading('H10001', [41.2], 300)] },
  });
  serveSensorData(server, []);
  withFirmware(server, '3.2');
  server.override('GET /client/bsConf', () =>
    json({
      status_code: 0,
      bs_id: 'F1000001',
      bs_BS_ID: 'F1000001',
      bsGroup: null,
      display_name: 'Barn',
      timezone: 'Europe/Helsinki',
      bs_type: 2,
      bast_ver: null,
      firmware_ver: '3.2',
      typeLabel: 'Ethernet, G4',
      activation_date: nowSeconds() - 86_400,
      last_boot_ts: null,
      last_conf_ts: null,
      last_data_ts: null,
      sensor_configurations: [
        sensorConf('H10001', 'North stack', { corrections: [{ date: 1, factor: 0.5, user: 'owner' }] }),
        sensorConf('H10002', null, { disabled: true }),
      ],
      disabled_sensors: ['H10002'],
      conf_data: { bsGroup: null, sensor_groups: {}, timezone: 'Europe/Helsinki' },
    }),
  );
  return server;
}

// docs/decisions/0014-sub-user-rights.md: the web app hides what the server refuses a sub-user.
describe('a sub-user (farm hand) in the settings', () => {
  it('sees the probes and which are disabled, but cannot disable or transfer them', async () => {
    renderPage('/settings/probes', farmHand());
    await waitFor(() => expect(screen.getAllByTestId('settings-probe')).toHaveLength(2));
    expect(within(screen.getAllByTestId('settings-probe')[1]!).getByText('Disabled')).toBeTruthy();
    expect(screen.queryByTestId('open-disabled-sensors')).toBeNull();
    expect(screen.queryByTestId('open-transfer')).toBeNull();
  });

  it('leaves both to the owner of the same account', async () => {
    renderPage('/settings/probes', farmHand({ subUser: false }));
    expect(await screen.findByTestId('open-disabled-sensors')).toBeTruthy();
    expect(screen.getByTestId('open-transfer')).toBeTruthy();
  });

  it('sees the station’s name and time zone but cannot edit them', async () => {
    renderPage('/settings/basestation', farmHand());
    expect(within(await screen.findByTestId('bs-display-name')).getByText('Barn')).toBeTruthy();
    expect(within(screen.getByTestId('bs-timezone')).getByText('Europe/Helsinki')).toBeTruthy();
    expect(screen.queryByTestId('edit-name')).toBeNull();
    expect(screen.queryByTestId('edit-timezone')).toBeNull();
  });

  it('names a probe, but is not offered its correction', async () => {
    renderPage('/probes/H10001?tab=properties', farmHand());
    const name = await screen.findByRole('textbox', { name: 'Name' });
    expect(name).toHaveProperty('disabled', false);
    expect(screen.queryByTestId('correction-value')).toBeNull();
  });

  it('shows the owner the correction of the same probe', async () => {
    renderPage('/probes/H10001?tab=properties', farmHand({ subUser: false }));
    expect((await screen.findByTestId('correction-value')).textContent).toBe('+0.5');
  });
});
