import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { SessionInfo } from '@emberwatch/shared/contracts/session';
import type { SaveSiteRequest, Site, SiteInput } from '@emberwatch/shared/contracts/sites';
import type { Storage } from '@emberwatch/shared/contracts/storages';
import type { Plan } from '@emberwatch/shared/contracts/users';
import { completeSitePlan } from '@emberwatch/shared/domain/sitePlan';
import { createFakeServer, json, type FakeServer } from './support/fakeServer';
import { renderPage } from './support/renderPage';
import { reading, sensorConf, station, storage } from './support/fixtures';
import { insight } from './support/probeDetailFakes';

// jsdom has no WebGL: each test says whether the browser has it, and the three.js side is replaced
// by a recorder of what it was asked to draw and a handle to click a storage as a user would.
const webgl = vi.hoisted(() => ({ available: false }));
vi.mock('../src/features/site-plan/webgl', () => ({ hasWebGL: () => webgl.available }));
const drawn = vi.hoisted(() => ({
  renderers: [] as Array<{ pick: (id: number) => void; scenes: unknown[]; disposed: boolean }>,
  /** The browser claims WebGL but refuses a context (a GPU blocklist). */
  refuse: false,
}));
vi.mock('../src/features/site-plan/siteRenderer', () => ({
  createSiteRenderer: (_el: HTMLElement, onPick: (id: number) => void) => {
    if (drawn.refuse) throw new Error('Error creating WebGL context.');
    const r = { pick: onPick, scenes: [] as unknown[], disposed: false };
    drawn.renderers.push(r);
    return {
      update: (scene: unknown) => r.scenes.push(scene),
      resize: () => undefined,
      dispose: () => {
        r.disposed = true;
      },
    };
  },
}));

// The whole app renders for each test on a shared, busy machine: its first render takes seconds.
vi.setConfig({ testTimeout: 30_000 });
const slow = { timeout: 8000 };

beforeAll(async () => {
  await Promise.all([
    import('../src/features/storages/StoragesPage'),
    import('../src/features/site-plan/SitePlanPage'),
    import('../src/features/storages/StorageDetailPage'),
  ]);
});
beforeEach(() => {
  webgl.available = false;
  drawn.renderers = [];
  drawn.refuse = false;
});

const grainPlan = (extra: Partial<Plan> = {}): Plan => ({
  planName: 'Grain Supervisor',
  planLevel: 4,
  segment: 13,
  dueDate: null,
  expired: false,
  ...extra,
});
const placed = (...ids: string[]) => ({
  rows: [{ index: 0, rowLength: 3 }],
  floors: 1,
  sensors: ids.map((id, column) => ({ id, row: 0, column, floor: 0 })),
});
const STORAGES: Storage[] = [
  storage({ itemID: 1, name: 'Bin A', sensor_layout: placed('G-001'), monitor: 4 }),
  storage({ itemID: 2, name: 'Bin B', sensor_layout: placed('G-002'), monitor: 4 }),
];

/** A saved plan with Bin A placed; Bin B is the server's generated entry unless `placeAll`. */
function savedSite(placeAll = false): Site {
  const saved: SiteInput = {
    BS_ID: 'F1000001',
    columns: 20,
    rows: 15,
    showColors: true,
    labels: [],
    siteStorages: [
      { id: 1, wid: 4, hei: 3, floors: 2, left: 8, top: 6, color: '#4caf50', isSilo: false },
      ...(placeAll
        ? [{ id: 2, wid: 2, hei: 2, floors: 1, left: 0, top: 12, color: '#2196f3', isSilo: true }]
        : []),
    ],
  };
  const { site, generated } = completeSitePlan(saved, 'F1000001', [1, 2]);
  return { ...site, UID: 7, generated, updated_ts: 1_700_000_000 };
}

function siteServer(
  options: {
    plan?: Plan;
    service?: boolean;
    session?: Partial<SessionInfo>;
  } = {},
  site: Site = savedSite(),
): FakeServer {
  const server = createFakeServer({
    loggedIn: true,
    session: options.session,
    user: { plans: [options.plan ?? grainPlan()], service: options.service ? insight() : null },
    stations: [station('F1000001', { display_name: 'Bins', probeCount: 2 })],
    conf: { F1000001: [sensorConf('G-001'), sensorConf('G-002')] },
    data: { F1000001: [reading('G-001', [65.0], 300), reading('G-002', [12.0], 300)] },
    storages: STORAGES,
  });
  let current = site;
  server.override('GET /client/getSite', () => json({ status_code: 0, results: [current] }));
  server.override('POST /client/saveSite', (c) => {
    const { site: input } = c.body as SaveSiteRequest;
    current = { ...input, UID: 7, generated: false, updated_ts: 1_800_000_000 };
    return json({ status_code: 0, site: current });
  });
  return server;
}

/** A button of the storage toolbar (the warning snackbar has a Close button of its own). */
const toolbarButton = (name: string) =>
  within(screen.getByRole('toolbar', { name: 'Storage views' })).getByRole('button', { name });

const saves = (server: FakeServer) =>
  server.callsTo('POST', '/client/saveSite').map((c) => (c.body as SaveSiteRequest).site);

describe('the storage toolbar', () => {
  it('offers Site, Storages and Monitors', async () => {
    const { user, location } = renderPage('/storages', siteServer());
    const toolbar = await screen.findByRole('toolbar', { name: 'Storage views' }, slow);
    expect(within(toolbar).getByRole('button', { name: 'Storages' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(within(toolbar).getByRole('button', { name: 'Monitors' })).toHaveProperty('disabled', false);
    await user.click(within(toolbar).getByRole('button', { name: 'Site' }));
    await waitFor(() => expect(location()).toBe('/storages/site'), slow);
  });

  it('tells a master who is not a grand master that monitors are not for master users', async () => {
    const { user } = renderPage('/storages', siteServer({ session: { master: true } }));
    const toolbar = await screen.findByRole('toolbar', { name: 'Storage views' }, slow);
    expect(within(toolbar).getByRole('button', { name: 'Monitors' })).toHaveProperty('disabled', true);
    await user.hover(within(toolbar).getByRole('button', { name: 'Monitors' }).parentElement!);
    expect((await screen.findByRole('tooltip', {}, slow)).textContent).toBe(
      'Monitors are not available to master users',
    );
  });

  it('shows no Site toggle to a user with a service (spec: no service)', async () => {
    renderPage('/storages', siteServer({ service: true }));
    const toolbar = await screen.findByRole('toolbar', { name: 'Storage views' }, slow);
    expect(within(toolbar).queryByRole('button', { name: 'Site' })).toBeNull();
    expect(within(toolbar).getByRole('button', { name: 'Storages' })).toBeTruthy();
  });

  it("says 'Site not specified' of a storage nobody placed on the site", async () => {
    renderPage('/storages', siteServer());
    await screen.findAllByTestId('storage-row', undefined, slow);
    await waitFor(
      () => expect(screen.getByRole('link', { name: /^Bin B/ }).textContent).toContain('Site not specified'),
      slow,
    );
    expect(screen.getByRole('link', { name: /^Bin A/ }).textContent).not.toContain('Site not specified');
  });

  it('shows the expired-plan text instead of the list', async () => {
    const server = siteServer({ plan: grainPlan({ expired: true }) });
    renderPage('/storages', server);
    expect((await screen.findByTestId('storages-notice', undefined, slow)).textContent).toBe(
      'Your plan has expired. Renew it to see your storages again.',
    );
    expect(screen.queryAllByTestId('storage-row')).toEqual([]);
  });
});

describe('the 3D site view', () => {
  it('says so without WebGL and still lists the storages as links to their detail', async () => {
    renderPage('/storages/site', siteServer());
    expect((await screen.findByTestId('site-no-webgl', undefined, slow)).textContent).toContain(
      'WebGL is not available',
    );
    const links = await screen.findAllByTestId('site-storage-link', undefined, slow);
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Bin A 65.0 °C', '/storages/site/1'],
      ['Bin B 12.0 °C', '/storages/site/2'],
    ]);
    expect(drawn.renderers).toEqual([]);
  });

  it('marks a storage above the alert temperature with the flame, not by its colour alone', async () => {
    renderPage('/storages/site', siteServer());
    const links = await screen.findAllByTestId('site-storage-link', undefined, slow);
    // Bin A's 65 °C is above the default alert (45 °C); Bin B's 12 °C is not.
    expect(links.map((l) => l.getAttribute('data-hot'))).toEqual(['true', null]);
    expect(within(links[0]!).getByRole('img', { name: 'Above the alert temperature 45 °C' })).toBeTruthy();
    expect(within(links[1]!).queryByTestId('above-alert')).toBeNull();
  });

  it('says so when the browser refuses a WebGL context after all', async () => {
    webgl.available = true;
    drawn.refuse = true;
    renderPage('/storages/site', siteServer());
    expect((await screen.findByTestId('site-no-webgl', undefined, slow)).textContent).toContain(
      'WebGL is not available',
    );
    expect(screen.getAllByTestId('site-storage-link')).toHaveLength(2);
  });

  it('draws the storages coloured by temperature and opens the one clicked', async () => {
    webgl.available = true;
    const { location } = renderPage('/storages/site', siteServer());
    await waitFor(() => expect(drawn.renderers).toHaveLength(1), slow);
    const r = drawn.renderers[0]!;
    await waitFor(() => expect(r.scenes.length).toBeGreaterThan(0));
    const last = r.scenes.at(-1) as { storages: Array<{ id: number; band: number | null; height: number }> };
    // Default steps 0/40/60/80/100: 65.0 °C is band 3, 12.0 °C band 1; two floors are 2 high.
    expect(last.storages.map((s) => [s.id, s.band, s.height])).toEqual([
      [1, 3, 2],
      [2, 1, 1],
    ]);
    r.pick(2);
    // The router holds the old location until the detail page's chunk is in (a transition).
    await waitFor(() => expect(location()).toBe('/storages/site/2'), slow);
  });
});

describe('the site editor', () => {
  // Issue 28 (docs/roles.md): nor to a sub-user, whose saveSite the server refuses.
  it.each([
    ['a master who is not a grand master', { master: true }],
    ['a sub-user', { subUser: true }],
  ])('is not offered to %s', async (_who, session) => {
    renderPage('/storages/site', siteServer({ session }));
    await screen.findAllByTestId('site-storage-link', undefined, slow);
    expect(screen.queryByRole('button', { name: 'Edit site' })).toBeNull();
  });

  it('opens the panel with three accordions, where only one storage or label is open at a time', async () => {
    const { user } = renderPage('/storages/site', siteServer());
    await user.click(await screen.findByRole('button', { name: 'Edit site' }, slow));
    const panel = screen.getByRole('complementary', { name: 'Site editor' });
    expect(screen.getByRole('button', { name: 'Save' })).toHaveProperty('disabled', true);
    for (const name of ['Site dimensions', 'Storage styles', 'Labels'])
      expect(within(panel).getByRole('button', { name })).toBeTruthy();
    await user.click(within(panel).getByRole('button', { name: 'Storage styles' }));
    await user.click(within(panel).getByRole('button', { name: 'Bin A' }));
    expect(within(panel).getAllByRole('slider', { name: 'Width' })).toHaveLength(1);
    expect(within(panel).getByRole('slider', { name: 'Depth' })).toBeTruthy();
    const left = () =>
      within(panel)
        .getAllByRole('slider', { name: 'Position from the left' })
        .map((el) => el.getAttribute('aria-valuenow'));
    expect(left()).toEqual(['8']);
    // Opening Bin B (the generated entry, at column 0) closes Bin A.
    await user.click(within(panel).getByRole('button', { name: 'Bin B' }));
    await waitFor(() => expect(left()).toEqual(['0']), slow);
    // A new label opens itself and closes the storage.
    await user.click(within(panel).getByRole('button', { name: 'Labels' }));
    await user.click(within(panel).getByRole('button', { name: 'Add label' }));
    await waitFor(() => expect(within(panel).queryByRole('slider', { name: 'Width' })).toBeNull());
    expect(within(panel).getByRole<HTMLInputElement>('textbox', { name: 'Text' }).value).toBe('New label');
    expect(within(panel).getByRole('slider', { name: 'Elevation' }).getAttribute('aria-valuenow')).toBe('3');
  });

  it('keeps a silo at least 2 wide and hides its depth', async () => {
    const { user } = renderPage('/storages/site', siteServer({}, savedSite(true)));
    await user.click(await screen.findByRole('button', { name: 'Edit site' }, slow));
    const panel = screen.getByRole('complementary', { name: 'Site editor' });
    await user.click(within(panel).getByRole('button', { name: 'Storage styles' }));
    await user.click(within(panel).getByRole('button', { name: 'Bin B' }));
    const width = within(panel).getByRole('slider', { name: 'Width' });
    expect([width.getAttribute('aria-valuemin'), width.getAttribute('aria-valuemax')]).toEqual(['2', '10']);
    expect(within(panel).queryByRole('slider', { name: 'Depth' })).toBeNull();
  });

  it('saves a new label at the centre and a smaller site with the storages moved inside', async () => {
    const server = siteServer();
    const { user } = renderPage('/storages/site', server);
    await user.click(await screen.findByRole('button', { name: 'Edit site' }, slow));
    const panel = screen.getByRole('complementary', { name: 'Site editor' });
    await user.click(within(panel).getByRole('button', { name: 'Labels' }));
    await user.click(within(panel).getByRole('button', { name: 'Add label' }));
    fireEvent.change(within(panel).getByRole('slider', { name: 'Columns' }), { target: { value: '10' } });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saves(server)).toHaveLength(1), slow);
    const saved = saves(server)[0]!;
    expect(saved.columns).toBe(10);
    // The label was added at the centre of the 20-column site, then held within the 10 columns.
    expect(saved.labels).toEqual([
      { id: '1', text: 'New label', left: 10, top: 7.5, elevation: 3, color: '#212121' },
    ]);
    // Bin A (4 wide at column 8) moved back to column 6.
    expect(saved.siteStorages.find((s) => s.id === 1)).toMatchObject({ wid: 4, left: 6 });
    // Saved: the editor stays open, nothing unsaved.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Save' })).toHaveProperty('disabled', true),
    );
  });

  it('asks to save, discard or cancel when closed with unsaved changes', async () => {
    const server = siteServer();
    const { user, location } = renderPage('/storages/site', server);
    await user.click(await screen.findByRole('button', { name: 'Edit site' }, slow));
    const panel = screen.getByRole('complementary', { name: 'Site editor' });
    fireEvent.change(within(panel).getByRole('slider', { name: 'Rows' }), { target: { value: '30' } });
    // The view toggles hold while the site is unsaved.
    await user.click(screen.getByRole('button', { name: 'Storages' }));
    expect(
      await screen.findByText(
        'You have unsaved edits. Please close the site before changing the view.',
        {},
        slow,
      ),
    ).toBeTruthy();
    expect(location()).toBe('/storages/site');
    await user.click(toolbarButton('Close'));
    let dialog = await screen.findByRole('dialog', { name: 'Unsaved changes' }, slow);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), slow);
    expect(await screen.findByRole('complementary', { name: 'Site editor' }, slow)).toBeTruthy();

    await user.click(toolbarButton('Close'));
    dialog = await screen.findByRole('dialog', { name: 'Unsaved changes' }, slow);
    await user.click(within(dialog).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(screen.queryByRole('complementary', { name: 'Site editor' })).toBeNull());
    expect(saves(server)).toEqual([]);

    // The closing dialog hides the page from the accessibility tree until it is gone.
    await user.click(await screen.findByRole('button', { name: 'Edit site' }, slow));
    fireEvent.change(screen.getByRole('slider', { name: 'Rows' }), { target: { value: '30' } });
    await user.click(toolbarButton('Close'));
    dialog = await screen.findByRole('dialog', { name: 'Unsaved changes' }, slow);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saves(server).map((s) => s.rows)).toEqual([30]));
    await waitFor(() => expect(screen.queryByRole('complementary', { name: 'Site editor' })).toBeNull());
  });

  it('warns an admin before a site change is saved', async () => {
    const server = siteServer({ session: { admin: true } });
    const { user } = renderPage('/storages/site', server);
    await user.click(await screen.findByRole('button', { name: 'Edit site' }, slow));
    fireEvent.change(screen.getByRole('slider', { name: 'Columns' }), { target: { value: '25' } });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: "Change the customer's site?" }, slow);
    expect(saves(server)).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Save anyway' }));
    await waitFor(() => expect(saves(server).map((s) => s.columns)).toEqual([25]));
  });

  it('switches colours in the view without saving', async () => {
    webgl.available = true;
    const server = siteServer();
    const { user } = renderPage('/storages/site', server);
    const colours = await screen.findByRole('button', { name: 'Colours' }, slow);
    expect(colours.getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect(drawn.renderers[0]?.scenes.length).toBeGreaterThan(0));
    await user.click(colours);
    await waitFor(() => {
      const last = drawn.renderers[0]!.scenes.at(-1) as { storages: Array<{ band: number | null }> };
      expect(last.storages.map((s) => s.band)).toEqual([null, null]);
    });
    expect(saves(server)).toEqual([]);
  });
});
