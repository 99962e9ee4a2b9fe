import { beforeEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ActivateKitRequest, Kit } from '@emberwatch/shared/contracts/activation';
import { ACTIVATION_REFUSALS } from '@emberwatch/shared/domain/activation/activationStatus';
import { createFakeServer, json, type FakeServer } from './support/fakeServer';
import { renderApp } from './support/renderApp';
import { renderPage } from './support/renderPage';
import { sensorConf, station } from './support/fixtures';
import { parseIdList } from '../src/features/activation/RegisterKitsForm';
import { PROBE_ACTIVATION_WINDOW } from '../src/features/activation/ProbeActivationAutoOpen';
import { readAutoOpenMemory } from '../src/lib/autoOpenMemory';

/** A refused activation as the server answers it: non-2xx, the spec's status in the envelope. */
const refused = (code: 2 | 3 | 22) =>
  json({ status_code: code, error: ACTIVATION_REFUSALS[code].message }, ACTIVATION_REFUSALS[code].httpStatus);

/** The fake server's answers by code (spec doc 1 §8, doc 2 §8 statuses). */
function server(opts: Parameters<typeof createFakeServer>[0] = {}): FakeServer {
  const s = createFakeServer({ loggedIn: true, ...opts });
  s.override('POST /admin/activateKit', (c) => {
    const body = c.body as ActivateKitRequest;
    switch (body.id) {
      case 'PRB1-GOOD':
        return json({
          status_code: 0,
          kit: { kind: 'probes', bs_id: body.BS_ID, set_id: 'HS-9001', probes: ['H90001', 'H90002'] },
        });
      case 'PRB2-GOOD':
        return json({
          status_code: 0,
          kit: { kind: 'probes', bs_id: body.BS_ID, set_id: 'HS-9002', probes: ['H90011'] },
        });
      case 'SYS1-GOOD':
        s.state.stations = [...s.state.stations, station('F1900001')];
        return json({ status_code: 0, kit: { kind: 'system', bs_id: 'F1900001', set_id: null, probes: [] } });
      case 'USED':
        return refused(3);
      case 'GARI':
        return refused(22);
      case 'SLOW':
        return new Response(JSON.stringify({ status_code: 429, error: 'Too many' }), {
          status: 429,
          headers: { 'Content-Type': 'application/json', 'Retry-After': '600' },
        });
      case 'BOOM':
        return json({ status_code: 500, error: 'down' }, 500);
      default:
        return refused(2);
    }
  });
  return s;
}

const withProbes = { conf: { F1000001: [sensorConf('H10001')] } };
const dialogNamed = (name: string) => screen.findByRole('dialog', { name }, { timeout: 8000 });

beforeEach(() => sessionStorage.clear());

describe('the probe activation dialog (spec doc 1 §2, §4, §5, §8)', { timeout: 30_000 }, () => {
  it('opens by itself for a regular user whose station has no probes, and not again once closed', async () => {
    const s = server();
    const { user } = renderApp('/probes', s);
    const dialog = await dialogNamed('Probe activation');
    expect(within(dialog).getByText('The probes are added to base station F1000001.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(readAutoOpenMemory(7, PROBE_ACTIVATION_WINDOW)).toBe('closed');
  });

  it.each([
    ['a user whose station has probes', withProbes],
    ['an admin', { session: { admin: true, admin_group: 1 } }],
    ['a master', { session: { master: true } }],
  ])('does not open by itself for %s', async (_who, opts) => {
    const s = server(opts);
    renderApp('/probes', s);
    await screen.findByRole('heading', { name: /Probes/ }, { timeout: 8000 }).catch(() => undefined);
    await waitFor(() => expect(s.callsTo('GET', '/client/bsConf').length).toBeGreaterThan(0));
    await act(() => new Promise((r) => setTimeout(r, 300)));
    expect(screen.queryByRole('dialog', { name: 'Probe activation' })).toBeNull();
  });

  it('checks the code 300 ms after the last key: required, at least 2 characters', async () => {
    const s = server(withProbes);
    const { user } = renderPage('/activation/probes', s);
    const dialog = await dialogNamed('Probe activation');
    const box = within(dialog).getByTestId('activation-code');
    const activate = within(dialog).getByRole('button', { name: 'Activate' });
    expect(activate).toHaveProperty('disabled', true);
    fireEvent.change(box, { target: { value: 'A' } });
    // Not at once: the check waits for the typing to stop.
    expect(within(dialog).queryByText('The activation code has at least 2 characters')).toBeNull();
    expect(await within(dialog).findByText('The activation code has at least 2 characters')).toBeTruthy();
    expect(activate).toHaveProperty('disabled', true);
    fireEvent.change(box, { target: { value: '' } });
    expect(await within(dialog).findByText('Activation code is required')).toBeTruthy();
    await user.type(box, 'AB');
    await waitFor(() => expect(activate).toHaveProperty('disabled', false));
    expect(s.callsTo('POST', '/admin/activateKit')).toHaveLength(0);
  });

  it('adds each activated set with its probe ids, clears the box, and words 2, 3 and the rest', async () => {
    const s = server(withProbes);
    const { user } = renderPage('/activation/probes', s);
    const dialog = await dialogNamed('Probe activation');
    const box = within(dialog).getByTestId('activation-code');
    const activate = within(dialog).getByRole('button', { name: 'Activate' });
    const attempt = async (code: string) => {
      await user.clear(box);
      await user.type(box, code);
      await user.click(activate);
    };

    await attempt('PRB1-GOOD');
    const list = await within(dialog).findByRole('list', { name: 'Activated sets' });
    expect(within(list).getByText('Probe set HS-9001')).toBeTruthy();
    expect(within(list).getByText('H90001, H90002')).toBeTruthy();
    expect((box as HTMLInputElement).value).toBe('');
    expect(s.callsTo('POST', '/admin/activateKit')[0]!.body).toEqual({
      id: 'PRB1-GOOD',
      kind: 'probes',
      BS_ID: 'F1000001',
    });

    for (const [code, text] of [
      ['NOPE', 'The provided code is not correct. Please verify the code.'],
      ['USED', 'probe set already active'],
      ['GARI', 'Server connection error. Please try again after a moment.'],
      ['BOOM', 'Server connection error. Please try again after a moment.'],
      ['SLOW', 'Too many wrong codes. Please try again in 10 min.'],
    ] as const) {
      await attempt(code);
      await waitFor(() => expect(within(dialog).getByTestId('activation-message').textContent).toBe(text));
    }

    await attempt('PRB2-GOOD');
    await waitFor(() => expect(within(list).getByText('Probe set HS-9002')).toBeTruthy());
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
  });

  it('Close reloads the station configuration when a set was activated', async () => {
    const s = server(withProbes);
    const { user } = renderApp('/activation?code2=PRB1-GOOD', s);
    const dialog = await dialogNamed('Probe activation');
    // The code from the address (a kit's QR code) is filled in.
    const box = within(dialog).getByTestId<HTMLInputElement>('activation-code');
    expect(box.value).toBe('PRB1-GOOD');
    await user.click(within(dialog).getByRole('button', { name: 'Activate' }));
    await within(dialog).findByText('Probe set HS-9001');
    const before = s.callsTo('GET', '/client/bsConf').length;
    s.state.conf = { F1000001: [sensorConf('H10001'), sensorConf('H90001'), sensorConf('H90002')] };
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(s.callsTo('GET', '/client/bsConf').length).toBeGreaterThan(before));
    // The address no longer carries the code.
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/activation'));
  });

  it('a kit’s QR code opened logged out leads through the login to the dialog with its code', async () => {
    const s = server({ ...withProbes, loggedIn: false });
    const { user } = renderApp('/activation?code2=PRB1-GOOD', s);
    await user.type(await screen.findByLabelText('Username', {}, { timeout: 8000 }), 'farmer');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    const dialog = await dialogNamed('Probe activation');
    expect(within(dialog).getByTestId<HTMLInputElement>('activation-code').value).toBe('PRB1-GOOD');
  });

  it('an admin activates a set for the selected station’s owner', async () => {
    const s = server({
      ...withProbes,
      session: { admin: true, admin_group: 1 },
      stations: [station('F1000001', { owner_UID: 77 })],
    });
    const { user } = renderPage('/activation?code2=PRB1-GOOD', s);
    const dialog = await dialogNamed('Probe activation');
    await user.click(within(dialog).getByRole('button', { name: 'Activate' }));
    await within(dialog).findByText('Probe set HS-9001');
    expect(s.callsTo('POST', '/admin/activateKit')[0]!.body).toEqual({
      id: 'PRB1-GOOD',
      kind: 'probes',
      BS_ID: 'F1000001',
      UID: 77,
    });
  });

  it('opens from anywhere when a code2 is in the address', async () => {
    const s = server(withProbes);
    renderApp('/probes?code2=PRB1-GOOD', s);
    const dialog = await dialogNamed('Probe activation');
    expect(within(dialog).getByTestId<HTMLInputElement>('activation-code').value).toBe('PRB1-GOOD');
  });
});

describe('adding a base station by code (spec doc 2 §2.6, §5, §7, §8)', { timeout: 30_000 }, () => {
  it('opens from /activation?code1=… and words 2, 22, 3 and the rest', async () => {
    const s = server(withProbes);
    const { user } = renderPage('/activation?code1=NOPE', s);
    const dialog = await dialogNamed('Add base station by activation code');
    const box = within(dialog).getByTestId<HTMLInputElement>('activation-code');
    expect(box.value).toBe('NOPE');
    const activate = within(dialog).getByRole('button', { name: 'Activate' });
    for (const [code, text] of [
      ['NOPE', 'The provided code is not correct. Please verify the code.'],
      ['GARI', 'System with this activation code must be activated under Gari service.'],
      ['USED', 'The system is already activated. Please verify the code'],
      ['BOOM', 'Server connection error. Please try again after a moment.'],
    ] as const) {
      await user.clear(box);
      await user.type(box, code);
      await user.click(activate);
      await waitFor(() => expect(within(dialog).getByTestId('activation-message').textContent).toBe(text));
    }
    expect(s.callsTo('POST', '/admin/activateKit')[0]!.body).toEqual({ id: 'NOPE', kind: 'system' });
  });

  it('on success reloads the user info and the stations, and closes', async () => {
    const s = server(withProbes);
    const { user } = renderPage('/activation/system', s);
    const dialog = await dialogNamed('Add base station by activation code');
    const users = s.callsTo('GET', '/client/userInfo').length;
    const stations = s.callsTo('GET', '/client/basestationArray').length;
    await user.type(within(dialog).getByTestId('activation-code'), 'SYS1-GOOD');
    await user.click(within(dialog).getByRole('button', { name: 'Activate' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(s.callsTo('GET', '/client/userInfo').length).toBeGreaterThan(users);
    expect(s.callsTo('GET', '/client/basestationArray').length).toBeGreaterThan(stations);
  });

  it('is in the settings’ base station tab, also for an account with no station yet', async () => {
    const s = server({ stations: [] });
    const { user } = renderPage('/settings/basestation', s);
    await user.click(await screen.findByRole('button', { name: 'Add base station' }, { timeout: 8000 }));
    await dialogNamed('Add base station by activation code');
  });

  it('the settings’ base station tab leads a station with probes to the probe activation', async () => {
    const s = server(withProbes);
    const { user } = renderPage('/settings/basestation', s);
    await user.click(await screen.findByTestId('activate-probes', {}, { timeout: 8000 }));
    await dialogNamed('Probe activation');
  });

  it('the activation page works before the account has a station; probes wait for one', async () => {
    const s = server({ stations: [] });
    renderPage('/activation', s);
    expect(
      await screen.findByRole('button', { name: 'Activate a base station' }, { timeout: 8000 }),
    ).toHaveProperty('disabled', false);
    expect(screen.getByRole('button', { name: 'Activate probes' })).toHaveProperty('disabled', true);
  });

  it('a demo-mode user (spec doc 2 §6) gets neither the dialog nor the button', async () => {
    const s = server({ user: { demo: true } });
    renderApp('/settings/basestation', s);
    await screen.findByTestId('bs-id', {}, { timeout: 8000 });
    await waitFor(() => expect(s.callsTo('GET', '/client/bsConf').length).toBeGreaterThan(0));
    expect(screen.queryByRole('button', { name: 'Add base station' })).toBeNull();
    expect(screen.queryByRole('dialog', { name: 'Probe activation' })).toBeNull();
  });

  it('sub-users are told who may, with no dialog', async () => {
    const s = server({ ...withProbes, session: { subUser: true } });
    renderApp('/activation?code1=SYS1-GOOD', s);
    expect(
      await screen.findByText(
        'Only the account owner can activate base stations and probes.',
        {},
        { timeout: 8000 },
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('the admin’s kits', { timeout: 30_000 }, () => {
  it('shows each open kit with its code and QR code', async () => {
    const kit: Kit = {
      id: 4,
      kind: 'probes',
      bs_id: null,
      set_id: 'HS-9001',
      probes: ['H90001', 'H90002'],
      partner_app: null,
      created_ts: 1_700_000_000,
      code: 'PRB1-DEM0-9T3C',
      activationUrl: 'https://ember.example/activation?code2=PRB1-DEM0-9T3C',
      qrSvg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><path d="M0 0h1v1H0z"/></svg>',
      claimed: null,
    };
    const s = server({ ...withProbes, session: { admin: true, admin_group: 1 } });
    s.override('GET /admin/getKit', () => json({ status_code: 0, results: [kit] }));
    renderPage('/admin/kits', s);
    const card = await screen.findByTestId('kit-4', {}, { timeout: 8000 });
    expect(within(card).getByText('Probe set HS-9001')).toBeTruthy();
    expect(within(card).getByText('PRB1-DEM0-9T3C')).toBeTruthy();
    const img = within(card).getByRole('img', { name: 'QR code for activation code PRB1-DEM0-9T3C' });
    expect(img.getAttribute('src')).toMatch(/^data:image\/svg\+xml;charset=utf-8,%3Csvg/);
  });

  it.each([
    ['F1900010, F1900011', ['F1900010', 'F1900011']],
    [' f1900010\nf1900011;F1900012 ', ['F1900010', 'F1900011', 'F1900012']],
    ['', []],
  ])('reads the id list %j', (text, ids) => {
    expect(parseIdList(text)).toEqual(ids);
  });

  it('registers station kits and shows each secret once; a clash is worded', async () => {
    const s = server({ ...withProbes, session: { admin: true, admin_group: 1 } });
    s.override('GET /admin/getKit', () => json({ status_code: 0, results: [] }));
    s.override('POST /admin/registerMultipleBSs', (c) => {
      const { bs_ids } = c.body as { bs_ids: string[] };
      if (bs_ids.includes('F1000001')) return json({ status_code: 409, error: 'taken' }, 409);
      return json({
        status_code: 0,
        results: bs_ids.map((bs_id, i) => ({ bs_id, code: `AAAA-BBBB-000${i}`, secret: `secret-${i}` })),
      });
    });
    const { user } = renderPage('/admin/kits', s);
    const ids = await screen.findByLabelText(
      'Base station ids, e.g. F1900010, F1900011',
      {},
      { timeout: 8000 },
    );
    await user.type(ids, 'f1900010 F1900011');
    const [registerStations] = screen.getAllByRole('button', { name: 'Register' });
    await user.click(registerStations!);
    const table = await screen.findByRole('table', { name: 'New base station kits' });
    expect(within(table).getByText('AAAA-BBBB-0001')).toBeTruthy();
    expect(within(table).getByText('secret-1')).toBeTruthy();
    expect(s.callsTo('POST', '/admin/registerMultipleBSs')[0]!.body).toEqual({
      bs_ids: ['F1900010', 'F1900011'],
    });
    await user.type(ids, 'F1000001');
    await user.click(registerStations!);
    expect(await screen.findByText('Some of these are registered already; nothing was made.')).toBeTruthy();
  });
});
