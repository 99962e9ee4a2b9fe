import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { ProbeStopSettingsResponse, Replacement } from '@emberwatch/shared/contracts/stationAdmin';
import { createFakeServer, json } from './support/fakeServer';
import { sensorConf, station } from './support/fixtures';
import { renderApp } from './support/renderApp';

const slow = { timeout: 8000 };
const NOW = Math.floor(Date.now() / 1000);

beforeAll(async () => {
  await import('../src/features/settings/SettingsPage');
  await import('../src/features/station-admin/ProbeStopSettingsPage');
});

/** An admin at a staff level, with the customer's stations; no replacements unless given. */
function admin(group = 1, opts: { history?: Replacement[]; probes?: boolean; stations?: number } = {}) {
  const stations = Array.from({ length: opts.stations ?? 2 }, (_, i) =>
    station(`F100000${i + 1}`, { owner_UID: 7 }),
  );
  const server = createFakeServer({
    loggedIn: true,
    session: { admin: true, admin_group: group },
    stations,
    conf: { F1000001: opts.probes === false ? [] : [sensorConf('H10001')] },
  });
  server.override('GET /admin/getReplacementHistory', () =>
    json({ status_code: 0, results: opts.history ?? [] }),
  );
  server.override('GET /client/bsCommData', () => json({ status_code: 403, error: 'no' }, 403));
  server.override('GET /client/getMobileTelemetry', () => json({ status_code: 0, results: [] }));
  return server;
}

// Spec doc 2 §2.5, §5, §6, §8: the replacement history and the Replace BS and Remove BS buttons.
describe('base-station settings: replacement history (admins)', () => {
  it('lists the replacements, and says when there were none', async () => {
    const server = admin(3, {
      history: [{ replaced: 'F0999999', BS_ID: 'F1000001', replaced_date: NOW - 86400, admin: 'tech@ops' }],
    });
    renderApp('/settings/basestation', server);
    const block = await screen.findByTestId('bs-replacement-history', undefined, slow);
    const row = await within(block).findByTestId('replacement-history-row');
    expect(row.textContent).toContain('F0999999');
    expect(row.textContent).toContain('tech@ops');
    expect(server.callsTo('GET', '/admin/getReplacementHistory')[0]!.query.get('BS_ID')).toBe('F1000001');
    // Sales reads it but neither replaces nor removes.
    expect(screen.queryByTestId('replace-bs')).toBeNull();
    expect(screen.queryByTestId('remove-bs')).toBeNull();
  });

  it('is not there for a farmer', async () => {
    const server = createFakeServer({ loggedIn: true });
    renderApp('/settings/basestation', server);
    expect(await screen.findByTestId('bs-display-name', undefined, slow)).toBeTruthy();
    expect(screen.queryByTestId('bs-replacement-history')).toBeNull();
    expect(server.callsTo('GET', '/admin/getReplacementHistory')).toHaveLength(0);
  });
});

describe('base-station settings: Replace BS', () => {
  async function openDialog(server: ReturnType<typeof admin>) {
    const app = renderApp('/settings/basestation', server);
    await app.user.click(await screen.findByTestId('replace-bs', undefined, slow));
    return { app, dialog: await screen.findByRole('dialog') };
  }

  it('refuses an id that is not one capital letter and seven digits, asks to confirm, then replaces for the owner', async () => {
    const server = admin(2);
    server.override('POST /admin/replaceBasestation', () => json({ status_code: 0, bs_id: 'F1900001' }));
    const { app, dialog } = await openDialog(server);
    const field = within(dialog).getByTestId('replace-bs-id');
    await app.user.type(field, 'f19');
    await app.user.click(within(dialog).getByTestId('replace-bs-next'));
    expect(within(dialog).getByText('Basestation ID is required')).toBeTruthy();
    await app.user.clear(field);
    await app.user.type(field, 'F1900001');
    await app.user.click(within(dialog).getByTestId('replace-bs-next'));
    expect(within(dialog).getByTestId('replace-bs-confirm').textContent).toContain('F1000001');
    expect(server.callsTo('POST', '/admin/replaceBasestation')).toHaveLength(0);
    await app.user.click(within(dialog).getByTestId('replace-bs-send'));
    expect(await within(dialog).findByText('Just reload page')).toBeTruthy();
    expect(server.callsTo('POST', '/admin/replaceBasestation')[0]!.body).toEqual({
      old_bs: 'F1000001',
      new_bs: 'F1900001',
      UID: 7,
    });
  });

  it.each([
    [1, 404, 'Cannot replace BS. Missing resources for current BS.'],
    [2, 409, 'Cannot replace BS merged with more than 1 other BS.'],
    [3, 409, 'Cannot replace BS. The new BS ID is already in use.'],
    [4, 404, 'Error in BS replacement with status 4'],
  ])('shows status %i as the spec words it', async (status, http, text) => {
    const server = admin(1);
    server.override('POST /admin/replaceBasestation', () => json({ status_code: status, error: 'x' }, http));
    const { app, dialog } = await openDialog(server);
    await app.user.type(within(dialog).getByTestId('replace-bs-id'), 'F1900001');
    await app.user.click(within(dialog).getByTestId('replace-bs-next'));
    await app.user.click(within(dialog).getByTestId('replace-bs-send'));
    expect((await within(dialog).findByTestId('replace-bs-error')).textContent).toBe(text);
  });
});

describe('base-station settings: Remove BS', () => {
  it('shows only for an account with other stations when this one has no probes', async () => {
    for (const [opts, shown] of [
      [{ probes: false, stations: 2 }, true],
      [{ probes: true, stations: 2 }, false],
      [{ probes: false, stations: 1 }, false],
    ] as const) {
      const view = renderApp('/settings/basestation', admin(1, opts));
      await screen.findByTestId('bs-replacement-history', undefined, slow);
      expect(screen.queryByTestId('remove-bs') !== null).toBe(shown);
      view.unmount();
    }
  });

  it('asks to confirm, removes, says so; a refusal alerts an error', async () => {
    const server = admin(2, { probes: false });
    let refuse = true;
    server.override('POST /admin/deactivateBS', () =>
      refuse ? json({ status_code: 409, error: 'Cannot remove BS.' }, 409) : json({ status_code: 0 }),
    );
    const app = renderApp('/settings/basestation', server);
    await app.user.click(await screen.findByTestId('remove-bs', undefined, slow));
    const dialog = await screen.findByRole('dialog');
    expect(server.callsTo('POST', '/admin/deactivateBS')).toHaveLength(0);
    await app.user.click(within(dialog).getByTestId('remove-bs-send'));
    expect((await within(dialog).findByTestId('remove-bs-error')).textContent).toContain('Cannot remove BS.');
    refuse = false;
    await app.user.click(within(dialog).getByTestId('remove-bs-send'));
    expect(await within(dialog).findByTestId('remove-bs-done')).toBeTruthy();
    expect(server.callsTo('POST', '/admin/deactivateBS').at(-1)!.body).toEqual({ bs_id: 'F1000001' });
    // The station list and the account are asked again.
    await waitFor(() => expect(server.callsTo('GET', '/client/basestationArray').length).toBeGreaterThan(1));
  });
});

describe('the probe stop settings page', () => {
  const answer = (
    defaultS: number,
    intervals: number,
    by: string | null = null,
  ): ProbeStopSettingsResponse => ({
    status_code: 0,
    settings: { defaultS, reportingIntervals: intervals },
    specDefaults: { defaultS: 14400, reportingIntervals: 3 },
    updated_ts: by ? NOW : null,
    updated_by: by,
  });

  it('lets Root and Admin change the fleet’s defaults', async () => {
    const server = admin(1);
    server.override('GET /admin/getProbeStopSettings', () => json(answer(14400, 3)));
    server.override('POST /admin/saveProbeStopSettings', (c) => {
      const b = c.body as { defaultS: number; reportingIntervals: number };
      return json(answer(b.defaultS, b.reportingIntervals, 'admin@ops'));
    });
    const app = renderApp('/admin/probe-stop', server);
    const delay = await screen.findByTestId('probe-stop-delay', undefined, slow);
    const save = screen.getByTestId<HTMLButtonElement>('probe-stop-save');
    expect(save.disabled).toBe(true);
    await app.user.selectOptions(delay, String(6 * 3600));
    await app.user.selectOptions(screen.getByTestId('probe-stop-intervals'), '4');
    await app.user.click(save);
    await waitFor(() =>
      expect(server.callsTo('POST', '/admin/saveProbeStopSettings')[0]!.body).toEqual({
        defaultS: 6 * 3600,
        reportingIntervals: 4,
      }),
    );
    expect((await screen.findByTestId('probe-stop-updated')).textContent).toContain('admin@ops');
  });

  it('shows Tech and Sales the settings without a way to change them', async () => {
    const server = admin(2);
    server.override('GET /admin/getProbeStopSettings', () => json(answer(21600, 3)));
    renderApp('/admin/probe-stop', server);
    const delay = await screen.findByTestId<HTMLSelectElement>('probe-stop-delay', undefined, slow);
    expect(delay.value).toBe(String(21600));
    expect(delay.disabled).toBe(true);
    expect(screen.queryByTestId('probe-stop-save')).toBeNull();
  });
});

// Spec doc 2 §7 "Add BS by activation code (id, uid), then refresh user info by UID", for an admin
// working in a customer's settings.
describe('base-station settings: Add BS for a customer', () => {
  it('adds by code to the customer’s account (its UID), then reloads the customer’s info', async () => {
    const server = admin(2);
    server.override('POST /admin/activateKit', () =>
      json({ status_code: 0, kit: { kind: 'system', bs_id: 'F1900001', set_id: null, probes: [] } }),
    );
    const app = renderApp('/settings/basestation', server);
    await app.user.click(await screen.findByTestId('add-base-station', undefined, slow));
    const dialog = await screen.findByRole('dialog');
    await app.user.type(within(dialog).getByTestId('activation-code'), 'SYS1-DEM0-7K2Q');
    const infoCalls = () => server.callsTo('GET', '/client/userInfo').length;
    const before = infoCalls();
    await app.user.click(within(dialog).getByRole('button', { name: 'Activate' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.callsTo('POST', '/admin/activateKit')[0]!.body).toEqual({
      id: 'SYS1-DEM0-7K2Q',
      kind: 'system',
      UID: 7,
    });
    await waitFor(() => expect(infoCalls()).toBeGreaterThan(before));
  });

  it('is not offered to Sales', async () => {
    renderApp('/settings/basestation', admin(3));
    await screen.findByTestId('bs-replacement-history', undefined, slow);
    expect(screen.queryByTestId('add-base-station')).toBeNull();
  });
});

describe('base-station settings: Group BS', () => {
  it('groups the station with the account’s stations ticked', async () => {
    const server = admin(2);
    server.override('POST /admin/groupBSs', () => json({ status_code: 0, bsGroup: 'G-F1000001' }));
    const app = renderApp('/settings/basestation', server);
    await app.user.click(await screen.findByTestId('group-bs', undefined, slow));
    const dialog = await screen.findByRole('dialog');
    await app.user.click(within(dialog).getByTestId('group-bs-F1000002'));
    await app.user.click(within(dialog).getByTestId('group-bs-send'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.callsTo('POST', '/admin/groupBSs')[0]!.body).toEqual({ bs_ids: ['F1000001', 'F1000002'] });
  });

  it('is not offered to Sales, nor for an account’s only station', async () => {
    const sales = renderApp('/settings/basestation', admin(3));
    await screen.findByTestId('bs-replacement-history', undefined, slow);
    expect(screen.queryByTestId('group-bs')).toBeNull();
    sales.unmount();
    renderApp('/settings/basestation', admin(1, { stations: 1 }));
    await screen.findByTestId('replace-bs', undefined, slow);
    expect(screen.queryByTestId('group-bs')).toBeNull();
  });
});
