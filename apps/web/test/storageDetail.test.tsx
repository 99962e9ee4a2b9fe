import { beforeAll, describe, expect, it, vi } from 'vitest';
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Storage } from '@emberwatch/shared/contracts/storages';
import { createFakeServer, type FakeServer } from './support/fakeServer';
import { renderPage } from './support/renderPage';
import { reading, sensorConf, storage as storageFixture } from './support/fixtures';
import { premium } from './support/probeDetailFakes';

// The page is lazy; loading it up front keeps the first test's waiting time for the test itself.
// The storage detail is a heavy page: on a machine busy with other work its first drawing and a
// test's clicks take longer than the defaults (1 s to appear, 5 s a test).
vi.setConfig({ testTimeout: 20_000 });
configure({ asyncUtilTimeout: 5000 });

beforeAll(async () => {
  await import('../src/features/storages/StorageDetailPage');
});

/** The detail page's storage: item 5, 'North barn' of capacity 400, with no layout unless given. */
function storage(overrides: Partial<Storage>): Storage {
  return storageFixture({ itemID: 5, name: 'North barn', capacity: 400, sensor_layout: null, ...overrides });
}

/** Two rows (3 and 2 cells): H-001 at row 0 column 1, H-002 at row 1 column 0, H-003 in the bin. */
const rowsStorage = storage({
  sensor_layout: {
    rows: [
      { index: 0, rowLength: 3 },
      { index: 1, rowLength: 2 },
    ],
    floors: 1,
    sensors: [
      { id: 'H-001', row: 0, column: 1, floor: 0 },
      { id: 'H-002', row: 1, column: 0, floor: 0 },
      { id: 'H-003', row: -1, column: -1, floor: 0 },
    ],
  },
});

/** One stack of 2 × 3 piles with H-001 on the third bale of the pile at row 1, column 2. */
const stacksStorage = storage({
  itemID: 6,
  name: 'Bale yard',
  layoutType: 3,
  stacks: [
    {
      index: 0,
      nRows: 2,
      nColumns: 3,
      color: '#ca8a04',
      sensors: [{ id: 'H-001', row: 1, column: 2, floor: 2 }],
      piles: [{ r: 1, c: 2, h: 4 }],
    },
  ],
});

function storageServer(overrides: Parameters<typeof createFakeServer>[0] = {}): FakeServer {
  return createFakeServer({
    loggedIn: true,
    conf: { F1000001: [sensorConf('H-001', 'North end'), sensorConf('H-002'), sensorConf('H-003')] },
    // Default colour steps 0, 40, 60, 80, 100 °C: 65.0 is band 3, 41.2 band 2, 12.0 band 1.
    data: {
      F1000001: [
        reading('H-001', [41.2, 65.0, 38.5], 300),
        reading('H-002', [12.0, 11.5], 300),
        reading('H-003', [20.0], 300),
      ],
    },
    storages: [rowsStorage, stacksStorage],
    ...overrides,
  });
}

describe('storage detail', () => {
  it('shows the not-found alert for an unknown numeric id', async () => {
    renderPage('/storages/99', storageServer());
    // The first test also waits for the lazily loaded shell: more than the default second on a busy machine.
    expect(
      await screen.findByText('The storage you are trying to reach does not exist', {}, { timeout: 5000 }),
    ).toBeTruthy();
  });

  it('renders nothing for a non-numeric id', async () => {
    const server = storageServer();
    const { location } = renderPage('/storages/abc', server);
    await waitFor(() => expect(location()).toBe('/storages/abc'));
    await waitFor(() => expect(server.callsTo('GET', '/client/userInfo').length).toBeGreaterThan(0));
    expect(screen.queryByText('The storage you are trying to reach does not exist')).toBeNull();
    expect(screen.queryByRole('tab')).toBeNull();
  });

  it('draws a rows layout with each probe coloured by its hottest depth, and the bin', async () => {
    renderPage('/storages/5', storageServer());
    const north = await screen.findByTestId('cell-H-001');
    expect(north.textContent).toContain('65.0');
    expect(north.getAttribute('data-band')).toBe('3');
    // Hotter than the user's alert temperature: said in words too, not by its colour alone (decision 0138).
    expect(north.getAttribute('aria-label')).toBe(
      'North end, hottest 65.0 °C, Above the alert temperature 45 °C',
    );
    expect(screen.getByTestId('cell-H-002').getAttribute('data-band')).toBe('1');
    // 3 + 2 cells, two of them holding a probe; the third probe waits in the bin.
    const floor = screen.getByTestId('floor-0');
    expect(within(floor).getAllByText('Empty cell')).toHaveLength(3);
    expect(within(screen.getByTestId('bin')).getByTestId('cell-H-003').textContent).toContain('20.0');
  });

  it("rings a probe with a monitor's current alert and says so", async () => {
    const server = storageServer({
      data: {
        F1000001: [
          reading('H-001', [41.2, 65.0, 38.5], 300, { alert: true }),
          reading('H-002', [12.0, 11.5], 300),
          reading('H-003', [20.0], 300),
        ],
      },
    });
    renderPage('/storages/5', server);
    const north = await screen.findByTestId('cell-H-001');
    expect(north.getAttribute('data-alert')).toBe('true');
    expect(north.getAttribute('aria-label')).toBe(
      "North end, hottest 65.0 °C, Above the alert temperature 45 °C, A monitor's alert is on for this probe",
    );
    expect(within(north).getByTestId('monitor-alert')).toBeTruthy();
    const quiet = screen.getByTestId('cell-H-002');
    expect(quiet.getAttribute('data-alert')).toBeNull();
    expect(within(quiet).queryByTestId('monitor-alert')).toBeNull();
  });

  it('draws each floor of a 3D layout as its own level, and a stale probe without colour', async () => {
    const floors = storage({
      itemID: 8,
      layoutType: 2,
      sensor_layout: {
        rows: [{ index: 0, rowLength: 2 }],
        floors: 2,
        sensors: [
          { id: 'H-001', row: 0, column: 0, floor: 0 },
          { id: 'H-002', row: 0, column: 1, floor: 1 },
        ],
      },
    });
    const server = storageServer({ storages: [floors] });
    // H-002's latest reading is eight days old: the probe list shows it as n/a, so does the layout.
    server.state.data.F1000001 = [reading('H-001', [41.2], 300), reading('H-002', [70.0], 8 * 86_400)];
    renderPage('/storages/8', server);
    const first = await screen.findByTestId('floor-0');
    expect(within(first).getByRole('heading', { name: 'Floor 1' })).toBeTruthy();
    expect(within(first).getByTestId('cell-H-001').getAttribute('data-band')).toBe('2');
    const second = screen.getByTestId('floor-1');
    expect(within(second).getByRole('heading', { name: 'Floor 2' })).toBeTruthy();
    const stale = within(second).getByTestId('cell-H-002');
    expect(stale.getAttribute('data-band')).toBe('none');
    expect(stale.textContent).toContain('--');
  });

  it('the site route opens the same storage', async () => {
    renderPage('/storages/site/5', storageServer());
    expect((await screen.findByTestId('cell-H-001')).textContent).toContain('65.0');
  });

  it('draws a stack with its piles and the probe on its bale, coloured', async () => {
    renderPage('/storages/6', storageServer());
    const stack = await screen.findByTestId('stack-0');
    expect(within(stack).getByRole('heading', { name: 'Stack 1' })).toBeTruthy();
    const cell = within(stack).getByTestId('cell-H-001');
    expect(cell.getAttribute('data-band')).toBe('3');
    expect(cell.parentElement?.getAttribute('title')).toBe('Pile of 4 bales');
    expect(within(stack).getAllByText('Empty cell')).toHaveLength(5);
  });

  it('shows every depth of a probe on hover', async () => {
    const { user } = renderPage('/storages/5', storageServer());
    await user.hover(await screen.findByTestId('cell-H-001'));
    const depths = await screen.findByTestId('depths-H-001');
    expect(depths.textContent).toContain('Depth 1: 41.2 °C');
    expect(depths.textContent).toContain('Depth 2: 65.0 °C');
    expect(depths.textContent).toContain('Depth 3: 38.5 °C');
  });

  it('shows every depth on keyboard focus, describes the cell by them, and hides them on Escape', async () => {
    const { user } = renderPage('/storages/5', storageServer());
    const cell = await screen.findByTestId('cell-H-001');
    expect(cell.getAttribute('aria-describedby')).toBeNull();
    // Tab through the page to the cell, as a keyboard user does.
    for (let i = 0; i < 100 && document.activeElement !== cell; i++) await user.tab();
    expect(document.activeElement).toBe(cell);
    const tooltip = await screen.findByRole('tooltip');
    expect(within(tooltip).getByTestId('depths-H-001').textContent).toContain('Depth 2: 65.0 °C');
    expect(cell.getAttribute('aria-describedby')).toBe(tooltip.id);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
    expect(document.activeElement).toBe(cell);
  });

  it('on a touch screen shows the depths on the first tap and opens the probe on the second', async () => {
    const { location } = renderPage('/storages/5', storageServer());
    const cell = await screen.findByTestId('cell-H-002');
    // A tap as a phone sends it: a touch pointer, then the click.
    const tap = () => {
      fireEvent.pointerDown(cell, { pointerType: 'touch' });
      fireEvent.click(cell);
    };
    tap();
    expect((await screen.findByTestId('depths-H-002')).textContent).toContain('Depth 2: 11.5 °C');
    // The router navigates in a transition: give a navigation the time to land before checking none did.
    await act(() => new Promise((resolve) => setTimeout(resolve, 200)));
    expect(location()).toBe('/storages/5');
    tap();
    await waitFor(() => expect(location()).toBe('/storages/5/probes/H-002'));
  });

  it('writes a long name in the cell and gives it whole in the tooltip, on hover and on the first tap', async () => {
    const long = 'North end of the stack, third bale from the top';
    const server = storageServer({
      conf: { F1000001: [sensorConf('H-001', long), sensorConf('H-002'), sensorConf('H-003')] },
    });
    const { user } = renderPage('/storages/5', server);
    const cell = await screen.findByTestId('cell-H-001');
    // The cell holds the whole name (the drawing may end it in an ellipsis) and its value apart.
    expect(within(cell).getByTestId('cell-name').textContent).toBe(long);
    expect(within(cell).getByTestId('cell-value').textContent).toBe('65.0');
    await user.hover(cell);
    expect((await screen.findByRole('tooltip')).textContent).toContain(long);
    await user.unhover(cell);
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
    fireEvent.pointerDown(cell, { pointerType: 'touch' });
    fireEvent.click(cell);
    expect((await screen.findByRole('tooltip')).textContent).toContain(long);
  });

  it('shows temperatures in °F for a °F user', async () => {
    const server = storageServer();
    server.state.session.ui_preferences.degrees = 'F';
    renderPage('/storages/5', server);
    // 65.0 °C = 149.0 °F; the band still follows the °C steps.
    const north = await screen.findByTestId('cell-H-001');
    expect(north.textContent).toContain('149.0');
    expect(north.getAttribute('data-band')).toBe('3');
  });

  it('opens the probe detail inside the storage when a probe is clicked', async () => {
    const { user, location } = renderPage('/storages/5', storageServer());
    await user.click(await screen.findByTestId('cell-H-002'));
    await waitFor(() => expect(location()).toBe('/storages/5/probes/H-002'));
  });

  it('the probe detail inside a storage leads back to the storage', async () => {
    const { user, location } = renderPage(
      '/storages/5/probes/H-002',
      storageServer({ user: { plans: [premium] } }),
    );
    const back = await screen.findByTestId('detail-back');
    expect(back.getAttribute('href')).toBe('/storages/5');
    await user.click(back);
    await waitFor(() => expect(location()).toBe('/storages/5'));
    expect(await screen.findByTestId('cell-H-002')).toBeTruthy();
  });

  it('saves the edited name, type and capacity, and only once edited', async () => {
    const server = storageServer();
    const { user } = renderPage('/storages/5', server);
    await user.click(await screen.findByRole('tab', { name: 'Storage details' }));
    const save = await screen.findByRole<HTMLButtonElement>('button', { name: 'Save' }, { timeout: 5000 });
    expect(save.disabled).toBe(true);
    const capacity = screen.getByRole('spinbutton', { name: 'Capacity' });
    await user.clear(capacity);
    await user.type(capacity, '1001');
    expect(save.disabled).toBe(true);
    await user.clear(capacity);
    await user.type(capacity, '750');
    const name = screen.getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'South barn');
    await user.click(screen.getByRole('combobox', { name: 'Type' }));
    await user.click(await screen.findByRole('option', { name: 'Open air' }));
    expect(save.disabled).toBe(false);
    await user.click(save);
    await waitFor(() => expect(server.callsTo('POST', '/client/saveStorage')).toHaveLength(1));
    const body = server.callsTo('POST', '/client/saveStorage')[0]?.body as { UID: number; item: Storage };
    expect(body.UID).toBe(7);
    expect(body.item).toEqual({
      itemID: 5,
      name: 'South barn',
      type: 'open_air',
      capacity: 750,
      BS_ID: 'F1000001',
      layoutType: 1,
      sensor_layout: rowsStorage.sensor_layout,
      stacks: [],
      monitor: null,
      layout_prefs: null,
      alertMessaging: null,
      qualityPeriod: null,
    });
    expect(await screen.findByText('Saved')).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Save' }).disabled).toBe(true);
  });

  it('is read-only for a master who is not a grand master', async () => {
    const server = storageServer({ session: { master: true, grandMaster: false } });
    const { user } = renderPage('/storages/5', server);
    await user.click(await screen.findByRole('tab', { name: 'Storage details' }));
    expect(
      await screen.findByText('Your access to this storage is read-only.', {}, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Name' }).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });
});
