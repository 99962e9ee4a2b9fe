import { beforeAll, describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import type { Storage } from '@emberwatch/shared/contracts/storages';
import { createFakeServer, type FakeServer } from './support/fakeServer';
import { renderApp } from './support/renderApp';
import { renderPage } from './support/renderPage';
import { reading, sensorConf, storage } from './support/fixtures';

// Each test clicks through a whole edit; on a machine busy with other work that passes 5 s.
vi.setConfig({ testTimeout: 20_000 });
configure({ asyncUtilTimeout: 5000 });

// The pages are lazy; loading them up front keeps the first test's waiting time for the test itself.
beforeAll(async () => {
  await import('../src/features/storages/StorageDetailPage');
  await import('../src/features/storages/StoragesPage');
});

/**
 * Two rows (3 and 2 cells) of grain probes: G-001 at row 0 column 1, G-002 in the bin; G-003 free,
 * G-005 in the other storage's bin, H-004 a hay probe (never offered for a rows layout).
 */
const rowsStorage: Storage = storage({
  itemID: 5,
  name: 'North barn',
  capacity: 400,
  sensor_layout: {
    rows: [
      { index: 0, rowLength: 3 },
      { index: 1, rowLength: 2 },
    ],
    floors: 1,
    sensors: [
      { id: 'G-001', row: 0, column: 1, floor: 0 },
      { id: 'G-002', row: -1, column: -1, floor: 0 },
    ],
  },
});

const otherStorage: Storage = {
  ...rowsStorage,
  itemID: 6,
  name: 'South barn',
  sensor_layout: {
    rows: [{ index: 0, rowLength: 1 }],
    floors: 1,
    sensors: [{ id: 'G-005', row: -1, column: -1, floor: 0 }],
  },
};

/** One stack of 2 × 3 piles: 2 bales at row 0 column 0, 4 at row 1 column 2 with H-004 on the third. */
const stacksStorage: Storage = {
  ...rowsStorage,
  itemID: 8,
  name: 'Bale yard',
  layoutType: 3,
  sensor_layout: null,
  stacks: [
    {
      index: 0,
      nRows: 2,
      nColumns: 3,
      color: '#ca8a04',
      sensors: [{ id: 'H-004', row: 1, column: 2, floor: 2 }],
      piles: [
        { r: 0, c: 0, h: 2 },
        { r: 1, c: 2, h: 4 },
      ],
    },
  ],
};

function storageServer(overrides: Parameters<typeof createFakeServer>[0] = {}): FakeServer {
  return createFakeServer({
    loggedIn: true,
    conf: {
      F1000001: ['G-001', 'G-002', 'G-003', 'H-004', 'G-005', 'H-006'].map((id) =>
        sensorConf(id, id === 'G-001' ? 'North end' : null),
      ),
    },
    data: { F1000001: [reading('G-001', [41.2], 300), reading('G-002', [12.0], 300)] },
    storages: [rowsStorage, otherStorage, stacksStorage],
    ...overrides,
  });
}

describe('deleting a storage', () => {
  it('asks first, then deletes, closes the view and shows the refreshed list', async () => {
    const server = storageServer();
    const { user, location } = renderPage('/storages/5', server);
    // The first test also waits for the lazily loaded shell: more than the default second on a busy machine.
    await user.click(await screen.findByRole('tab', { name: 'Storage details' }, { timeout: 5000 }));
    // The details tab's code comes when the tab opens (decision 0178).
    await user.click(await screen.findByRole('button', { name: 'Delete storage' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete storage?' });
    expect(dialog.textContent).toContain('North barn');
    // Cancelling deletes nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.callsTo('POST', '/client/removeStorage')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete storage' }));
    const again = await screen.findByRole('dialog', { name: 'Delete storage?' });
    await user.click(within(again).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(location()).toBe('/storages'));
    expect(server.callsTo('POST', '/client/removeStorage')[0]?.body).toEqual({ UID: 7, itemID: 5 });
    // The list is fetched again after the delete, so that it no longer holds the storage.
    await waitFor(() => {
      const paths = server.calls.map((c) => c.path);
      expect(paths.lastIndexOf('/client/getStorages')).toBeGreaterThan(
        paths.indexOf('/client/removeStorage'),
      );
    });
    expect(server.state.storages.map((s) => s.name)).toEqual(['South barn', 'Bale yard']);
  });

  it('is not offered to a sub-user', async () => {
    const server = storageServer({ session: { subUser: true } });
    const { user } = renderPage('/storages/5', server);
    await user.click(await screen.findByRole('tab', { name: 'Storage details' }));
    expect(await screen.findByRole('textbox', { name: 'Name' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete storage' })).toBeNull();
  });
});

/** The detail page of storage 5 switched to edit mode (in the whole app: `renderApp`). */
async function editLayout(server = storageServer(), renderer: typeof renderPage = renderPage) {
  const view = renderer('/storages/5', server);
  await view.user.click(await screen.findByRole('button', { name: 'Edit layout' }));
  await screen.findByTestId('vacant-probes');
  return view;
}

const emptyCell = (row: number, column: number, floor = 1) =>
  screen.getByRole('button', { name: `Empty cell, row ${row}, column ${column}, floor ${floor}` });
const vacantNames = () =>
  within(screen.getByTestId('vacant-probes'))
    .getAllByRole('button')
    .map((b) => b.querySelector('.MuiListItemText-primary')?.textContent);
const saveButton = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Save' });

describe('editing a rows layout', () => {
  it('offers the vacant non-hay probes of no other storage, searchable by id or name', async () => {
    const { user } = await editLayout();
    // G-002 waits in this storage's bin; G-001 is placed, G-005 in another storage, H-004 is hay.
    expect(vacantNames()).toEqual(['G-002', 'G-003']);
    await user.type(screen.getByRole('textbox', { name: 'Search by id or name' }), '003');
    expect(vacantNames()).toEqual(['G-003']);
  });

  it('places a picked probe into an empty cell only, and also the cell first', async () => {
    const { user } = await editLayout();
    expect(saveButton().disabled).toBe(true);
    await user.click(within(screen.getByTestId('vacant-probes')).getByRole('button', { name: 'G-003' }));
    // With a probe picked, an occupied cell is no place to drop it.
    const occupied = screen.getByRole<HTMLButtonElement>('button', { name: 'Move North end to the bin' });
    expect(occupied.disabled).toBe(true);
    await user.click(emptyCell(2, 2));
    expect(
      within(screen.getByTestId('edit-floor-0')).getByRole('button', { name: 'Move G-003 to the bin' }),
    ).toBeTruthy();
    expect(occupied.disabled).toBe(false);
    expect(vacantNames()).toEqual(['G-002']);
    // The cell first, then the probe.
    await user.click(emptyCell(1, 1));
    await user.click(within(screen.getByTestId('vacant-probes')).getByRole('button', { name: 'G-002' }));
    expect(screen.getByRole('button', { name: 'Move G-002 to the bin' })).toBeTruthy();
    expect(screen.getByText('All probes placed')).toBeTruthy();
    expect(saveButton().disabled).toBe(false);
  });

  it('moves a placed probe to the bin, where it is offered again', async () => {
    const { user } = await editLayout();
    await user.click(screen.getByRole('button', { name: 'Move North end to the bin' }));
    expect(screen.getByTestId('edit-bin').textContent).toContain('North end');
    expect(vacantNames()).toEqual(['G-002', 'G-003', 'North end']);
    expect(screen.queryByRole('button', { name: 'Move North end to the bin' })).toBeNull();
  });

  it('adds a last row as long as the last one, and removing a row returns its probes to the bin', async () => {
    const { user } = await editLayout();
    await user.click(screen.getByRole('button', { name: 'Add row' }));
    expect(emptyCell(3, 2)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Empty cell, row 3, column 3, floor 1' })).toBeNull();
    await user.click(within(screen.getByTestId('vacant-probes')).getByRole('button', { name: 'G-003' }));
    await user.click(emptyCell(3, 1));
    await user.click(screen.getByRole('button', { name: 'Remove last row' }));
    expect(screen.queryByRole('button', { name: 'Move G-003 to the bin' })).toBeNull();
    expect(screen.getByTestId('edit-bin').textContent).toContain('G-003');
    await user.click(screen.getByRole('button', { name: 'Add a cell to row 2' }));
    expect(emptyCell(2, 3)).toBeTruthy();
  });

  it('saves the whole item with the edited layout, then shows the saved layout', async () => {
    const server = storageServer();
    const { user } = await editLayout(server);
    await user.click(within(screen.getByTestId('vacant-probes')).getByRole('button', { name: 'G-003' }));
    await user.click(emptyCell(2, 2));
    await user.click(screen.getByRole('button', { name: 'Move North end to the bin' }));
    await user.click(saveButton());
    await waitFor(() => expect(server.callsTo('POST', '/client/saveStorage')).toHaveLength(1));
    const body = server.callsTo('POST', '/client/saveStorage')[0]?.body as { UID: number; item: Storage };
    expect(body.UID).toBe(7);
    const { UID: _uid, undefinedLayoutType: _u, updated_ts: _t, ...input } = rowsStorage;
    expect(body.item).toEqual({
      ...input,
      sensor_layout: {
        rows: rowsStorage.sensor_layout?.rows,
        floors: 1,
        sensors: [
          { id: 'G-001', row: -1, column: -1, floor: 0 },
          { id: 'G-002', row: -1, column: -1, floor: 0 },
          { id: 'G-003', row: 1, column: 1, floor: 0 },
        ],
      },
    });
    // Back in view mode, drawing the saved layout.
    expect(await screen.findByRole('button', { name: 'Edit layout' })).toBeTruthy();
    expect(within(screen.getByTestId('floor-0')).getByTestId('cell-G-003')).toBeTruthy();
  });

  it('cancel discards the edits', async () => {
    const server = storageServer();
    const { user } = await editLayout(server);
    await user.click(screen.getByRole('button', { name: 'Move North end to the bin' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    // Closing with unsaved edits asks first (the edit-confirm dialog): discard them.
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Discard' }));
    expect(within(screen.getByTestId('floor-0')).getByTestId('cell-G-001')).toBeTruthy();
    expect(server.callsTo('POST', '/client/saveStorage')).toHaveLength(0);
  });

  // The side menu's links too: the whole app.
  it('keeps the user on the storage while edits are unsaved', async () => {
    const { user, location } = await editLayout(storageServer(), (path, server) => renderApp(path, server));
    // Unedited, edit mode does not hold the user.
    await user.click(screen.getByRole('tab', { name: 'Storage details' }));
    expect(screen.getByRole('textbox', { name: 'Name' })).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'Layout' }));
    await user.click(await screen.findByRole('button', { name: 'Edit layout' }));
    await user.click(screen.getByRole('button', { name: 'Move North end to the bin' }));

    await user.click(screen.getByRole('tab', { name: 'Storage details' }));
    const warning = 'You have unsaved edits. Please close the storage before changing the view.';
    expect(await screen.findByText(warning)).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Name' })).toBeNull();
    // A link of the app (the side menu) does not leave either.
    await user.click(screen.getByTestId('menu-button'));
    const nav = await screen.findByRole('navigation', { name: 'Menu' });
    await user.click(within(nav).getByRole('link', { name: 'Probes' }));
    expect(location()).toBe('/storages/5');
    // Once discarded, the user may go.
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('navigation', { name: 'Menu' })).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    // Closing with unsaved edits asks first (the edit-confirm dialog): discard them.
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(screen.queryByText(warning)).toBeNull());
    await user.click(screen.getByTestId('menu-button'));
    const again = await screen.findByRole('navigation', { name: 'Menu' });
    await user.click(within(again).getByRole('link', { name: 'Probes' }));
    await waitFor(() => expect(location()).toBe('/probes'));
  });
});

describe('editing the probes of a stacks layout', () => {
  it('puts a hay probe onto an empty bale, removes one after the confirm, and saves the stacks', async () => {
    const server = storageServer();
    const { user } = renderPage('/storages/8', server);
    await user.click(await screen.findByRole('button', { name: 'Edit layout' }));
    // Hay probes only: H-004 is on a bale, H-006 is free.
    await waitFor(() => expect(vacantNames()).toEqual(['H-006']));
    expect(screen.queryByRole('button', { name: 'Empty bale, stack 1, row 2, column 3, bale 3' })).toBeNull();
    await user.click(within(screen.getByTestId('vacant-probes')).getByRole('button', { name: 'H-006' }));
    await user.click(screen.getByRole('button', { name: 'Empty bale, stack 1, row 1, column 1, bale 2' }));
    // Spec doc 3 §4: clicking a probe in the stack editor removes it after a confirm.
    await user.click(screen.getByRole('button', { name: 'Remove H-004' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove probe?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(vacantNames()).toEqual(['H-004']);
    await user.click(saveButton());
    await waitFor(() => expect(server.callsTo('POST', '/client/saveStorage')).toHaveLength(1));
    const body = server.callsTo('POST', '/client/saveStorage')[0]?.body as { item: Storage };
    expect(body.item.sensor_layout).toBeNull();
    expect(body.item.stacks).toEqual([
      {
        ...stacksStorage.stacks[0],
        sensors: [{ id: 'H-006', row: 0, column: 0, floor: 1 }],
      },
    ]);
  });
});
