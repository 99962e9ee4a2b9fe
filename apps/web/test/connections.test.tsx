import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type {
  FieldSystem,
  RcTest,
  RcUnit,
  SocketStatusesResponse,
} from '@emberwatch/shared/contracts/connections';
import { createFakeServer, json } from './support/fakeServer';
import { renderApp } from './support/renderApp';
import { renderPage } from './support/renderPage';

const slow = { timeout: 8000 };
const NOW = Math.floor(Date.now() / 1000);

beforeAll(async () => {
  await import('../src/features/connections/LiveConnectionsPage');
  await import('../src/features/connections/RcTestPage');
  await import('../src/features/connections/FieldSystemsPage');
});

function admin(group = 1) {
  return createFakeServer({ loggedIn: true, session: { admin: true, admin_group: group } });
}

const client = (id: string, UID: number, username: string, over: object = {}) => ({
  id,
  instance: 'web-1:42:ab12',
  UID,
  username,
  name: null,
  is_admin: false,
  connected_ts: NOW - 600,
  expires_ts: NOW + 300,
  stations: 3,
  pushed: 12,
  last_push_ts: NOW - 30,
  address: '10.0.0.7',
  agent: 'Firefox',
  muted: false,
  ...over,
});

function sockets(over: Partial<SocketStatusesResponse> = {}): SocketStatusesResponse {
  return {
    status_code: 0,
    now_ts: NOW,
    push_enabled: true,
    instances: [
      {
        instance: 'web-1:42:ab12',
        self: true,
        started_ts: NOW - 3600,
        seen_ts: NOW,
        push_enabled: true,
        clients: 3,
        pending: 1,
        relay: { state: 'connected', since_ts: NOW - 3600, sent: 40, received: 38, reconnects: 0 },
      },
    ],
    clients: [
      client('a1', 7, 'hay@farm.example'),
      client('a2', 7, 'hay@farm.example', { connected_ts: NOW - 60 }),
      client('b1', 9, 'grain@farm.example', { muted: true }),
    ],
    muted: [{ UID: 9, username: 'grain@farm.example', since_ts: NOW - 900, by: 'tech@staff.example' }],
    ...over,
  };
}

// Issue 30 item 7 (decision 0096): the live connections of /admin/connections and their switches.
describe('/admin/connections', () => {
  it('lists the connected users with their sockets, and switches a user, a socket and the push', async () => {
    const server = admin();
    server.override('GET /admin/getSocketStatuses', () => json(sockets()));
    server.override('POST /admin/setClientSocket', () =>
      json({ status_code: 0, live: false, disconnected: 0 }),
    );
    server.override('POST /admin/setServerSocket', () =>
      json({ status_code: 0, push_enabled: false, relay: sockets().instances[0]!.relay }),
    );
    const app = renderPage('/admin/connections', server);
    const users = await screen.findByTestId('live-users', undefined, slow);
    const rows = within(users).getAllByTestId('admin-table-row');
    expect(rows.map((r) => within(r).getAllByRole('cell')[1]?.textContent)).toEqual([
      'hay@farm.example',
      'grain@farm.example',
    ]);
    expect(within(rows[1]!).getByText('Off')).toBeTruthy();
    expect(within(screen.getByTestId('live-instances')).getByText('connected')).toBeTruthy();
    expect(within(screen.getByTestId('live-muted')).getByText('tech@staff.example')).toBeTruthy();

    await app.user.click(within(rows[0]!).getByRole('button', { name: 'Disable live updates' }));
    await waitFor(() => expect(server.callsTo('POST', '/admin/setClientSocket')).toHaveLength(1));
    expect(server.callsTo('POST', '/admin/setClientSocket')[0]!.body).toEqual({ UID: 7, action: 'disable' });

    await app.user.click(within(rows[0]!).getByRole('button', { name: 'Show details' }));
    const socketsTable = await within(users).findByTestId('live-sockets');
    const socketRows = within(socketsTable).getAllByTestId('admin-table-row');
    expect(socketRows).toHaveLength(2);
    await app.user.click(within(socketRows[0]!).getByRole('button', { name: 'Disconnect' }));
    await waitFor(() => expect(server.callsTo('POST', '/admin/setClientSocket')).toHaveLength(2));
    expect(server.callsTo('POST', '/admin/setClientSocket')[1]!.body).toEqual({
      UID: 7,
      action: 'disconnect',
      connection: 'a1',
    });

    await app.user.click(screen.getByTestId('push-switch'));
    await waitFor(() => expect(server.callsTo('POST', '/admin/setServerSocket')).toHaveLength(1));
    expect(server.callsTo('POST', '/admin/setServerSocket')[0]!.body).toEqual({
      link: 'push',
      action: 'off',
    });
    await app.user.click(screen.getByRole('button', { name: 'Reconnect the relay' }));
    await waitFor(() => expect(server.callsTo('POST', '/admin/setServerSocket')).toHaveLength(2));
    expect(server.callsTo('POST', '/admin/setServerSocket')[1]!.body).toEqual({
      link: 'relay',
      action: 'reconnect',
    });
  });

  it('says clearly when the push is off, and lets Sales staff only read', async () => {
    const server = admin(3);
    server.override('GET /admin/getSocketStatuses', () => json(sockets({ push_enabled: false })));
    renderPage('/admin/connections', server);
    expect(await screen.findByTestId('push-off', undefined, slow)).toBeTruthy();
    expect(screen.getByText(/Root, Admin and Tech staff switch them/)).toBeTruthy();
    const users = screen.getByTestId('live-users');
    for (const b of within(users).getAllByRole<HTMLButtonElement>('button', {
      name: /live updates|Disconnect/,
    }))
      expect(b.disabled).toBe(true);
  });

  it.each(['/admin/connections', '/rctest_', '/fs'])('sends a farmer from %s to “/”', async (path) => {
    const server = createFakeServer({ loggedIn: true });
    const app = renderApp(path, server);
    await waitFor(() => expect(app.location()).toBe('/probes'), slow);
    expect(server.callsTo('GET', '/admin/getSocketStatuses')).toHaveLength(0);
  });
});

const test = (over: Partial<RcTest> = {}): RcTest => ({
  FC_ID: 'RC12-0042',
  channel: 2,
  command: 1,
  once: false,
  minutes: 30,
  enabled: true,
  state: 'armed',
  enabled_ts: NOW - 60,
  expires_ts: NOW + 1740,
  answered_ts: NOW - 30,
  answers: 1,
  set_ts: NOW - 120,
  set_by: 'tech@staff.example',
  ...over,
});

const unit = (FC_ID: string, t: RcTest | null): RcUnit => ({
  FC_ID,
  type: 'RC',
  name: 'Windrow blowers',
  UID: 7,
  owner: 'compost@farm.example',
  channels: 4,
  firmware: '1.4',
  last_poll_ts: NOW - 20,
  status: 'online',
  modes: [1, 2, 3, 4].map((channel) => ({
    channel,
    name: null,
    fc_mode: 'drive',
    command: 0,
    is_manual: false,
    in_use: null,
  })),
  test: t,
});

describe('/rctest_', () => {
  it('shows the armed test responses clearly, and sets and switches a controller’s', async () => {
    const server = admin(2);
    server.override('GET /admin/rcList', () =>
      json({ status_code: 0, results: [unit('RC12-0042', test()), unit('RC12-0050', null)] }),
    );
    server.override('GET /admin/getRcTestResponseEnabled', (c) =>
      json({
        status_code: 0,
        results: c.query.get('fc_id') === 'RC12-0050' ? [] : [test()],
        log: [],
      }),
    );
    server.override('POST /admin/setRcTestResponse', () =>
      json({ status_code: 0, test: test({ enabled: false, state: 'off' }) }),
    );
    server.override('POST /admin/setRcTestResponseEnabled', () => json({ status_code: 0, test: test() }));
    const app = renderPage('/rctest_', server);
    expect((await screen.findByTestId('rc-armed', undefined, slow)).textContent).toContain('RC12-0042');
    expect(screen.getByTestId('rc-test-state-RC12-0042').textContent).toBe('On: answering');

    const rows = within(screen.getByTestId('rc-units')).getAllByTestId('admin-table-row');
    await app.user.click(within(rows[1]!).getByRole('button', { name: 'Show details' }));
    const editor = await screen.findByTestId('rc-editor-RC12-0050');
    expect(within(editor).getByTestId<HTMLInputElement>('rc-enabled').disabled).toBe(true);
    await app.user.click(within(editor).getByRole('combobox', { name: 'Channel' }));
    await app.user.click(await screen.findByRole('option', { name: 'channel 3' }));
    await app.user.click(within(editor).getByRole('combobox', { name: 'Command' }));
    await app.user.click(await screen.findByRole('option', { name: 'Fan off' }));
    await app.user.click(within(editor).getByRole('button', { name: 'Save the test response' }));
    await waitFor(() => expect(server.callsTo('POST', '/admin/setRcTestResponse')).toHaveLength(1));
    expect(server.callsTo('POST', '/admin/setRcTestResponse')[0]!.body).toEqual({
      fc_id: 'RC12-0050',
      channel: 3,
      command: 0,
      once: false,
      minutes: 30,
    });

    await app.user.click(within(rows[0]!).getByRole('button', { name: 'Show details' }));
    const armed = await screen.findByTestId('rc-editor-RC12-0042');
    expect(within(armed).getByTestId('rc-test-summary').textContent).toMatch(
      /^On: answering: Fan on on channel 2/,
    );
    await app.user.click(within(armed).getByTestId('rc-enabled'));
    await waitFor(() => expect(server.callsTo('POST', '/admin/setRcTestResponseEnabled')).toHaveLength(1));
    expect(server.callsTo('POST', '/admin/setRcTestResponseEnabled')[0]!.body).toEqual({
      fc_id: 'RC12-0042',
      enabled: false,
    });
  });

  it('filters the last polls as they are shown: a date as the user writes it, or “never”', async () => {
    const server = admin(2);
    server.override('GET /admin/rcList', () =>
      json({
        status_code: 0,
        results: [
          { ...unit('RC12-0042', null), last_poll_ts: Date.UTC(2026, 10, 23, 9, 30) / 1000 },
          { ...unit('RC12-0050', null), last_poll_ts: null, status: 'never' },
        ],
      }),
    );
    const app = renderPage('/rctest_', server);
    const units = await screen.findByTestId('rc-units', undefined, slow);
    const filter = within(units).getByRole('textbox', { name: 'Filter' });
    const shown = () =>
      within(units)
        .queryAllByTestId('admin-table-row')
        .map((r) => r.textContent);
    await app.user.type(filter, 'never');
    await waitFor(() => expect(shown()).toHaveLength(1));
    expect(shown()[0]).toContain('RC12-0050');
    await app.user.clear(filter);
    // The user's default date format writes 23.11.2026; the epoch seconds are not what they see.
    await app.user.type(filter, '23.11.2026');
    await waitFor(() => expect(shown()).toHaveLength(1));
    expect(shown()[0]).toContain('RC12-0042');
  });

  it('lets Sales staff read only', async () => {
    const server = admin(3);
    server.override('GET /admin/rcList', () => json({ status_code: 0, results: [unit('RC12-0042', null)] }));
    server.override('GET /admin/getRcTestResponseEnabled', () =>
      json({ status_code: 0, results: [], log: [] }),
    );
    const app = renderPage('/rctest_', server);
    const rows = within(await screen.findByTestId('rc-units', undefined, slow)).getAllByTestId(
      'admin-table-row',
    );
    expect(screen.queryByTestId('rc-armed')).toBeNull();
    await app.user.click(within(rows[0]!).getByRole('button', { name: 'Show details' }));
    const editor = await screen.findByTestId('rc-editor-RC12-0042');
    expect(
      within(editor).getByRole<HTMLButtonElement>('button', { name: 'Save the test response' }).disabled,
    ).toBe(true);
    expect(within(editor).getByText(/Root, Admin and Tech staff set them/)).toBeTruthy();
  });
});

const system = (FC_ID: string, over: Partial<FieldSystem> = {}): FieldSystem => ({
  FC_ID,
  type: 'RC',
  name: 'Bin fans',
  UID: 7,
  owner: 'grain@farm.example',
  owner_name: 'Greta Grain',
  firmware: '2.0',
  status: 'online',
  last_poll_ts: NOW - 20,
  offline_since_ts: null,
  created_ts: NOW - 86400,
  net: '4G',
  rssi: -77,
  climate_temp: 84,
  climate_rh: 71.5,
  channels_in_use: 1,
  test_armed: false,
  channels: [
    {
      channel: 1,
      name: null,
      fc_mode: 'drive',
      command: 1,
      is_manual: false,
      in_use: 5,
      storage: 'Bin A',
      bs_id: 'F2000001',
      applied: true,
    },
  ],
  ...over,
});

describe('/fs', () => {
  it('lists the field systems, narrows them on the server and opens a system’s channels', async () => {
    const server = admin();
    server.override('GET /admin/getFSList', (c) =>
      json({
        status_code: 0,
        total: 2,
        results:
          c.query.get('status') === 'offline'
            ? [system('RC-2', { status: 'offline', climate_temp: null })]
            : [system('RC-1'), system('RC-2', { status: 'offline', climate_temp: null })],
      }),
    );
    const app = renderPage('/fs', server);
    expect((await screen.findByTestId('fs-count', undefined, slow)).textContent).toBe('2 of 2 controllers');
    const list = screen.getByTestId('fs-list');
    expect(within(list).getAllByText('4G -77 dBm')).toHaveLength(2);
    // The inlet air's temperature is coloured by the user's colour steps.
    expect(list.querySelector('[data-tone^="band-"]')).not.toBeNull();

    await app.user.click(screen.getByRole('combobox', { name: 'Status' }));
    await app.user.click(await screen.findByRole('option', { name: 'Offline' }));
    await waitFor(() => expect(screen.getByTestId('fs-count').textContent).toBe('1 of 2 controllers'));
    expect(server.callsTo('GET', '/admin/getFSList').at(-1)!.query.get('status')).toBe('offline');

    const row = within(screen.getByTestId('fs-list')).getAllByTestId('admin-table-row')[0]!;
    await app.user.click(within(row).getByRole('button', { name: 'Show details' }));
    const channels = await screen.findByTestId('fs-channels');
    expect(within(channels).getByText('Bin A')).toBeTruthy();
    expect(within(channels).getByText('F2000001')).toBeTruthy();
  });
});
