import { beforeAll, describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Alert, Monitor } from '@emberwatch/shared/contracts/monitors';
import type { Storage } from '@emberwatch/shared/contracts/storages';
import { defaultRuleSettings } from '@emberwatch/shared/domain/rules/defaultRuleSettings';
import { createFakeServer, json, type FakeServerOptions } from './support/fakeServer';
import { renderPage } from './support/renderPage';
import { reading, sensorConf, storage } from './support/fixtures';
import { withDocumentStyles } from './support/documentStyles';

// Each test clicks through the page; on a machine busy with other work that passes 5 s.
vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 5000 });

beforeAll(async () => {
  await import('../src/features/storages/StorageDetailPage');
});

const DAY = 86_400;

/** One row of 4 cells: G-001 (41.2 °C) at column 0, G-002 (12 °C, 3 days old signal data) at column 3. */
const rowsStorage: Storage = storage({
  itemID: 5,
  name: 'North barn',
  capacity: 400,
  layout_prefs: { angleDefault: 0, sizeDefault: 50, spaceDefault: 50 },
  sensor_layout: {
    rows: [{ index: 0, rowLength: 4 }],
    floors: 1,
    sensors: [
      { id: 'G-001', row: 0, column: 0, floor: 0 },
      { id: 'G-002', row: 0, column: 3, floor: 0 },
    ],
  },
});

/** One stack of 2 × 3 with piles at (0,0) height 2 and (1,2) height 4, H-004 on the third bale. */
const stacksStorage: Storage = {
  ...rowsStorage,
  itemID: 8,
  name: 'Bale yard',
  layoutType: 3,
  layout_prefs: null,
  sensor_layout: null,
  stacks: [
    {
      index: 0,
      nRows: 2,
      nColumns: 3,
      color: '#ca8a04',
      sensors: [
        { id: 'H-004', row: 1, column: 2, floor: 2 },
        { id: 'H-007', row: 1, column: 2, floor: 0 },
      ],
      piles: [
        { r: 0, c: 0, h: 2 },
        { r: 1, c: 2, h: 4 },
      ],
    },
  ],
};

function server(overrides: FakeServerOptions = {}) {
  return createFakeServer({
    loggedIn: true,
    conf: {
      F1000001: ['G-001', 'G-002', 'H-004', 'H-006', 'H-007'].map((id) => sensorConf(id)),
    },
    data: {
      F1000001: [
        reading('G-001', [41.2, 30.0], 300, { sensor_RSSI: -75, bs_RSSI: -60, batt_voltage: 345 }),
        reading('G-002', [12.0], 3 * DAY, { sensor_RSSI: -96, bs_RSSI: -91, batt_voltage: 335 }),
      ],
    },
    storages: [rowsStorage, stacksStorage],
    ...overrides,
  });
}

async function chooseMode(user: ReturnType<typeof renderPage>['user'], name: string) {
  await user.click(await screen.findByRole('combobox', { name: /^View/ }, { timeout: 5000 }));
  await user.click(await screen.findByRole('option', { name }));
}

describe('layout view modes', { timeout: 20_000 }, () => {
  // Colours and fading come from the CSS: these tests read computed styles.
  withDocumentStyles();
  it('offers a plain user temperatures only, without a mode choice', async () => {
    renderPage('/storages/5', server());
    expect(await screen.findByTestId('cell-G-001', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: /^View/ })).toBeNull();
  });

  it('marks a probe above the alert temperature with the flame, not by its colour alone', async () => {
    const prefs = createFakeServer().state.session.ui_preferences;
    renderPage('/storages/5', server({ session: { ui_preferences: { ...prefs, temperature_alert: 40 } } }));
    const hot = await screen.findByTestId('cell-G-001', {}, { timeout: 5000 });
    // G-001's 41.2 °C is above the 40 °C alert; G-002's 12 °C is not.
    expect(hot.getAttribute('data-hot')).toBe('true');
    expect(within(hot).getByRole('img', { name: 'Above the alert temperature 40 °C' })).toBeTruthy();
    expect(hot.getAttribute('aria-label')).toContain('Above the alert temperature 40 °C');
    const cool = screen.getByTestId('cell-G-002');
    expect(cool.getAttribute('data-hot')).toBeNull();
    expect(within(cool).queryByTestId('above-alert')).toBeNull();
  });

  it('offers an admin the signal, battery and data-age modes, each cell coloured by level and faded by age', async () => {
    const { user } = renderPage('/storages/5', server({ session: { admin: true } }));
    await user.click(await screen.findByRole('combobox', { name: /^View/ }, { timeout: 5000 }));
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toEqual([
      'Temperatures',
      'Hay quality',
      'Probe signal (RSSI)',
      'Base-station signal (RSSI)',
      'Battery',
      'Data age',
    ]);
    await user.keyboard('{Escape}');

    await chooseMode(user, 'Probe signal (RSSI)');
    const fresh = await screen.findByTestId('cell-G-001', {}, { timeout: 5000 });
    expect(fresh.textContent).toContain('-75 dBm');
    expect(fresh.getAttribute('data-band')).toBe('level-3');
    const old = screen.getByTestId('cell-G-002');
    expect(old.getAttribute('data-band')).toBe('level-0');
    // Spec doc 3 §9: data from 2 days on fades to 0.8.
    expect(getComputedStyle(old).opacity).toBe('0.8');
    expect(getComputedStyle(fresh).opacity).toBe('1');

    await chooseMode(user, 'Base-station signal (RSSI)');
    expect((await screen.findByTestId('cell-G-001', {}, { timeout: 5000 })).textContent).toContain('-60 dBm');
    expect(screen.getByTestId('cell-G-002').getAttribute('data-band')).toBe('level-1');

    await chooseMode(user, 'Battery');
    expect((await screen.findByTestId('cell-G-001', {}, { timeout: 5000 })).textContent).toContain('3.45 V');
    expect(screen.getByTestId('cell-G-002').getAttribute('aria-label')).toContain('low battery');

    await chooseMode(user, 'Data age');
    expect((await screen.findByTestId('cell-G-001', {}, { timeout: 5000 })).textContent).toContain('5 min');
    expect(screen.getByTestId('cell-G-002').textContent).toContain('3 d');
  });

  it('opens /storages/{id}/quality in hay-quality mode for a user with a service', async () => {
    const s = server({
      user: {
        service: { plan: 2, trial: 0, started: null, period: null, expDate: null, surveyCompleted: true },
      },
    });
    renderPage('/storages/8/quality', s);
    expect(await screen.findByRole('combobox', { name: /^View/ }, { timeout: 5000 })).toHaveProperty(
      'textContent',
      'Hay quality',
    );
    // The quality feature's storage view, with its period picker.
    expect(await screen.findByRole('combobox', { name: 'Quality period' }, { timeout: 5000 })).toBeTruthy();
  });

  it('opens /storages/{id}/quality in temperatures for a user without hay quality', async () => {
    renderPage('/storages/8/quality', server());
    expect(await screen.findByTestId('cell-H-004', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Quality period' })).toBeNull();
  });

  it('opens /storages/{id}/edit in the stack editor', async () => {
    renderPage('/storages/8/edit', server());
    expect(await screen.findByTestId('edit-stack-0', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add stack' })).toBeTruthy();
    // Nothing is edited yet: nothing to save, nothing holding the user.
    expect(screen.getByRole('button', { name: 'Save' })).toHaveProperty('disabled', true);
  });

  it('opens /storages/{id}/edit of a rows storage in its rows editor', async () => {
    renderPage('/storages/5/edit', server());
    expect(await screen.findByTestId('edit-floor-0')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save' })).toHaveProperty('disabled', true);
  });

  it('opens /storages/{id}/edit in the view for a read-only master', async () => {
    renderPage('/storages/8/edit', server({ session: { master: true } }));
    expect(await screen.findByTestId('cell-H-004')).toBeTruthy();
    expect(screen.queryByTestId('edit-stack-0')).toBeNull();
  });

  it('shows the monitor tab with no monitor yet', async () => {
    const { user } = renderPage('/storages/5', server());
    await user.click(await screen.findByRole('tab', { name: 'Monitor' }, { timeout: 5000 }));
    expect((await screen.findByRole('combobox', { name: 'Monitor' })).textContent).toBe('No monitor');
    expect(within(screen.getByTestId('storage-monitor')).getAllByText('No monitor')).toHaveLength(2);
  });

  it("shows the storage's monitor and the current alerts of its own probes only", async () => {
    const alertOf = (sensor_id: string, temperature: number): Alert => ({
      ts: 1_800_000_000,
      resetTS: null,
      sensor_id,
      depth: 0,
      temperature,
      peak: temperature,
      TP: null,
      isMin: false,
    });
    const monitor: Monitor = {
      itemID: 2,
      UID: 7,
      name: 'Grain watch',
      rules: [
        {
          id: 1,
          type: 'ABS_MAX',
          settings: defaultRuleSettings('ABS_MAX'),
          // G-001 is in this storage; H-004 in the bale yard, which shares the monitor.
          currentAlerts: [alertOf('G-001', 412), alertOf('H-004', 520)],
        },
      ],
      defaultMonitor: false,
      compost: false,
      demoType: null,
      storages: [5, 8],
      updated_ts: 1_800_000_000,
    };
    const fake = server({
      storages: [
        { ...rowsStorage, monitor: 2 },
        { ...stacksStorage, monitor: 2 },
      ],
    });
    fake.override('GET /client/getMonitors', () => json({ status_code: 0, results: [monitor] }));
    const line = (id: number, kind: string, extra: object = {}) => ({
      id,
      kind,
      monitorId: 2,
      ruleId: 1,
      ruleType: 'ABS_MAX',
      sensor_id: 'G-001',
      depth: 0,
      temperature: 412,
      note: null,
      byUserId: null,
      ts: 1_800_000_000 + id,
      ...extra,
    });
    fake.override('GET /client/getStorageLogbook', () =>
      json({
        status_code: 0,
        results: [line(3, 'acknowledged', { byUserId: 7, note: 'Fans on' }), line(2, 'raised')],
      }),
    );
    const { user } = renderPage('/storages/5', fake);
    await user.click(await screen.findByRole('tab', { name: 'Monitor' }, { timeout: 5000 }));
    const panel = await screen.findByTestId('storage-monitor');
    expect(within(panel).getByRole('heading', { name: 'Grain watch' })).toBeTruthy();
    const alerts = await within(panel).findAllByTestId('current-alert');
    expect(alerts.map((a) => a.textContent)).toEqual([expect.stringContaining('probe G-001')]);
    expect(within(alerts[0]!).getByRole('button', { name: 'Acknowledge' })).toBeTruthy();
    // The logbook, newest first, temperatures in the user's unit.
    const lines = await within(panel).findAllByTestId('logbook-line');
    expect(lines.map((l) => l.textContent?.replace(/^[\d.]+ [\d:]+/, ''))).toEqual([
      'Absolute maximum: alert on probe G-001, depth 1 acknowledged: Fans on',
      'Absolute maximum: alert on probe G-001, depth 1, at 41.2 °C',
    ]);
  });
});

describe('heat map', () => {
  it('fills the empty cells between probes with the interpolated temperature in the colour steps', async () => {
    const { user } = renderPage('/storages/5', server());
    await screen.findByTestId('cell-G-001', {}, { timeout: 5000 });
    expect(screen.queryByTestId('heat-floor-0-0-1')).toBeNull();
    await user.click(screen.getByRole('switch', { name: 'Heat map' }));
    // 41.2 °C at column 0, 12.0 °C at column 3: column 1 is 1 and 2 away → (412 + 120/4) / 1.25.
    const near = await screen.findByTestId('heat-floor-0-0-1');
    expect(near.textContent).toContain('≈35.4');
    expect(near.textContent).toContain('Estimated 35.4 °C');
    expect(screen.getByTestId('heat-floor-0-0-2').textContent).toContain('≈17.8');
    // Default colour steps 0/40/60/80/100: 35.4 is band 1, like 12.0.
    expect(near.getAttribute('data-band')).toBe('1');
    // The probes' own cells keep the probes.
    expect(screen.queryByTestId('heat-floor-0-0-0')).toBeNull();
  });

  it('warms the piles of a stack, not its empty ground', async () => {
    const s = server({
      data: { F1000001: [reading('H-004', [50.0], 300), reading('H-007', [30.0], 300)] },
    });
    const { user } = renderPage('/storages/8', s);
    await user.click(await screen.findByRole('switch', { name: 'Heat map' }, { timeout: 5000 }));
    // The pile at row 1, column 1 (2 bales) takes the mean of the probes at row 2, column 3: 40 °C.
    expect((await screen.findByTestId('heat-stack-0-0-0')).textContent).toContain('≈40.0');
    expect(screen.queryByTestId('heat-stack-0-0-1')).toBeNull();
  });

  it('writes the estimates in °F for a °F user', async () => {
    const s = server();
    s.state.session = {
      ...s.state.session,
      ui_preferences: { ...s.state.session.ui_preferences, degrees: 'F' },
    };
    const { user } = renderPage('/storages/5', s);
    await user.click(await screen.findByRole('switch', { name: 'Heat map' }, { timeout: 5000 }));
    // 35.4 °C = 95.7 °F.
    expect((await screen.findByTestId('heat-floor-0-0-1')).textContent).toContain('≈95.7');
  });
});

describe('layout settings popover', () => {
  it('moves the sliders within the stack limits and saves the prefs on the storage', async () => {
    const s = server();
    const { user } = renderPage('/storages/8', s);
    await user.click(await screen.findByRole('button', { name: 'Layout settings' }, { timeout: 5000 }));
    const group = await screen.findByRole('group', { name: 'Layout settings' });
    const [angle, size, spacing] = within(group).getAllByRole('slider');
    // Stacks: angle 0–40, cell size 25–80, defaults 0, 40, 100 (spec doc 3 §5, §9).
    expect(angle?.getAttribute('aria-valuemax')).toBe('40');
    expect(size?.getAttribute('aria-valuemin')).toBe('25');
    expect(angle?.getAttribute('aria-valuenow')).toBe('0');
    expect(size?.getAttribute('aria-valuenow')).toBe('40');
    expect(spacing?.getAttribute('aria-valuenow')).toBe('100');
    // The highest pile has 4 bales: spacing is enabled.
    expect(spacing).toHaveProperty('disabled', false);
    fireEvent.keyDown(size!, { key: 'ArrowRight' });
    await waitFor(() => expect(s.callsTo('POST', '/client/saveStorage')).toHaveLength(1));
    const body = s.callsTo('POST', '/client/saveStorage')[0]?.body as { item: Storage };
    expect(body.item.layout_prefs).toEqual({ angleDefault: 0, sizeDefault: 42, spaceDefault: 100 });
    expect(body.item.stacks).toEqual(stacksStorage.stacks);
  });

  it('disables spacing with one layer and keeps a read-only master’s changes on the page', async () => {
    const s = server({ session: { master: true } });
    const { user } = renderPage('/storages/5', s);
    await user.click(await screen.findByRole('button', { name: 'Layout settings' }, { timeout: 5000 }));
    const group = await screen.findByRole('group', { name: 'Layout settings' });
    const [angle, , spacing] = within(group).getAllByRole('slider');
    expect(spacing).toHaveProperty('disabled', true);
    fireEvent.keyDown(angle!, { key: 'ArrowRight' });
    expect(angle?.getAttribute('aria-valuenow')).toBe('5');
    expect(screen.getByTestId('floor-0').querySelector('[data-angle]')?.getAttribute('data-angle')).toBe('5');
    expect(s.callsTo('POST', '/client/saveStorage')).toHaveLength(0);
  });
});

describe('missing storage information', () => {
  it('asks for the missing capacity and leads to the storage details', async () => {
    const s = server({ storages: [{ ...rowsStorage, capacity: null }] });
    const { user } = renderPage('/storages/5', s);
    const dialog = await screen.findByRole(
      'dialog',
      { name: 'Storage information missing' },
      { timeout: 5000 },
    );
    expect(dialog.textContent).toContain('The capacity is not given.');
    await user.click(within(dialog).getByRole('button', { name: 'Open storage details' }));
    expect(await screen.findByRole('spinbutton', { name: 'Capacity' })).toBeTruthy();
  });

  // Issue 28 item 7: a window that opens by itself stays closed for the session once closed.
  it('once answered with Later, does not ask again when the storage is opened again in the session', async () => {
    const s = server({ storages: [{ ...rowsStorage, capacity: null }] });
    const first = renderPage('/storages/5', s);
    const dialog = await screen.findByRole(
      'dialog',
      { name: 'Storage information missing' },
      { timeout: 5000 },
    );
    await first.user.click(within(dialog).getByRole('button', { name: 'Later' }));
    first.unmount();
    // A reload of the page.
    renderPage('/storages/5', s);
    await screen.findByTestId('cell-G-001', {}, { timeout: 5000 });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('is not shown to a read-only master', async () => {
    renderPage(
      '/storages/5',
      server({ session: { master: true }, storages: [{ ...rowsStorage, capacity: null }] }),
    );
    await screen.findByTestId('cell-G-001', {}, { timeout: 5000 });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

// Its tests query a page of hundreds of bale buttons: CPU-bound work, no waits to fake. They find
// buttons and fields by their text and labels, not by role: a role query weighs every one of the
// page's elements for its role, visibility and name.
describe('stack editor', { timeout: 30_000 }, () => {
  /** The button whose text is `text` (whole), in `container`. */
  const button = (container: HTMLElement, text: string | RegExp) =>
    within(container).getByText(text, { selector: 'button, button *' }).closest('button')!;
  const saveButton = () => button(document.body, 'Save');
  /** The button named by its aria-label. */
  const labelled = (label: string) => screen.getByLabelText(label, { selector: 'button' });
  /** The open "Remove probe?" confirmation, named by its title. */
  const confirmDialog = () => screen.findByLabelText('Remove probe?', { selector: '[role="dialog"]' });
  /** Opens the select labelled `label` in `container` and picks `option`. */
  async function pick(
    user: ReturnType<typeof renderPage>['user'],
    container: HTMLElement,
    label: string,
    option: string,
  ) {
    const select = within(container).getByLabelText(label, { selector: '[role="combobox"]' });
    await user.click(select);
    // The open select names its list of options.
    const listbox = await waitFor(() => {
      const id = select.getAttribute('aria-controls');
      const list = id ? document.getElementById(id) : null;
      expect(list?.getAttribute('role')).toBe('listbox');
      return list!;
    });
    await user.click(within(listbox).getByText(option, { selector: '[role="option"]' }));
  }

  it('resizes a stack, adds bales to a row, and keeps the probes section closed without bales', async () => {
    const s = server();
    const { user } = renderPage('/storages/8/edit', s);
    const stack = await screen.findByTestId('edit-stack-0', {}, { timeout: 5000 });
    // Take every bale off: the probes section is disabled and its probes go to the bin.
    await user.click(button(stack, 'Bales'));
    const count = within(stack).getByLabelText('Number of bales', { selector: 'input' });
    await user.clear(count);
    await user.type(count, '10');
    expect(button(stack, 'Remove bales')).toHaveProperty('disabled', true);
    await pick(user, stack, 'Row', '2');
    await user.click(button(stack, 'Remove bales'));
    await pick(user, stack, 'Row', 'All rows');
    await pick(user, stack, 'Column', '1');
    await user.click(button(stack, 'Remove bales'));
    const probes = button(stack, /^Probes/);
    expect(probes).toHaveProperty('disabled', true);
    expect(probes.textContent).toContain('Add bales before placing probes.');
    expect(screen.getByTestId('edit-bin').textContent).toContain('H-004');

    // Three bales on every pile of column 2, and a stack of 3 rows.
    await user.clear(count);
    await user.type(count, '3');
    await pick(user, stack, 'Column', '2');
    await user.click(button(stack, 'Add bales'));
    expect(probes).toHaveProperty('disabled', false);
    await user.click(button(stack, /^Stack size/));
    const rows = within(stack).getByLabelText('Rows', { selector: 'input' });
    await user.clear(rows);
    await user.type(rows, '3');
    // Typing "13" would go past the limit: it changes nothing and shows as an error.
    await user.type(rows, '3');
    expect(rows.getAttribute('aria-invalid')).toBe('true');
    await user.type(rows, '{Backspace}');
    expect(within(stack).getByText('Rows 1–10, columns 1–20')).toBeTruthy();

    await user.click(saveButton());
    await waitFor(() => expect(s.callsTo('POST', '/client/saveStorage')).toHaveLength(1));
    const body = s.callsTo('POST', '/client/saveStorage')[0]?.body as { item: Storage };
    expect(body.item.stacks[0]).toMatchObject({
      nRows: 3,
      nColumns: 3,
      piles: [
        { r: 0, c: 1, h: 3 },
        { r: 1, c: 1, h: 3 },
      ],
      sensors: [
        { id: 'H-004', row: -1, column: -1, floor: 0 },
        { id: 'H-007', row: -1, column: -1, floor: 0 },
      ],
    });
  });

  it('places a picked probe on a bale, and cancel aborts a pick', async () => {
    const s = server();
    const { user } = renderPage('/storages/8/edit', s);
    const vacant = await screen.findByTestId('vacant-probes', {}, { timeout: 5000 });
    // A bale first, then cancel: nothing is placed and the pick is gone.
    const bale = labelled('Empty bale, stack 1, row 1, column 1, bale 2');
    await user.click(bale);
    expect(bale.getAttribute('aria-pressed')).toBe('true');
    await user.click(button(document.body, 'Cancel placing'));
    expect(bale.getAttribute('aria-pressed')).toBe('false');
    expect(screen.queryByText('Cancel placing')).toBeNull();
    // A probe first, then the bale.
    await user.click(within(vacant).getByRole('button', { name: 'H-006' }));
    await user.click(labelled('Empty bale, stack 1, row 1, column 1, bale 2'));
    expect(labelled('Remove H-006')).toBeTruthy();
  });

  it('removes a probe after the confirm, or every probe of the stack with the option', async () => {
    const s = server();
    const { user } = renderPage('/storages/8/edit', s);
    await user.click(await screen.findByLabelText('Remove H-004', { selector: 'button' }, { timeout: 5000 }));
    let dialog = await confirmDialog();
    expect(dialog.textContent).toContain('Do you want to remove the probe H-004 from the stack?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(document.querySelector('[role="dialog"]')).toBeNull());
    expect(labelled('Remove H-004')).toBeTruthy();

    await user.click(labelled('Remove H-004'));
    dialog = await confirmDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    // The dialog hides the page from assistive technology until it has closed.
    await waitFor(() => expect(document.querySelector('[role="dialog"]')).toBeNull());
    expect(screen.queryByLabelText('Remove H-004', { selector: 'button' })).toBeNull();
    expect(labelled('Remove H-007')).toBeTruthy();

    await user.click(labelled('Remove H-007'));
    dialog = await confirmDialog();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Remove all probes from this stack' }));
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(document.querySelector('[role="dialog"]')).toBeNull());
    expect(screen.queryByLabelText('Remove H-007', { selector: 'button' })).toBeNull();
    await user.click(saveButton());
    await waitFor(() => expect(s.callsTo('POST', '/client/saveStorage')).toHaveLength(1));
    const body = s.callsTo('POST', '/client/saveStorage')[0]?.body as { item: Storage };
    expect(body.item.stacks[0]?.sensors).toEqual([]);
  });

  it('adds a default stack (6 × 3, height 4) up to 10 stacks and removes one', async () => {
    // Nine stacks: the yard's and eight of one bale each.
    const tiny = (index: number) => ({
      index,
      nRows: 1,
      nColumns: 1,
      color: '#ccc',
      sensors: [],
      piles: [{ r: 0, c: 0, h: 1 }],
    });
    const nine = {
      ...stacksStorage,
      stacks: [...stacksStorage.stacks, ...[1, 2, 3, 4, 5, 6, 7, 8].map(tiny)],
    };
    const { user } = renderPage('/storages/8/edit', server({ storages: [nine] }));
    // Bales are found by their labels, not by role: a role query weighs every one of the page's
    // hundreds of buttons for visibility and name, which alone took most of this test's 30 s.
    const add = (await screen.findByText('Add stack', {}, { timeout: 5000 })).closest('button')!;
    expect(screen.getByText('At most 10 stacks')).toBeTruthy();
    await user.click(add);
    const tenth = await screen.findByTestId('edit-stack-9');
    expect(within(tenth).getByText(/^Stack size/).textContent).toContain('3 × 6');
    const bales = (prefix: string) => tenth.querySelectorAll(`button[aria-label^="${prefix}"]`);
    expect(bales('Empty bale, stack 10, row 1, column 1,')).toHaveLength(4);
    expect(bales('Empty bale, stack 10,')).toHaveLength(72);
    expect(add).toHaveProperty('disabled', true);
    await user.click(screen.getByText('Remove stack 2').closest('button')!);
    expect(screen.queryByTestId('edit-stack-9')).toBeNull();
    expect(add).toHaveProperty('disabled', false);
  });
});

describe('unsaved edits and the browser back button', { timeout: 20_000 }, () => {
  it('holds the user on the storage: the router never sees the move, the address is put back, the warning shows', async () => {
    const { user, location } = renderPage('/storages/5', server());
    await user.click(await screen.findByRole('button', { name: 'Edit layout' }, { timeout: 5000 }));
    await user.click(await screen.findByRole('button', { name: 'Move G-001 to the bin' }));
    const routerListener = vi.fn();
    // Registered like the router's own listener: bubbling, on window.
    window.addEventListener('popstate', routerListener);
    const pushState = vi.spyOn(window.history, 'pushState');
    try {
      window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
      expect(
        await screen.findByText('You have unsaved edits. Please close the storage before changing the view.'),
      ).toBeTruthy();
      expect(routerListener).not.toHaveBeenCalled();
      expect(pushState).toHaveBeenCalledTimes(1);
      expect(pushState.mock.calls[0]?.slice(1)).toEqual(['', window.location.href]);
      expect(location()).toBe('/storages/5');

      // Once discarded, back is the browser's and the router's again.
      await user.click(screen.getByRole('button', { name: 'Cancel' }));
      // Closing with unsaved edits asks first (the edit-confirm dialog): discard them.
      await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Discard' }));
      pushState.mockClear();
      window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
      expect(routerListener).toHaveBeenCalledTimes(1);
      expect(pushState).not.toHaveBeenCalled();
    } finally {
      window.removeEventListener('popstate', routerListener);
      pushState.mockRestore();
    }
  });
});
