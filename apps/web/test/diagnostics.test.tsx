import { beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type {
  AccessLogEntry,
  BsRegistration,
  ProbeRegistration,
  ServerLogLine,
  SysOp,
  TestStation,
} from '@emberwatch/shared/contracts/diagnostics';
import type { Endpoint } from '@emberwatch/shared/contracts/endpoint';
import { endpoints } from '@emberwatch/shared/contracts/endpoints';
import { PAGES } from '../src/app/pages';
import { createFakeServer, json } from './support/fakeServer';
import { renderApp } from './support/renderApp';

beforeAll(async () => {
  await Promise.all([
    import('../src/features/diagnostics/ServerLogsPage'),
    import('../src/features/diagnostics/GariLogPage'),
    import('../src/features/diagnostics/TestDataPage'),
    import('../src/features/diagnostics/IdsPage'),
    import('../src/features/admin/AdminHomePage'),
  ]);
});

vi.setConfig({ testTimeout: 30_000 });
const slow = { timeout: 8000 };
const T0 = 1_800_000_000;

function staff(group = 1) {
  return createFakeServer({ loggedIn: true, session: { admin: true, admin_group: group } });
}

const line = (id: number, msg: string, level = 30): ServerLogLine => ({
  id,
  ts: T0 + id,
  ms: 0,
  server: 'web-1:42',
  env: 'production',
  level,
  msg,
  line: JSON.stringify({
    level,
    time: (T0 + id) * 1000,
    msg,
    req: { headers: { authorization: '[Redacted]' } },
  }),
});

const access = (id: number, o: Partial<AccessLogEntry> = {}): AccessLogEntry => ({
  id,
  ts: T0 + id,
  server: 'web-1:42',
  method: 'GET',
  path: '/client/getSessionInfo',
  route: '/client/getSessionInfo',
  status: 200,
  duration_ms: 1.25,
  user_id: 7,
  username: 'hay@farm.test',
  family: null,
  ip: '203.0.113.9',
  ...o,
});

// Issue 30 item 7 (decision 0095): the server logs, with the spec's AuxData rule.
describe('/admin/server-logs', () => {
  it('shows the server log without AuxData lines, counts them, shows them when asked, and opens a line', async () => {
    const server = staff();
    server.override('GET /admin/logs', (c) => {
      const showAux = c.query.get('showAux') === '1';
      const lines = [line(3, 'job failed', 50), line(2, 'incoming request')];
      return json({
        status_code: 0,
        from_ts: T0,
        to_ts: T0 + 100,
        results: showAux ? [line(4, 'AuxData diagnostics rotated'), ...lines] : lines,
        nAux: showAux ? 0 : 1,
        truncated: false,
        servers: [{ server: 'web-1:42', env: 'production', last_ts: T0 + 4, current: true }],
      });
    });
    const app = renderApp('/admin/server-logs', server);
    const table = await screen.findByTestId('server-log-table', undefined, slow);
    const rows = within(table).getAllByTestId('admin-table-row');
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining('job failed'),
      expect.stringContaining('incoming request'),
    ]);
    expect(rows[0]!.textContent).toContain('Error');
    expect(screen.getByTestId('logs-naux').textContent).toBe('AuxData lines hidden: 1');
    const asked = server.callsTo('GET', '/admin/logs')[0]!;
    expect(asked.query.get('showAux')).toBe('0');
    expect(asked.query.get('server')).toBe('all');
    const [from, to] = asked.query.get('timeFilter')!.split(',').map(Number);
    expect(to! - from!).toBe(24 * 3600);

    await app.user.click(within(rows[0]!).getByRole('button', { name: 'Show details' }));
    expect((await screen.findByTestId('log-line')).textContent).toContain('[Redacted]');

    await app.user.click(screen.getByRole('switch', { name: 'Show AuxData lines' }));
    await waitFor(() =>
      expect(within(screen.getByTestId('server-log-table')).getAllByTestId('admin-table-row')).toHaveLength(
        3,
      ),
    );
    expect(server.callsTo('GET', '/admin/logs').at(-1)!.query.get('showAux')).toBe('1');
    expect(screen.getByTestId('logs-naux').textContent).toContain('are shown');
  });

  it('shows the access log and the jobs in their tabs', async () => {
    const server = staff(2);
    server.override('GET /admin/accesslogs', (c) =>
      json({
        status_code: 0,
        from_ts: Number(c.query.get('startTS')),
        to_ts: Number(c.query.get('endTS')),
        results: [access(2, { status: 403, path: '/admin/getKit' }), access(1)],
        truncated: c.query.get('status') === null,
      }),
    );
    const job: SysOp = {
      name: 'stationLogs.rotate',
      every_ms: 600_000,
      runs: 3,
      failures: 1,
      running: false,
      last_start_ms: T0 * 1000,
      last_duration_ms: 12,
      last_result: 'failed',
      last_error: 'database is locked',
      next_ms: (T0 + 600) * 1000,
    };
    server.override('GET /admin/getSysOpList', () =>
      json({ status_code: 0, server: 'web-1:42', started_ms: T0 * 1000, scheduled: true, results: [job] }),
    );
    const app = renderApp('/admin/server-logs', server);
    await app.user.click(await screen.findByRole('tab', { name: 'Access log' }, slow));
    const table = await screen.findByTestId('access-log-table');
    const rows = within(table).getAllByTestId('admin-table-row');
    expect(rows[0]!.textContent).toContain('/admin/getKit');
    expect(rows[0]!.textContent).toContain('403');
    expect(rows[1]!.textContent).toContain('hay@farm.test');
    expect(screen.getByText(/Only the newest 2,000 rows/)).toBeTruthy();
    const asked = server.callsTo('GET', '/admin/accesslogs')[0]!;
    expect(Number(asked.query.get('endTS')) - Number(asked.query.get('startTS'))).toBe(3600);
    await app.user.click(within(rows[0]!).getByRole('button', { name: 'Show details' }));
    expect((await screen.findByTestId('access-detail')).textContent).toContain('main');

    await app.user.click(screen.getByRole('tab', { name: 'Jobs' }));
    const jobs = await screen.findByTestId('jobs-table');
    const jobRow = within(jobs).getByTestId('admin-table-row');
    expect(jobRow.textContent).toContain('stationLogs.rotate');
    expect(jobRow.textContent).toContain('every 10 min');
    expect(jobRow.textContent).toContain('Failed');
    await app.user.click(within(jobRow).getByRole('button', { name: 'Show details' }));
    expect(await screen.findByText('database is locked')).toBeTruthy();
  });

  it('tells Sales staff the logs are not theirs, asks nothing, and leaves them off the home', async () => {
    const server = staff(3);
    renderApp('/admin/server-logs', server);
    expect(
      await screen.findByText('Only Root, Admin and Tech staff read the server logs.', undefined, slow),
    ).toBeTruthy();
    expect(server.callsTo('GET', '/admin/logs')).toHaveLength(0);
  });

  it('is not on the console’s home for Sales staff, who still get the test data and ids', async () => {
    renderApp('/admin', staff(3));
    const home = await screen.findByTestId('admin-home', undefined, slow);
    expect(within(home).queryByRole('link', { name: /^Server logs/ })).toBeNull();
    expect(within(home).queryByRole('link', { name: /^Gari system calls/ })).toBeNull();
    expect(
      within(home)
        .getByRole('link', { name: /^Test data/ })
        .getAttribute('href'),
    ).toBe('/test_');
    expect(
      within(home)
        .getByRole('link', { name: /^Registered ids/ })
        .getAttribute('href'),
    ).toBe('/ids_');
  });

  it.each([
    ['/admin/server-logs', {}],
    ['/g-log', {}],
    ['/test_', {}],
    ['/ids_', {}],
    ['/ids_', { master: true }],
  ])('sends a customer from %s to “/”', async (path, session) => {
    const app = renderApp(path, createFakeServer({ loggedIn: true, session }));
    await waitFor(() => expect(app.location()).not.toBe(path), slow);
  });
});

describe('/g-log', () => {
  it('lists the Gari users’ calls', async () => {
    const server = staff();
    server.override('GET /admin/getGariCallLog', () =>
      json({
        status_code: 0,
        results: [access(5, { family: 'gari', username: 'gari@farm.test' })],
        truncated: false,
      }),
    );
    const app = renderApp('/g-log', server);
    const table = await screen.findByTestId('gari-table', undefined, slow);
    const row = within(table).getByTestId('admin-table-row');
    expect(row.textContent).toContain('gari@farm.test');
    await app.user.click(within(row).getByRole('button', { name: 'Show details' }));
    expect((await screen.findByTestId('access-detail')).textContent).toContain('gari');
  });
});

describe('/test_', () => {
  it('lists the stations in their factory test and shows each probe’s reading in the colour steps', async () => {
    const server = staff(3);
    const station: TestStation = {
      bs_id: 'F1990001',
      registered_ts: T0,
      partner_app: null,
      calls: 4,
      data_calls: 3,
      readings: 9,
      first_ts: T0 + 10,
      last_ts: T0 + 70,
      last_kind: 'data',
      last_status: 401,
      probes: [
        {
          sensor_id: 'H7001',
          meas_ts: T0 + 60,
          temperature: 230,
          sensor_rssi: -70,
          batt: 360,
          received_ts: T0 + 70,
        },
        {
          sensor_id: 'H7002',
          meas_ts: T0 + 60,
          temperature: 750,
          sensor_rssi: null,
          batt: null,
          received_ts: T0 + 70,
        },
      ],
    };
    server.override('GET /admin/getTestDataAll', () =>
      json({ status_code: 0, results: [station], truncated: false }),
    );
    const app = renderApp('/test_', server);
    const table = await screen.findByTestId('tests-table', undefined, slow);
    const row = within(table).getByTestId('admin-table-row');
    expect(row.textContent).toContain('F1990001');
    expect(row.textContent).toContain('401');
    await app.user.click(within(row).getByRole('button', { name: 'Show details' }));
    const probes = await screen.findAllByTestId('test-probe');
    expect(probes).toHaveLength(2);
    expect(probes[0]!.textContent).toContain('3.60');
    const temps = screen.getAllByTestId('test-temperature');
    expect(temps[0]!.textContent).toContain('23');
    // Coloured by the user's steps: a cool and a hot reading do not share a band.
    const band = (el: Element) => el.querySelector('[data-tone]')?.getAttribute('data-tone');
    expect(band(temps[0]!)).toBeTruthy();
    expect(band(temps[0]!)).not.toBe(band(temps[1]!));
    expect(server.callsTo('GET', '/admin/getTestDataAll')[0]!.query.get('hours')).toBe('168');
  });
});

describe('/ids_', () => {
  it('lists the station and probe-set ids with their activation and asks again by state', async () => {
    const server = staff(3);
    const bs = (id: string, activated: boolean): BsRegistration => ({
      bs_id: id,
      registered_ts: T0,
      partner_app: id === 'F1900003' ? 'gari' : null,
      activated_ts: activated ? T0 + 100 : null,
      owner: activated ? { UID: 7, username: 'hay@farm.test' } : null,
      last_data_ts: null,
    });
    const set: ProbeRegistration = {
      set_id: 'HS-9001',
      probes: ['H90001', 'H90002'],
      registered_ts: T0,
      activated_ts: T0 + 50,
      bs_id: 'F1000001',
      owner: { UID: 7, username: 'hay@farm.test' },
    };
    server.override('GET /admin/getBSRegistrations', (c) =>
      json({
        status_code: 0,
        results:
          c.query.get('state') === 'open'
            ? [bs('F1900003', false)]
            : [bs('F1900003', false), bs('F1900001', true)],
        truncated: false,
      }),
    );
    server.override('GET /admin/getProbeRegistrations', () =>
      json({ status_code: 0, results: [set], truncated: false }),
    );
    const app = renderApp('/ids_', server);
    const stations = await screen.findByTestId('ids-stations', undefined, slow);
    await waitFor(() => expect(within(stations).getAllByTestId('admin-table-row')).toHaveLength(2));
    const texts = within(stations)
      .getAllByTestId('admin-table-row')
      .map((r) => r.textContent);
    expect(texts.find((x) => x?.includes('F1900003'))).toContain('not activated');
    expect(texts.find((x) => x?.includes('F1900001'))).toContain('hay@farm.test (7)');
    const sets = screen.getByTestId('ids-sets');
    const setRow = within(sets).getByTestId('admin-table-row');
    await app.user.click(within(setRow).getByRole('button', { name: 'Show details' }));
    expect((await screen.findByTestId('set-probes')).textContent).toBe('H90001, H90002');

    // The table's own filter narrows what is shown.
    await app.user.type(within(stations).getByTestId('admin-table-filter'), '1900001');
    await waitFor(() => expect(within(stations).getAllByTestId('admin-table-row')).toHaveLength(1));

    await app.user.click(screen.getByRole('combobox', { name: 'Activation' }));
    await app.user.click(await screen.findByRole('option', { name: 'Not activated' }));
    await waitFor(() =>
      expect(server.callsTo('GET', '/admin/getBSRegistrations').at(-1)!.query.get('state')).toBe('open'),
    );
  });
});

// A browser opening a page's address gets the API's answer where a call has the same path (the
// server log's page is not /admin/logs for this reason, decision 0095). The public API's calls are the
// one exception the spec asks for: its test page has their paths, and a request that asks for HTML and
// carries no key is served the page (`wantsTestPage`, decision 0111).
describe('page addresses', () => {
  it('are never the path of a GET call', () => {
    const all = Object.values(endpoints).flatMap((group) => Object.values(group) as Endpoint[]);
    const calls = new Set(all.filter((e) => e.method === 'GET' && e.auth !== 'apiKey').map((e) => e.path));
    const pages = PAGES.flatMap((p) => p.paths.map((path) => `/${path}`));
    expect(pages).toContain('/admin/server-logs');
    expect(pages.filter((p) => calls.has(p))).toEqual([]);
  });
});
