import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { Storage } from '@emberwatch/shared';
import { createFakeServer, type FakeServer } from './support/fakeServer';
import { renderApp } from './support/renderApp';
import { reading, sensorConf } from './support/fixtures';

// The pages are lazy; loading them up front keeps the first test's waiting time for the test itself.
beforeAll(async () => {
  await import('../src/features/storages/StorageDetailPage');
  await import('../src/features/storages/StoragesPage');
});

/** Two rows (3 and 2 cells): H-001 at row 0 column 1, H-002 in the bin; H-003 not placed anywhere. */
const rowsStorage: Storage = {
  itemID: 5,
  UID: 7,
  name: 'North barn',
  type: 'warehouse',
  capacity: 400,
  BS_ID: 'F1000001',
  layoutType: 1,
  sensor_layout: {
    rows: [
      { index: 0, rowLength: 3 },
      { index: 1, rowLength: 2 },
    ],
    floors: 1,
    sensors: [
      { id: 'H-001', row: 0, column: 1, floor: 0 },
      { id: 'H-002', row: -1, column: -1, floor: 0 },
    ],
  },
  stacks: [],
  monitor: null,
  layout_prefs: null,
  alertMessaging: null,
  qualityPeriod: null,
  undefinedLayoutType: false,
  updated_ts: 1_700_000_000,
};

const otherStorage: Storage = { ...rowsStorage, itemID: 6, name: 'South barn', sensor_layout: null };

function storageServer(overrides: Parameters<typeof createFakeServer>[0] = {}): FakeServer {
  return createFakeServer({
    loggedIn: true,
    conf: { F1000001: [sensorConf('H-001', 'North end'), sensorConf('H-002'), sensorConf('H-003')] },
    data: {
      F1000001: [reading('H-001', [41.2], 300), reading('H-002', [12.0], 300), reading('H-003', [20.0], 300)],
    },
    storages: [rowsStorage, otherStorage],
    ...overrides,
  });
}

describe('deleting a storage', () => {
  it('asks first, then deletes, closes the view and shows the refreshed list', async () => {
    const server = storageServer();
    const { user, location } = renderApp('/storages/5', server);
    await user.click(await screen.findByRole('tab', { name: 'Storage details' }));
    await user.click(screen.getByRole('button', { name: 'Delete storage' }));
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
    expect(server.state.storages.map((s) => s.name)).toEqual(['South barn']);
  });

  it('is not offered to a sub-user', async () => {
    const server = storageServer({ session: { subUser: true } });
    const { user } = renderApp('/storages/5', server);
    await user.click(await screen.findByRole('tab', { name: 'Storage details' }));
    expect(screen.getByRole('textbox', { name: 'Name' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete storage' })).toBeNull();
  });
});
