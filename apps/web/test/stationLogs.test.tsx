import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type {
  BsCommDataResponse,
  BsLogsResponse,
  StationCall,
} from '@emberwatch/shared/contracts/stationLogs';
import { createFakeServer, json } from './support/fakeServer';
import { renderApp } from './support/renderApp';

const slow = { timeout: 8000 };
const NOW = Math.floor(Date.now() / 1000);

beforeAll(async () => {
  await import('../src/features/settings/SettingsPage');
  await import('../src/features/station-logs/BsLogPage');
});

function admin(group = 1) {
  return createFakeServer({ loggedIn: true, session: { admin: true, admin_group: group } });
}

/** A traffic answer: `counts` per kind in the first bars of the window. */
function traffic(
  q: URLSearchParams,
  counts: Partial<Record<'boot' | 'conf' | 'ota' | 'data' | 'beat', number[]>>,
): BsCommDataResponse {
  const hours = Number(q.get('window'));
  const bucket = { 1: 60, 3: 300, 6: 600, 12: 900, 24: 1800 }[hours]!;
  const to = NOW - Number(q.get('offset')) * 3600;
  const from = to - hours * 3600;
  const series = (k: keyof typeof counts) =>
    Array.from({ length: (hours * 3600) / bucket }, (_, i) => ({
      ts: from + i * bucket,
      n: counts[k]?.[i] ?? 0,
    }));
  return {
    status_code: 0,
    from_ts: from,
    to_ts: to,
    bucket_s: bucket,
    data: {
      bootValues: series('boot'),
      confValues: series('conf'),
      otaValues: series('ota'),
      dataValues: series('data'),
      beatValues: series('beat'),
    },
    last_boot_ts: NOW - 3000,
    last_conf_ts: null,
    last_data_ts: NOW - 60,
  };
}

// Spec doc 2 §2.5, §3, §8, §9: the admin blocks Traffic and Mobile network of the base-station settings.
describe('base-station settings: traffic (admins)', () => {
  it('charts the five kinds over 3 hours at first, then 1 h, and moves back and forward a window at a time', async () => {
    const server = admin();
    server.override('GET /client/bsCommData', (c) =>
      json(traffic(c.query, { boot: [1], data: [3, 2], beat: [0, 1, 1], ota: [0, 0, 0, 1] })),
    );
    const app = renderApp('/settings/basestation', server);
    const block = await screen.findByTestId('bs-traffic', undefined, slow);
    expect(await within(block).findByText('Boot: 1')).toBeTruthy();
    expect(within(block).getByText('Data: 5')).toBeTruthy();
    expect(within(block).getByText('Heartbeat: 2')).toBeTruthy();
    expect(within(block).getByText('Firmware update (OTA): 1')).toBeTruthy();
    expect(within(block).getByText('Configuration: 0')).toBeTruthy();
    const bars = within(block).getAllByTestId('traffic-bar');
    expect(bars).toHaveLength(36);
    expect(bars.slice(0, 4).map((b) => b.getAttribute('data-total'))).toEqual(['4', '3', '1', '1']);
    expect(within(block).getByTestId('traffic-last').textContent).toMatch(/last configuration never/);
    const asked = () =>
      server.callsTo('GET', '/client/bsCommData').map((c) => [c.query.get('window'), c.query.get('offset')]);
    expect(asked()).toEqual([['3', '0']]);
    expect(within(block).getByRole<HTMLButtonElement>('button', { name: 'Later' }).disabled).toBe(true);

    await app.user.click(within(block).getByRole('button', { name: 'Earlier' }));
    await waitFor(() => expect(asked().at(-1)).toEqual(['3', '3']));
    await app.user.click(within(block).getByRole('button', { name: '1 h' }));
    await waitFor(() => expect(asked().at(-1)).toEqual(['1', '3']));
    await waitFor(() => expect(within(block).getAllByTestId('traffic-bar')).toHaveLength(60));
    await app.user.click(within(block).getByRole('button', { name: 'Later' }));
    await waitFor(() => expect(asked().at(-1)).toEqual(['1', '2']));
    expect(server.callsTo('GET', '/client/bsCommData').every((c) => c.query.get('bs') === 'F1000001')).toBe(
      true,
    );
  });

  it('is not there for a farmer', async () => {
    const server = createFakeServer({ loggedIn: true });
    renderApp('/settings/basestation', server);
    expect(await screen.findByTestId('bs-display-name', undefined, slow)).toBeTruthy();
    expect(screen.queryByTestId('bs-traffic')).toBeNull();
    expect(screen.queryByTestId('bs-mobile')).toBeNull();
    expect(server.callsTo('GET', '/client/bsCommData')).toHaveLength(0);
  });
});

describe('base-station settings: the mobile network log (admins)', () => {
  async function openLog(server: ReturnType<typeof admin>) {
    server.override('GET /client/bsCommData', (c) => json(traffic(c.query, {})));
    const app = renderApp('/settings/basestation', server);
    const block = await screen.findByTestId('bs-mobile', undefined, slow);
    await app.user.click(within(block).getByRole('button', { name: 'Mobile network log' }));
    return screen.findByRole('dialog');
  }

  it('lists the network of the last 100 calls: time, operator, net, RSSI', async () => {
    const server = admin();
    server.override('GET /client/getMobileTelemetry', () =>
      json({
        status_code: 0,
        results: [
          { ts: NOW - 60, operator: 'Elisa', net: '2G', mobile_rssi: -97 },
          { ts: NOW - 120, operator: 'Elisa', net: 'LTE', mobile_rssi: -71 },
        ],
      }),
    );
    const dialog = await openLog(server);
    const rows = await within(dialog).findAllByTestId('mobile-log-row');
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .slice(1)
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['Elisa', '2G', '-97'],
      ['Elisa', 'LTE', '-71'],
    ]);
    expect(server.callsTo('GET', '/client/getMobileTelemetry')[0]!.query.get('limit')).toBe('100');
    expect(within(dialog).getByText('Mobile network log of F1000001')).toBeTruthy();
  });

  it("says 'No mobile network data' when there is none", async () => {
    const server = admin();
    server.override('GET /client/getMobileTelemetry', () => json({ status_code: 0, results: [] }));
    const dialog = await openLog(server);
    expect((await within(dialog).findByTestId('mobile-log-empty')).textContent).toBe(
      'No mobile network data',
    );
  });

  it('shows "Error status" with the status code of a refusal', async () => {
    const server = admin();
    server.override('GET /client/getMobileTelemetry', () =>
      json({ status_code: 403, error: 'Only admins read the base stations’ call logs.' }, 403),
    );
    const dialog = await openLog(server);
    expect((await within(dialog).findByTestId('mobile-log-error')).textContent).toBe('Error status 403');
  });
});

const call = (over: Partial<StationCall>): StationCall => ({
  id: 1,
  bs_id: 'F1000001',
  ts: NOW - 60,
  kind: 'data',
  status: 200,
  bytes_up: 812,
  duration_ms: 3.25,
  readings: 12,
  operator: null,
  net: null,
  mobile_rssi: null,
  detail: null,
  ...over,
});
function logs(bsId: string, detailed: boolean, results: StationCall[]): BsLogsResponse {
  return {
    status_code: 0,
    from_ts: NOW - 86_400,
    to_ts: NOW,
    results,
    detailed,
    timestamps: {
      registered: bsId !== 'F9000001',
      activation_ts: NOW - 10 * 86_400,
      last_boot_ts: NOW - 3600,
      last_conf_ts: null,
      last_data_ts: NOW - 60,
      last_call_ts: NOW - 60,
    },
  };
}

function bslogServer(group = 1) {
  const server = admin(group);
  let detailed = false;
  const logged: { bs_id: string; since_ts: number; by: string | null }[] = [];
  server.override('GET /admin/getBsLogs', (c) => {
    const bsId = c.query.get('basestationID')!;
    if (bsId === 'F9000001')
      return json(
        logs(bsId, false, [call({ id: 9, bs_id: bsId, kind: 'boot', status: 401, readings: null })]),
      );
    return json(
      logs(bsId, detailed, [
        call({ id: 1, kind: 'boot', ts: NOW - 3600, readings: 0 }),
        call({
          id: 2,
          detail: JSON.stringify({
            packet: { type: 'data', readings: 12, probes: ['H10001'] },
            answer: { stored: 12 },
          }),
        }),
        call({
          id: 3,
          kind: 'data',
          status: 400,
          ts: NOW - 30,
          operator: 'Elisa',
          net: 'LTE',
          mobile_rssi: -71,
        }),
      ]),
    );
  });
  server.override('POST /admin/postBsLoggingStatus', (c) => {
    const body = c.body as { basestationID: string; logging: boolean };
    detailed = body.logging;
    if (body.logging) logged.push({ bs_id: body.basestationID, since_ts: NOW, by: 'admin@demo.emberwatch' });
    return json({ status_code: 0, logging: body.logging });
  });
  server.override('GET /admin/getBsLoggingList', () => json({ status_code: 0, results: logged }));
  server.override('GET /admin/getEarlyBsCallsLog', () =>
    json({
      status_code: 0,
      results: [
        {
          id: 7,
          bs_id: 'F9000001',
          ts: NOW - 100,
          kind: 'boot',
          status: 401,
          bytes_up: 40,
          registered: false,
        },
        {
          id: 8,
          bs_id: 'F1000009',
          ts: NOW - 200,
          kind: 'conf',
          status: 200,
          bytes_up: 20,
          registered: true,
        },
      ],
    }),
  );
  return server;
}

// Spec doc 3 "Admin and bslog pages are for admins"; doc 1 §7 (getBsLogs, getBsLoggingList,
// postBsLoggingStatus, getEarlyBsCallsLog).
describe('/bslog', () => {
  it('shows the selected station’s calls, newest first, each summary in its sub-row', async () => {
    const server = bslogServer();
    const app = renderApp('/bslog', server);
    const calls = await screen.findByTestId('bslog-calls', undefined, slow);
    const rows = within(calls).getAllByTestId('admin-table-row');
    expect(rows.map((r) => within(r).getAllByRole('cell')[2]!.textContent)).toEqual(['Data', 'Data', 'Boot']);
    expect(
      within(rows[0]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toContain('Elisa LTE -71 dBm');
    const q = server.callsTo('GET', '/admin/getBsLogs')[0]!.query;
    expect([q.get('basestationID'), q.get('hours'), q.get('offset'), q.get('getTS')]).toEqual([
      'F1000001',
      '24',
      '0',
      '1',
    ]);
    expect(screen.getByTestId('bslog-times').textContent).toMatch(/last configuration never/);
    await app.user.click(within(rows[1]!).getByRole('button', { name: 'Show details' }));
    expect((await within(calls).findByTestId('admin-table-detail')).textContent).toContain('"probes"');
    await waitFor(() => expect(document.title).toBe('Base station logs · Emberwatch'));
  });

  it('asks for another station, span and offset', async () => {
    const server = bslogServer();
    const app = renderApp('/bslog', server);
    await screen.findByTestId('bslog-calls', undefined, slow);
    const station = screen.getByTestId('bslog-station');
    await app.user.clear(station);
    await app.user.type(station, 'F1 2');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Show' }).disabled).toBe(true);
    await app.user.clear(station);
    await app.user.type(station, 'F1000002');
    const offset = screen.getByTestId('bslog-offset');
    await app.user.clear(offset);
    await app.user.type(offset, '6');
    await app.user.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() => {
      const q = server.callsTo('GET', '/admin/getBsLogs').at(-1)!.query;
      expect([q.get('basestationID'), q.get('offset')]).toEqual(['F1000002', '6']);
    });
  });

  it('switches detailed logging, which lists the station', async () => {
    const server = bslogServer();
    const app = renderApp('/bslog', server);
    await screen.findByTestId('bslog-calls', undefined, slow);
    expect(await screen.findByText('No base station has detailed logging on.')).toBeTruthy();
    const toggle = screen.getByRole<HTMLInputElement>('switch', { name: 'Detailed logging' });
    expect(toggle.checked).toBe(false);
    await app.user.click(toggle);
    await waitFor(() =>
      expect(server.callsTo('POST', '/admin/postBsLoggingStatus').map((c) => c.body)).toEqual([
        { basestationID: 'F1000001', logging: true },
      ]),
    );
    const logged = await screen.findByTestId('bslog-logged');
    expect(await within(logged).findByText('admin@demo.emberwatch')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole<HTMLInputElement>('switch', { name: 'Detailed logging' }).checked).toBe(true),
    );
  });

  it('does not offer the switch to Sales staff', async () => {
    renderApp('/bslog', bslogServer(3));
    await screen.findByTestId('bslog-calls', undefined, slow);
    expect(screen.getByRole<HTMLInputElement>('switch', { name: 'Detailed logging' }).disabled).toBe(true);
    expect(screen.getByText('Only Root, Admin and Tech staff switch detailed logging.')).toBeTruthy();
  });

  it('lists the early calls, and opens an unknown id’s calls', async () => {
    const server = bslogServer();
    const app = renderApp('/bslog', server);
    const early = await screen.findByTestId('bslog-early', undefined, slow);
    const rows = await within(early).findAllByTestId('admin-table-row');
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .slice(1)
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['F9000001', 'Boot', '401', '40', 'Unknown ID'],
      ['F1000009', 'Configuration', '200', '20', 'Not activated'],
    ]);
    await app.user.click(within(rows[0]!).getByRole('button', { name: 'F9000001' }));
    expect(await screen.findByText(/No base station has this ID/)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Calls of F9000001' })).toBeTruthy();
  });

  it.each([
    ['a farmer', {}, {}],
    ['a master user', { master: true }, {}],
  ])('sends %s to “/”', async (_who, session, user) => {
    const server = createFakeServer({ loggedIn: true, session, user });
    const app = renderApp('/bslog', server);
    await waitFor(() => expect(app.location()).toBe('/probes'), slow);
    expect(screen.queryByTestId('bslog')).toBeNull();
    expect(server.callsTo('GET', '/admin/getBsLogs')).toHaveLength(0);
  });
});
