import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Storage } from '@emberwatch/shared/contracts/storages';
import type { Plan } from '@emberwatch/shared/contracts/users';
import { createFakeServer, json } from './support/fakeServer';
import { renderPage } from './support/renderPage';
import { reading, sensorConf, storage as storageFixture } from './support/fixtures';
import { premium } from './support/probeDetailFakes';

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 8000 });

beforeAll(async () => {
  await import('../src/features/storages/StorageDetailPage');
});

const supervisor: Plan = { ...premium, planName: 'Supervisor' };

const barn: Storage = storageFixture({
  itemID: 5,
  name: 'North barn',
  // A capacity, so the missing-info dialog does not cover the page.
  capacity: 400,
  sensor_layout: {
    rows: [{ index: 0, rowLength: 3 }],
    floors: 1,
    sensors: [
      { id: 'H-001', row: 0, column: 0, floor: 0 },
      { id: 'H-002', row: 0, column: 1, floor: 0 },
    ],
  },
});

function server(plans: Plan[]) {
  const s = createFakeServer({
    loggedIn: true,
    user: { plans },
    conf: { F1000001: [sensorConf('H-001', 'North end'), sensorConf('H-002')] },
    data: { F1000001: [reading('H-001', [41.2, 65.0], 300), reading('H-002', [12.0], 300)] },
    storages: [barn],
  });
  s.override('GET /client/exportData', (call) =>
    json({
      status_code: 0,
      results: (call.query.get('sensorIDs') ?? '').split(',').map((a) => ({
        a,
        b: Number(call.query.get('toTS')) - 3600,
        h: 215,
        hh: [215, 300],
      })),
    }),
  );
  return s;
}

// Files share one window in the `web` project (decision 0083): what a test replaces is put back.
const realMatchMedia = window.matchMedia.bind(window);
afterEach(() => {
  window.matchMedia = realMatchMedia;
});

describe('the storage’s export entry', () => {
  it('gives a supervisor on a wide view the panel, which reads the storage’s probes and saves the file', async () => {
    const createObjectURL = vi.fn(() => 'blob:export');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const s = server([supervisor]);
    renderPage('/storages/5', s);
    const panel = await screen.findByTestId('export-panel');
    expect(screen.queryByTestId('export-open')).toBeNull();
    fireEvent.click(await within(panel).findByRole('button', { name: 'Download .xlsx' }));
    await waitFor(() => expect(click).toHaveBeenCalled(), { timeout: 15_000 });
    const [call] = s.callsTo('GET', '/client/exportData');
    expect(call!.query.get('basestationID')).toBe('F1000001');
    expect(call!.query.get('sensorIDs')).toBe('H-001,H-002');
    const link = click.mock.contexts[0] as HTMLAnchorElement;
    expect(link.download).toMatch(/^North barn \d{4}-\d{2}-\d{2} – \d{4}-\d{2}-\d{2}\.xlsx$/);
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    click.mockRestore();
  });

  it('gives a supervisor on a view under 600 wide the button and the dialog', async () => {
    window.matchMedia = (query: string) => ({
      ...realMatchMedia(query),
      matches: query.includes('max-width:599.95px'),
    });
    renderPage('/storages/5', server([supervisor]));
    fireEvent.click(await screen.findByTestId('export-open'));
    expect(screen.queryByTestId('export-panel')).toBeNull();
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Download data · North barn')).toBeTruthy();
  });

  it('gives a user of another plan the button, so everyone who sees the data can download it', async () => {
    renderPage('/storages/5', server([premium]));
    expect(await screen.findByTestId('export-open')).toBeTruthy();
    expect(screen.queryByTestId('export-panel')).toBeNull();
  });
});
