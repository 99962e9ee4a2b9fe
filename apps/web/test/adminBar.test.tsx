import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { FindSystemResponse, SystemMatch } from '@emberwatch/shared/contracts/adminConsole';
import { ACTING_FOR_KEY } from '../src/features/base-stations';
import { parseActingFor } from '../src/features/base-stations/actingFor';
import { createFakeServer, json } from './support/fakeServer';
import { reading, sensorConf, station } from './support/fixtures';
import { renderApp } from './support/renderApp';

beforeAll(async () => {
  await Promise.all([
    import('../src/features/admin/AdminBar'),
    import('../src/features/admin/AdminHomePage'),
  ]);
});

const slow = { timeout: 8000 };
const ADMIN = { admin: true, admin_group: 1, UID: 1, username: 'root@emberwatch' };
const GRAIN_UID = 42;

const grainMatch: SystemMatch = {
  bs_id: 'F2000001',
  display_name: 'Bin row A',
  family: 'main',
  owner: { UID: GRAIN_UID, username: 'grain@demo', name: 'Prairie Grain Co-op' },
  matched: { key: 'stationId', value: 'F2000001' },
};

/**
 * An admin's server: the console's own list (every station, no UID) holds a hay station; the grain
 * customer (UID 42) has two stations, each with a probe; findSystem answers `matches`.
 */
function adminServer(opts: { environment?: string; matches?: SystemMatch[]; session?: object } = {}) {
  const server = createFakeServer({
    loggedIn: true,
    session: { ...ADMIN, ...opts.session },
    stations: [station('F1000001', { display_name: 'North barn', owner_UID: 9 })],
    conf: {
      F1000001: [sensorConf('H1', 'Hay probe')],
      F2000001: [sensorConf('G1', 'Grain probe', { realBs: 'F2000001' })],
      F2000002: [sensorConf('G2', 'Other bin probe', { realBs: 'F2000002' })],
    },
    data: {
      F1000001: [reading('H1', [40], 600)],
      F2000001: [reading('G1', [21], 600)],
      F2000002: [reading('G2', [22], 600)],
    },
  });
  server.override('GET /client/basestationArray', (c) =>
    json({
      status_code: 0,
      results:
        c.query.get('UID') === String(GRAIN_UID)
          ? [
              station('F2000001', { display_name: 'Bin row A', owner_UID: GRAIN_UID }),
              station('F2000002', { display_name: 'Bin row B', owner_UID: GRAIN_UID }),
            ]
          : server.state.stations,
    }),
  );
  server.override('GET /admin/consoleInfo', () =>
    json({ status_code: 0, environment: opts.environment ?? 'development', staffLevel: 'admin' }),
  );
  server.override('GET /admin/findSystem', (c) => {
    const q = c.query.get('q') ?? '';
    const all = opts.matches ?? [grainMatch];
    const found = all.filter(
      (m) =>
        m.bs_id.toLowerCase().includes(q.toLowerCase()) ||
        m.owner.username.includes(q) ||
        m.matched.value.toLowerCase().includes(q.toLowerCase()),
    );
    return json({ status_code: 0, results: found, more: false } satisfies FindSystemResponse);
  });
  return server;
}

const uidsAsked = (server: ReturnType<typeof adminServer>) =>
  server.callsTo('GET', '/client/basestationArray').map((c) => c.query.get('UID'));

describe('the admin bar', () => {
  it('shows an admin the bar in the development colour, with the families and the picker', async () => {
    const server = adminServer();
    renderApp('/admin', server);
    const bar = await screen.findByRole('region', { name: 'Admin bar' }, slow);
    await within(bar).findByText('Development');
    expect(bar.dataset.tone).toBe('development');
    const families = within(bar).getByRole('radiogroup', { name: 'System family' });
    expect(
      within(families)
        .getAllByRole('radio')
        .map((r) => (r as HTMLInputElement).value),
    ).toEqual(['main', 'haytech', 'gari']);
    expect(within(families).getByRole('radio', { name: 'Main' })).toHaveProperty('checked', true);
    expect(within(bar).getByRole('textbox', { name: 'Find a base station' })).toBeTruthy();
    // On the console's home without a customer there is no one's data to name.
    expect(screen.queryByTestId('customer-banner')).toBeNull();
  });

  it('has its own colour on a production server', async () => {
    const server = adminServer({ environment: 'production' });
    renderApp('/admin', server);
    const bar = await screen.findByRole('region', { name: 'Admin bar' }, slow);
    await within(bar).findByText('Production');
    expect(bar.dataset.tone).toBe('production');
  });

  it.each([
    ['a farmer', {}],
    ['a master user', { master: true }],
    ['an admin who is a master user', { master: true, admin: true }],
  ])('is never shown to %s', async (_who, session) => {
    const server = createFakeServer({
      loggedIn: true,
      session,
      conf: { F1000001: [sensorConf('H1', 'Barn probe')] },
      data: { F1000001: [reading('H1', [40], 600)] },
    });
    renderApp('/probes', server);
    await screen.findByText('Barn probe', undefined, slow);
    expect(screen.queryByTestId('admin-bar')).toBeNull();
    expect(server.callsTo('GET', '/admin/consoleInfo')).toEqual([]);
  });

  it('searches on the server, and picking a station opens the customer’s probes with a banner', async () => {
    const server = adminServer();
    const app = renderApp('/admin', server);
    const bar = await screen.findByRole('region', { name: 'Admin bar' }, slow);
    await app.user.type(within(bar).getByRole('textbox', { name: 'Find a base station' }), 'F2000');
    const results = await screen.findByRole('list', { name: 'Matching base stations' }, slow);
    const match = within(results).getByTestId('picker-match');
    expect(match.textContent).toBe(
      'Bin row A · F2000001Prairie Grain Co-op (grain@demo) · Station ID: F2000001',
    );
    const asked = server.callsTo('GET', '/admin/findSystem').at(-1)!.query;
    expect(Object.fromEntries(asked)).toEqual({
      q: 'F2000',
      by: 'any',
      family: 'main',
      limit: '10',
      offset: '0',
    });

    await app.user.click(match);
    await waitFor(() => expect(app.location()).toBe('/probes'));
    expect(await screen.findByText('Grain probe', undefined, slow)).toBeTruthy();
    expect(screen.queryByText('Hay probe')).toBeNull();
    const banner = await screen.findByTestId('customer-banner');
    expect(banner.textContent).toContain(
      'Working for Prairie Grain Co-op (grain@demo) · base station Bin row A · F2000001',
    );
    expect(uidsAsked(server)).toContain(String(GRAIN_UID));
    // The choice is kept for the tab.
    expect(JSON.parse(sessionStorage.getItem(ACTING_FOR_KEY)!)).toMatchObject({
      adminUid: 1,
      uid: GRAIN_UID,
      bsId: 'F2000001',
    });

    // Another page of the customer still says whose it is; a tab of the customer's other station too.
    await app.user.click(screen.getByRole('tab', { name: 'Bin row B' }));
    expect(await screen.findByText('Other bin probe', undefined, slow)).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByTestId('customer-banner').textContent).toContain(
        'base station Bin row B · F2000002',
      ),
    );
  });

  it('offers the way back: the console, and the console’s own list again', async () => {
    const server = adminServer();
    const app = renderApp('/admin', server);
    const bar = await screen.findByRole('region', { name: 'Admin bar' }, slow);
    await app.user.type(within(bar).getByRole('textbox', { name: 'Find a base station' }), 'grain@demo');
    await app.user.click(await screen.findByTestId('picker-match', undefined, slow));
    await screen.findByText('Grain probe', undefined, slow);

    await app.user.click(screen.getByRole('button', { name: 'Back to the console' }));
    await waitFor(() => expect(app.location()).toBe('/admin'));
    expect(await screen.findByTestId('admin-home', undefined, slow)).toBeTruthy();
    expect(screen.queryByTestId('customer-banner')).toBeNull();
    expect(sessionStorage.getItem(ACTING_FOR_KEY)).toBeNull();
    await waitFor(() => expect(uidsAsked(server).at(-1)).toBeNull());
  });

  it('keeps the customer across a reload of the tab, but not for another admin', async () => {
    sessionStorage.setItem(
      ACTING_FOR_KEY,
      JSON.stringify({ adminUid: 1, uid: GRAIN_UID, username: 'grain@demo', name: null, bsId: 'F2000001' }),
    );
    const server = adminServer();
    renderApp('/probes', server);
    expect(await screen.findByText('Grain probe', undefined, slow)).toBeTruthy();
    expect((await screen.findByTestId('customer-banner')).textContent).toContain(
      'Working for grain@demo · base station Bin row A · F2000001',
    );

    const other = adminServer({ session: { UID: 2 } });
    renderApp('/probes', other);
    await waitFor(() => expect(uidsAsked(other)).toEqual([null]), slow);
  });

  it('names the owner of a station opened from the console’s own list', async () => {
    const server = adminServer({
      matches: [
        {
          bs_id: 'F1000001',
          display_name: 'North barn',
          family: 'main',
          owner: { UID: 9, username: 'hay@demo', name: 'Hillside Hay Farm' },
          matched: { key: 'stationId', value: 'F1000001' },
        },
      ],
    });
    renderApp('/probes', server);
    await screen.findByText('Hay probe', undefined, slow);
    await waitFor(() =>
      expect(screen.getByTestId('customer-banner').textContent).toContain(
        'Data of Hillside Hay Farm (hay@demo) · base station North barn · F1000001',
      ),
    );
    const lookup = server.callsTo('GET', '/admin/findSystem').at(-1)!.query;
    expect([lookup.get('q'), lookup.get('by')]).toEqual(['F1000001', 'station']);
  });

  it('draws the page only with the bar whole: a bar that grew later pushed the page under a tap', async () => {
    const owner = { UID: 9, username: 'hay@demo', name: 'Hillside Hay Farm' };
    const server = adminServer();
    const held = { info: () => undefined as void, owner: () => undefined as void };
    const released = (key: keyof typeof held) => new Promise<void>((r) => (held[key] = r));
    server.override('GET /admin/consoleInfo', async () => {
      await released('info');
      return json({ status_code: 0, environment: 'development', staffLevel: 'admin' });
    });
    server.override('GET /admin/findSystem', async () => {
      await released('owner');
      const match: SystemMatch = {
        ...grainMatch,
        bs_id: 'F1000001',
        owner,
        matched: { key: 'stationId', value: 'F1000001' },
      };
      return json({ status_code: 0, results: [match], more: false } satisfies FindSystemResponse);
    });
    renderApp('/probes', server);
    await waitFor(() => expect(server.callsTo('GET', '/admin/findSystem')).toHaveLength(1), slow);
    await waitFor(() => expect(server.callsTo('GET', '/admin/consoleInfo')).toHaveLength(1));
    held.owner();
    // The stations' readings would be here long since; the page waits for the bar's last answer.
    await new Promise((r) => setTimeout(r, 300));
    expect(screen.queryByText('Hay probe')).toBeNull();
    expect(screen.queryByTestId('admin-bar')).toBeNull();
    held.info();
    await screen.findByText('Hay probe', undefined, slow);
    // When the page is first drawn the bar already says all it will say: nothing above the page grows.
    expect(screen.getByTestId('admin-bar').textContent).toContain('Development');
    expect(screen.getByTestId('customer-banner').textContent).toContain(
      'Data of Hillside Hay Farm (hay@demo)',
    );
  });

  it('does not hold the page back when the bar’s owner lookup fails: the banner says less', async () => {
    const server = adminServer();
    server.override('GET /admin/findSystem', () => json({ status_code: 500 }, 500));
    renderApp('/probes', server);
    await screen.findByText('Hay probe', undefined, slow);
    expect(screen.getByTestId('customer-banner').textContent).toContain('Data of a customer');
  });

  it('searches in the family and the key chosen', async () => {
    const server = adminServer();
    const app = renderApp('/admin', server);
    const bar = await screen.findByRole('region', { name: 'Admin bar' }, slow);
    await app.user.click(within(bar).getByRole('radio', { name: 'Hay app' }));
    await app.user.click(within(bar).getByRole('combobox', { name: 'Search in' }));
    await app.user.click(await screen.findByRole('option', { name: 'Probe' }));
    await app.user.type(within(bar).getByRole('textbox', { name: 'Find a base station' }), 'G1');
    expect(await screen.findByText('No base station matches.', undefined, slow)).toBeTruthy();
    const asked = server.callsTo('GET', '/admin/findSystem').at(-1)!.query;
    expect([asked.get('q'), asked.get('by'), asked.get('family')]).toEqual(['G1', 'probe', 'haytech']);
  });
});

describe('the stored customer', () => {
  const whole = { adminUid: 1, uid: 42, username: 'grain@demo', name: null, bsId: 'F2000001' };
  it.each([
    ['a whole choice', JSON.stringify(whole), whole],
    ['a named customer', JSON.stringify({ ...whole, name: 'Prairie' }), { ...whole, name: 'Prairie' }],
    ['nothing', null, null],
    ['not JSON', '{', null],
    ['no station', JSON.stringify({ ...whole, bsId: '' }), null],
    ['a UID that is no id', JSON.stringify({ ...whole, uid: 0 }), null],
    ['a UID as text', JSON.stringify({ ...whole, uid: '42' }), null],
    ['no admin', JSON.stringify({ ...whole, adminUid: undefined }), null],
    ['a name that is no text', JSON.stringify({ ...whole, name: 5 }), null],
  ])('reads %s', (_what, raw, expected) => {
    expect(parseActingFor(raw)).toEqual(expected);
  });
});
