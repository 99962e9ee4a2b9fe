import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { Kit } from '@emberwatch/shared/contracts/activation';
import { createFakeServer, json, type FakeServer } from './support/fakeServer';
import { renderPage } from './support/renderPage';

const openSet: Kit = {
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
const openStation: Kit = { ...openSet, id: 5, kind: 'system', bs_id: 'F1900002', set_id: null, probes: [] };
const claimedStation: Kit = {
  ...openStation,
  id: 6,
  bs_id: 'F1900001',
  code: null,
  activationUrl: null,
  qrSvg: null,
  claimed: { UID: 7, username: 'farmer', bs_id: 'F1900001', ts: 1_700_000_100 },
};

function adminServer(kits: Kit[]): FakeServer {
  const s = createFakeServer({ loggedIn: true, session: { admin: true, admin_group: 1 } });
  s.override('GET /admin/getKit', () => json({ status_code: 0, results: kits }));
  return s;
}

const card = (id: number) => screen.findByTestId(`kit-${id}`, {}, { timeout: 8000 });

describe('the admin’s kit actions (spec doc 1 §7 Admin POST; decision 0059)', { timeout: 30_000 }, () => {
  it('activates a probe set for an account on its station by the set id (activateUsersSet)', async () => {
    const s = adminServer([openSet]);
    s.override('POST /admin/activateUsersSet', () =>
      json({
        status_code: 0,
        kit: { kind: 'probes', bs_id: 'F1000001', set_id: 'HS-9001', probes: ['H90001'] },
      }),
    );
    const { user } = renderPage('/admin/kits', s);
    await user.click(within(await card(4)).getByRole('button', { name: 'Activate for an account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Activate Probe set HS-9001' });
    const submit = within(dialog).getByRole('button', { name: 'Activate' });
    expect(submit).toHaveProperty('disabled', true);
    await user.type(within(dialog).getByLabelText(/Account id/), '7');
    expect(submit).toHaveProperty('disabled', true);
    await user.type(within(dialog).getByLabelText(/Base station/), 'f1000001');
    await user.click(submit);
    await waitFor(() => expect(s.callsTo('POST', '/admin/activateUsersSet')).toHaveLength(1));
    expect(s.callsTo('POST', '/admin/activateUsersSet')[0]!.body).toEqual({
      UID: 7,
      BS_ID: 'F1000001',
      set_id: 'HS-9001',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('activates a station kit by its kit id (activateKitAdmin) and words a refusal', async () => {
    const s = adminServer([openStation]);
    s.override('POST /admin/activateKitAdmin', () =>
      json({ status_code: 400, error: 'No account has this id.' }, 400),
    );
    const { user } = renderPage('/admin/kits', s);
    await user.click(within(await card(5)).getByRole('button', { name: 'Activate for an account' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByLabelText(/Base station/)).toBeNull();
    await user.type(within(dialog).getByLabelText(/Account id/), '999');
    await user.click(within(dialog).getByRole('button', { name: 'Activate' }));
    expect(await within(dialog).findByText(/Check the account id and the base station/)).toBeTruthy();
    expect(s.callsTo('POST', '/admin/activateKitAdmin')[0]!.body).toEqual({ kit_id: 5, UID: 999 });
  });

  it('removes an open probe set only after the confirmation (removeSet)', async () => {
    const s = adminServer([openSet]);
    s.override('POST /admin/removeSet', () => json({ status_code: 0 }));
    const { user } = renderPage('/admin/kits', s);
    await user.click(within(await card(4)).getByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Probe set HS-9001?' });
    expect(within(dialog).getByText(/stops working/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(s.callsTo('POST', '/admin/removeSet')).toHaveLength(0);
    await user.click(within(await card(4)).getByRole('button', { name: 'Remove' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(s.callsTo('POST', '/admin/removeSet')).toHaveLength(1));
    expect(s.callsTo('POST', '/admin/removeSet')[0]!.body).toEqual({ set_id: 'HS-9001' });
  });

  it('undoes a station activation after the confirmation; a station in use is worded (undoBSActivation)', async () => {
    const s = adminServer([claimedStation]);
    s.override('POST /admin/undoBSActivation', () =>
      json(
        { status_code: 409, error: 'Base station F1900001 is in use (probes are configured on it).' },
        409,
      ),
    );
    const { user } = renderPage('/admin/kits', s);
    const c = await card(6);
    // An activated station has no activation or removal.
    expect(within(c).queryByRole('button', { name: 'Activate for an account' })).toBeNull();
    expect(within(c).queryByRole('button', { name: 'Remove' })).toBeNull();
    await user.click(within(c).getByRole('button', { name: 'Undo activation' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Undo the activation of Base station F1900001?',
    });
    expect(within(dialog).getByText(/leaves farmer's account/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Undo activation' }));
    expect(await within(dialog).findByText(/The base station is in use/)).toBeTruthy();
    expect(s.callsTo('POST', '/admin/undoBSActivation')[0]!.body).toEqual({ BS_ID: 'F1900001' });
  });

  it('shows Sales staff the kits to read, without a control that changes them (decision 0097)', async () => {
    const s = createFakeServer({ loggedIn: true, session: { admin: true, admin_group: 3 } });
    s.override('GET /admin/getKit', () =>
      json({ status_code: 0, results: [openSet, openStation, claimedStation] }),
    );
    renderPage('/admin/kits', s);
    for (const id of [4, 5, 6]) expect(within(await card(id)).queryAllByRole('button')).toEqual([]);
    expect(screen.queryByRole('button', { name: 'Register' })).toBeNull();
  });

  it('gives Tech staff the fleet’s controls', async () => {
    const s = createFakeServer({ loggedIn: true, session: { admin: true, admin_group: 2 } });
    s.override('GET /admin/getKit', () => json({ status_code: 0, results: [openSet, claimedStation] }));
    renderPage('/admin/kits', s);
    expect(within(await card(4)).getByRole('button', { name: 'Activate for an account' })).toBeTruthy();
    expect(within(await card(6)).getByRole('button', { name: 'Undo activation' })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Register' })).not.toHaveLength(0);
  });
});
