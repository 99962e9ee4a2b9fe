import { beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type {
  FirmwareImage,
  OtaForBsResponse,
  OtaPending,
  OtaStation,
} from '@emberwatch/shared/contracts/firmware';
import { createFakeServer, json } from './support/fakeServer';
import { bsConf } from './support/fixtures';
import { renderApp } from './support/renderApp';

const slow = { timeout: 8000 };
const NOW = Math.floor(Date.now() / 1000);

beforeAll(async () => {
  await import('../src/features/settings/SettingsPage');
  await import('../src/features/firmware/FirmwarePage');
});

const image = (rev: string, notes = ''): FirmwareImage => ({
  rev,
  size: 1000,
  sha256: 'ab'.repeat(32),
  notes,
  added_ts: NOW - 86_400,
  added_by: 'admin@demo.emberwatch',
});
const PENDING: OtaPending = { rev: '3.4', from_rev: '3.2', assigned_ts: NOW - 600, by: 'tech@x' };

/** A staff member of `group` and a server whose station F1000001 runs 3.2, with 2.8 and 3.4 to take. */
function otaServer(group = 1, pending: OtaPending | null = null) {
  const server = createFakeServer({ loggedIn: true, session: { admin: true, admin_group: group } });
  const state = { pending, stillPending: true };
  server.override('GET /admin/getOTAForBS', () =>
    json({
      status_code: 0,
      rev: '3.2',
      otas: [image('3.4', 'Faster boot'), image('2.8')],
      pending: state.pending,
      log: [
        { from: '3.1', to: '3.2', date: NOW - 7 * 86_400, result: 'done', reason: null, by: null },
        {
          from: '3.1',
          to: '3.3',
          date: NOW - 8 * 86_400,
          result: 'failed',
          reason: 'checksum mismatch',
          by: null,
        },
      ],
    } satisfies OtaForBsResponse),
  );
  server.override('POST /admin/saveOTAForBS', (c) => {
    const { rev } = c.body as { rev: string };
    state.pending = { ...PENDING, rev };
    return json({ status_code: 0, pending: state.pending });
  });
  server.override('POST /admin/cancelPendingOTA', () => {
    state.pending = null;
    return json({ status_code: 0 });
  });
  server.override('GET /admin/getOTAStatus', () => {
    if (!state.stillPending) state.pending = null;
    return json({ status_code: state.pending ? 0 : 1, rev: '3.2', pending: state.pending, last: null });
  });
  return { server, state };
}

async function openBlock(server: ReturnType<typeof createFakeServer>) {
  const app = renderApp('/settings/basestation', server);
  const block = await screen.findByTestId('bs-ota', undefined, slow);
  await within(block).findByTestId('ota-current');
  return { app, block };
}

// Spec doc 2 §2.5, §3, §5, §8: the OTA block of the base-station settings (admins).
describe('base-station settings: the firmware update (OTA)', () => {
  it('shows the current revision and its log; Assign waits for a revision and sends bs, rev and old_rev', async () => {
    const { server } = otaServer();
    const { app, block } = await openBlock(server);
    expect(within(block).getByTestId('ota-current').textContent).toBe('Current revision: 3.2');
    expect(within(block).getByTestId('ota-idle').textContent).toBe('No update is pending.');
    const rows = within(block).getAllByTestId('ota-log-row');
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['3.1', '3.2', expect.any(String), 'Done'],
      ['3.1', '3.3', expect.any(String), 'Failed: checksum mismatch'],
    ]);
    const assign = within(block).getByRole<HTMLButtonElement>('button', { name: 'Assign' });
    expect(assign.disabled).toBe(true);
    await app.user.selectOptions(within(block).getByTestId('ota-revision'), '3.4');
    expect(assign.disabled).toBe(false);
    await app.user.click(assign);
    await waitFor(() => expect(server.callsTo('POST', '/admin/saveOTAForBS')).toHaveLength(1));
    expect(server.callsTo('POST', '/admin/saveOTAForBS')[0]!.body).toEqual({
      bs: 'F1000001',
      rev: '3.4',
      old_rev: '3.2',
    });
    // Now one is pending: shown, and Assign is disabled whatever is chosen.
    expect((await within(block).findByTestId('ota-pending')).textContent).toContain('Pending: revision 3.4');
    await app.user.selectOptions(within(block).getByTestId('ota-revision'), '2.8');
    expect(within(block).getByRole<HTMLButtonElement>('button', { name: 'Assign' }).disabled).toBe(true);
  });

  it('refreshes a pending update and clears it when the status says none is pending (status_code 1)', async () => {
    const { server, state } = otaServer(1, PENDING);
    const { app, block } = await openBlock(server);
    await app.user.click(within(block).getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(server.callsTo('GET', '/admin/getOTAStatus')).toHaveLength(1));
    // Still pending (status_code 0): it stays.
    expect(within(block).getByTestId('ota-pending')).toBeTruthy();
    state.stillPending = false;
    await app.user.click(within(block).getByRole('button', { name: 'Refresh' }));
    expect((await within(block).findByTestId('ota-cleared')).textContent).toBe(
      'The update is no longer pending.',
    );
    expect(within(block).queryByTestId('ota-pending')).toBeNull();
    expect(within(block).getByTestId('ota-idle')).toBeTruthy();
  });

  it('cancels a pending update only after confirmation', async () => {
    const { server } = otaServer(1, PENDING);
    const { app, block } = await openBlock(server);
    await app.user.click(within(block).getByRole('button', { name: 'Cancel update' }));
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/The update of F1000001 to revision 3.4 will be cancelled/)).toBeTruthy();
    await app.user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.callsTo('POST', '/admin/cancelPendingOTA')).toHaveLength(0);
    await app.user.click(within(block).getByRole('button', { name: 'Cancel update' }));
    dialog = await screen.findByRole('dialog');
    await app.user.click(within(dialog).getByRole('button', { name: 'Cancel the update' }));
    await waitFor(() => expect(server.callsTo('POST', '/admin/cancelPendingOTA')).toHaveLength(1));
    expect(server.callsTo('POST', '/admin/cancelPendingOTA')[0]!.body).toEqual({ bs: 'F1000001' });
    expect(await within(block).findByTestId('ota-idle')).toBeTruthy();
  });

  it("says 'Error in getting OTA' when the update cannot be read", async () => {
    const failing = createFakeServer({ loggedIn: true, session: { admin: true, admin_group: 1 } });
    failing.override('GET /admin/getOTAForBS', () =>
      json({ status_code: 500, error: 'Internal server error' }, 500),
    );
    renderApp('/settings/basestation', failing);
    const block = await screen.findByTestId('bs-ota', undefined, slow);
    expect((await within(block).findByTestId('ota-error')).textContent).toBe('Error in getting OTA');
  });

  it('shows a refusal of the assignment with its status code and reason', async () => {
    const { server } = otaServer();
    server.override('POST /admin/saveOTAForBS', () =>
      json(
        { status_code: 409, error: 'An update is already pending for this station; cancel it first.' },
        409,
      ),
    );
    const { app, block } = await openBlock(server);
    await app.user.selectOptions(within(block).getByTestId('ota-revision'), '3.4');
    await app.user.click(within(block).getByRole('button', { name: 'Assign' }));
    expect((await within(block).findByTestId('ota-action-error')).textContent).toBe(
      'Status code 409: An update is already pending for this station; cancel it first.',
    );
  });

  it('lets Sales staff read the update but not assign or cancel it', async () => {
    const { server } = otaServer(3, PENDING);
    const { block } = await openBlock(server);
    expect(within(block).getByTestId('ota-pending')).toBeTruthy();
    expect(within(block).queryByRole('button', { name: 'Assign' })).toBeNull();
    expect(within(block).queryByRole('button', { name: 'Cancel update' })).toBeNull();
    expect(within(block).getByRole('button', { name: 'Refresh' })).toBeTruthy();
  });

  it('shows which interval settings the current and the chosen firmware allow', async () => {
    const { server } = otaServer();
    const { app, block } = await openBlock(server);
    const cells = (key: string) =>
      within(within(block).getByTestId(`interval-${key}`))
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(cells('station')).toEqual(['Sending intervals', "Account's own intervals"]);
    expect(cells('receiving')).toEqual(['Probe receiving time', 'Can be set']);
    await app.user.selectOptions(within(block).getByTestId('ota-revision'), '2.8');
    expect(cells('station')).toEqual(['Sending intervals', "Account's own intervals", 'Standard intervals']);
    expect(cells('measurement')).toEqual(['Probe measurement interval', 'Can be set', 'Can be set']);
    expect(cells('receiving')).toEqual(['Probe receiving time', 'Can be set', 'Not available']);
  });

  it('switches the station to its own intervals from firmware 3 (userBSIntervals, POST bsConf)', async () => {
    const { server } = otaServer();
    const saved = { userBSIntervals: false };
    server.override('GET /client/bsConf', (c) =>
      json(bsConf(c.query.get('basestationID') ?? 'F1000001', { alarm_treshold_1: 450, ...saved })),
    );
    server.override('POST /client/bsConf', (c) => {
      const body = c.body as { userBSIntervals: boolean };
      saved.userBSIntervals = body.userBSIntervals;
      return json({ status_code: 0, bs_id: 'F1000001', settings: body });
    });
    const { app, block } = await openBlock(server);
    const own = await within(block).findByLabelText("Use the station's own intervals");
    expect(own).toHaveProperty('checked', false);
    await app.user.click(own);
    await waitFor(() => expect(server.callsTo('POST', '/client/bsConf')).toHaveLength(1));
    // The station's other settings are sent as they are.
    expect(server.callsTo('POST', '/client/bsConf')[0]!.body).toEqual({
      basestationID: 'F1000001',
      tempIntervalDegrees: null,
      alarm_treshold_1: 450,
      alarm_treshold_2: null,
      userBSIntervals: true,
    });
    await waitFor(() => expect(own).toHaveProperty('checked', true));
  });

  it('is not there for a farmer', async () => {
    const server = createFakeServer({ loggedIn: true });
    renderApp('/settings/basestation', server);
    expect(await screen.findByTestId('bs-display-name', undefined, slow)).toBeTruthy();
    expect(screen.queryByTestId('bs-ota')).toBeNull();
    expect(server.callsTo('GET', '/admin/getOTAForBS')).toHaveLength(0);
  });
});

const STATIONS: OtaStation[] = [
  {
    bs_id: 'F1000001',
    display_name: 'Hay barn',
    rev: '3.2',
    state: 'pending',
    to: '3.4',
    ts: NOW - 600,
    reason: null,
  },
  {
    bs_id: 'F2000001',
    display_name: 'Bin',
    rev: '3.1',
    state: 'failed',
    to: '3.4',
    ts: NOW - 900,
    reason: 'checksum mismatch',
  },
];

function pageServer(group: number) {
  const server = createFakeServer({ loggedIn: true, session: { admin: true, admin_group: group } });
  const images = [image('3.4', 'Faster boot')];
  server.override('GET /admin/firmwareImages', () => json({ status_code: 0, results: images }));
  server.override('GET /admin/otaStations', () => json({ status_code: 0, results: STATIONS }));
  server.override('POST /admin/addFirmwareImage', (c) => {
    const { rev, notes } = c.body as { rev: string; notes: string };
    const added = { ...image(rev, notes), added_ts: NOW };
    images.push(added);
    return json({ status_code: 0, image: added });
  });
  return server;
}

// Issue 30 item 4: the console's firmware page.
describe('/firmware', () => {
  it('lists the stations with a pending or failed update and the images', async () => {
    const server = pageServer(1);
    renderApp('/firmware', server);
    const stations = await screen.findByTestId('firmware-stations', undefined, slow);
    expect(await within(stations).findByText('checksum mismatch')).toBeTruthy();
    expect(within(stations).getByText('Pending')).toBeTruthy();
    expect(within(stations).getByText('Failed')).toBeTruthy();
    const images = screen.getByTestId('firmware-images');
    expect(await within(images).findByText('Faster boot')).toBeTruthy();
  });

  it('adds an image: revision, notes and the file as base64', async () => {
    const server = pageServer(2);
    const app = renderApp('/firmware', server);
    const form = await screen.findByTestId('firmware-add', undefined, slow);
    const add = within(form).getByRole<HTMLButtonElement>('button', { name: 'Add image' });
    expect(add.disabled).toBe(true);
    await app.user.type(within(form).getByLabelText('Revision'), 'three');
    expect(within(form).getByText('Numbers joined by dots, like 3.4 or 3.4.1')).toBeTruthy();
    await app.user.clear(within(form).getByLabelText('Revision'));
    await app.user.type(within(form).getByLabelText('Revision'), '3.5');
    await app.user.type(within(form).getByLabelText('Notes'), 'Night mode');
    const file = new File([new Uint8Array([0, 1, 2, 250])], 'fw-3.5.bin');
    fireEvent.change(within(form).getByTestId('firmware-file'), { target: { files: [file] } });
    await waitFor(() => expect(add.disabled).toBe(false));
    await app.user.click(add);
    await waitFor(() => expect(server.callsTo('POST', '/admin/addFirmwareImage')).toHaveLength(1));
    expect(server.callsTo('POST', '/admin/addFirmwareImage')[0]!.body).toEqual({
      rev: '3.5',
      notes: 'Night mode',
      data: 'AAEC+g==',
    });
    expect((await screen.findByTestId('firmware-added')).textContent).toBe('Revision 3.5 was added.');
    expect(await within(screen.getByTestId('firmware-images')).findByText('Night mode')).toBeTruthy();
  });

  it('shows Sales staff the lists without the form', async () => {
    renderApp('/firmware', pageServer(3));
    expect(await screen.findByTestId('firmware-stations', undefined, slow)).toBeTruthy();
    expect(screen.queryByTestId('firmware-add')).toBeNull();
  });

  it('sends a farmer to “/”', async () => {
    const server = createFakeServer({ loggedIn: true });
    const app = renderApp('/firmware', server);
    await waitFor(() => expect(app.location()).not.toBe('/firmware'), slow);
    expect(server.callsTo('GET', '/admin/firmwareImages')).toHaveLength(0);
  });
});
