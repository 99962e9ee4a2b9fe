import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import {
  defaultBatchDefaults,
  type Batch,
  type SanitisationReportResult,
} from '@emberwatch/shared/contracts/batches';
import { DEFAULT_UI_PREFERENCES, type UiPreferences } from '@emberwatch/shared/contracts/preferences';
import type { Plan } from '@emberwatch/shared/contracts/users';
import { mergeBatches } from '../src/features/batches/mergeBatches';
import { formatDateTime } from '../src/lib/formatDateTime';
import { createFakeServer, json, type FakeServer } from './support/fakeServer';
import { sensorConf, station } from './support/fixtures';
import { renderApp } from './support/renderApp';
import { renderPage } from './support/renderPage';

vi.setConfig({ testTimeout: 60_000 });

beforeAll(async () => {
  await Promise.all([
    import('../src/features/batches/BatchesPage'),
    import('../src/features/batches/BatchDetailPage'),
    import('../src/features/settings/SettingsPage'),
  ]);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const T0 = 1_790_000_000;
const HOUR = 3600;
const compostPlan: Plan = {
  planName: 'Supervisor',
  planLevel: 4,
  segment: 14,
  dueDate: null,
  expired: false,
};

function batch(overrides: Partial<Batch> = {}): Batch {
  return {
    batch_id: 12,
    batch_name: 'Windrow 3',
    status: 1,
    UID: 7,
    BS_ID: 'F1000001',
    method: 'windrow',
    standard: 'epaPfrp',
    alertTemp: 800,
    probes: ['C-001', 'C-003'],
    batch_phases: [
      {
        index: 0,
        phase_name: 'Sanitisation',
        targetTemp: 550,
        targetHours: 72,
        phase_start_date: T0,
        phase_completed_date: null,
        sensor_progress: [
          {
            sensor_id: 'C-001',
            progress: 0.5,
            hours: 36,
            maxTemp: 664,
            lastTemp: 612,
            last_ts: T0 + 40 * HOUR,
          },
          {
            sensor_id: 'C-003',
            progress: 0.25,
            hours: 18,
            maxTemp: 590,
            lastTemp: 575,
            last_ts: T0 + 40 * HOUR,
          },
        ],
        probeReplacements: [{ from: 'C-002', to: 'C-003', ts: T0 + 10 * HOUR }],
      },
      {
        index: 1,
        phase_name: 'Curing',
        targetTemp: null,
        targetHours: 720,
        phase_start_date: null,
        phase_completed_date: null,
        sensor_progress: [],
        probeReplacements: [],
      },
    ],
    currentPhase: 0,
    currentAlerts: [
      { type: 'batch', sensor_id: 'C-001', ts: T0 + 40 * HOUR, temperature: 812 },
      { type: 'batch_bug', sensor_id: 'C-003', ts: T0 + 30 * HOUR, temperature: null },
    ],
    turnings: [{ id: 1, ts: T0 + 20 * HOUR, note: 'Loader', U_ID: 7 }],
    notes: '',
    isAdmin: false,
    created_ts: T0,
    updated_ts: T0 + 40 * HOUR,
    completed_ts: null,
    archived_ts: null,
    ...overrides,
  };
}

const finished = batch({
  batch_id: 9,
  batch_name: 'Spring pile',
  status: 2,
  currentPhase: null,
  currentAlerts: [],
  created_ts: T0 - 60 * 86_400,
  completed_ts: T0 - 20 * 86_400,
});

function report(overrides: Partial<SanitisationReportResult> = {}): SanitisationReportResult {
  const period = { from: T0, to: T0 + 16 * 86_400, seconds: 15 * 86_400 + 3600, turnings: 5, minTemp: 556 };
  return {
    batch_id: 12,
    batch_name: 'Windrow 3',
    BS_ID: 'F1000001',
    standard: 'epaPfrp',
    method: 'windrow',
    verdict: 'proven',
    requirements: [
      { id: 'pfrpWindrow', minTemp: 550, seconds: 15 * 86_400, minTurnings: 5, proven: true, period },
    ],
    probes: [
      { sensor_id: 'C-001', readings: 380, gaps: 0, proven: true, period },
      { sensor_id: 'C-002→C-003', readings: 370, gaps: 1, proven: true, period },
    ],
    turnings: [T0 + 20 * HOUR],
    daily: [],
    notes: ['probeReplaced'],
    from: T0,
    to: T0 + 16 * 86_400,
    generated_ts: T0 + 17 * 86_400,
    ...overrides,
  };
}

/** A compost supervisor's account with the given batches; the batch calls answer from `state`. */
function compostServer(
  batches: Batch[],
  opts: {
    prefs?: Partial<UiPreferences>;
    session?: { master?: boolean; grandMaster?: boolean };
    /** The station's time zone (the fixture's is Helsinki). */
    timezone?: string | null;
  } = {},
) {
  const server = createFakeServer({
    loggedIn: true,
    user: { plans: [compostPlan] },
    session: { ...opts.session, ui_preferences: { ...DEFAULT_UI_PREFERENCES, ...opts.prefs } },
    stations: [
      station('F1000001', {
        display_name: 'Compost yard',
        probeCount: 4,
        ...(opts.timezone !== undefined ? { timezone: opts.timezone } : {}),
      }),
    ],
    conf: {
      F1000001: [
        sensorConf('C-001', 'North end'),
        sensorConf('C-002'),
        sensorConf('C-003'),
        sensorConf('C-004'),
      ],
    },
  });
  const state = { batches, ts: T0 + 41 * HOUR, changed: [] as Batch[] };
  server.override('GET /client/getBatches', (c) => {
    const id = c.query.get('batch_id');
    const archived = c.query.get('archived') === 'true';
    const results = id
      ? state.batches.filter((b) => b.batch_id === Number(id))
      : state.batches.filter((b) => (b.archived_ts !== null) === archived);
    return json({ status_code: 0, results, ts: state.ts });
  });
  server.override('GET /client/getChangedBatches', () =>
    json({ status_code: 0, results: state.changed, ts: state.ts + 60 }),
  );
  server.override('GET /client/getBatchCounts', () => {
    const count = (f: (b: Batch) => boolean) => state.batches.filter(f).length;
    const c = {
      ongoing: count((b) => b.status === 1 && b.archived_ts === null),
      completed: count((b) => b.status === 2 && b.archived_ts === null),
      archived: count((b) => b.archived_ts !== null),
    };
    return json({ status_code: 0, results: [{ BS_ID: 'F1000001', ...c }], total: c });
  });
  server.override('POST /client/archiveBatches', (c) => {
    const { batch_ids, archive } = c.body as { batch_ids: number[]; archive: boolean };
    state.batches = state.batches.map((b) =>
      batch_ids.includes(b.batch_id) ? { ...b, archived_ts: archive ? T0 + 42 * HOUR : null } : b,
    );
    return json({
      status_code: 0,
      results: state.batches.filter((b) => batch_ids.includes(b.batch_id)),
      ts: state.ts,
    });
  });
  server.override('POST /client/saveBatch', (c) => {
    const { batch: input } = c.body as { batch: Partial<Batch> & { batch_id: number } };
    const old = state.batches.find((b) => b.batch_id === input.batch_id)!;
    const saved = {
      ...old,
      batch_name: input.batch_name ?? old.batch_name,
      probes: input.probes ?? old.probes,
    };
    state.batches = state.batches.map((b) => (b.batch_id === saved.batch_id ? saved : b));
    return json({ status_code: 0, result: saved });
  });
  server.override('GET /client/getSanitisationReport', (c) =>
    json({
      status_code: 0,
      result:
        c.query.get('standard') === 'pas100'
          ? report({
              standard: 'pas100',
              verdict: 'notProven',
              requirements: [
                {
                  id: 'pas100',
                  minTemp: 650,
                  seconds: 7 * 86_400,
                  minTurnings: 2,
                  proven: false,
                  period: null,
                },
              ],
              notes: ['moistureNotMeasured'],
            })
          : report(),
    }),
  );
  server.override('GET /client/batchReportPdf', () =>
    Promise.resolve(
      new Response(new TextEncoder().encode('%PDF-1.7 fake'), {
        status: 200,
        headers: {
          'Content-Type': 'application/pdf',
          'Content-Disposition': 'attachment; filename="Windrow-3-sanitisation.pdf"',
        },
      }),
    ),
  );
  server.override('GET /client/getProcessPhases', () =>
    json({ status_code: 0, results: defaultBatchDefaults().phases, defaults: defaultBatchDefaults() }),
  );
  server.override('POST /client/saveProcessPhases', (c) => {
    const body = c.body as { phases: Batch['batch_phases']; defaults: object };
    return json({
      status_code: 0,
      results: body.phases,
      defaults: { ...defaultBatchDefaults(), ...body.defaults, phases: body.phases },
    });
  });
  server.override('GET /client/getPhaseRClog', () => json({ status_code: 0, results: [] }));
  return { server, state };
}

const rows = () => screen.findAllByTestId('batch-row');

describe('merging changed batches into the list (spec doc 1 §3 incremental update)', () => {
  const list = { batches: [batch(), finished], ts: 100 };
  it.each([
    [
      'a changed batch replaces its old self',
      [batch({ batch_name: 'Renamed' })],
      'active',
      ['Renamed', 'Spring pile'],
    ],
    [
      'a new batch joins, newest first',
      [batch({ batch_id: 20, batch_name: 'New', created_ts: T0 + 1 })],
      'active',
      ['New', 'Windrow 3', 'Spring pile'],
    ],
    ['an archived batch leaves the active list', [{ ...finished, archived_ts: T0 }], 'active', ['Windrow 3']],
    [
      'an archived batch joins the archived list',
      [{ ...finished, archived_ts: T0 }],
      'archived',
      ['Windrow 3', 'Spring pile'],
    ],
    ['nothing changed keeps the list', [], 'active', ['Windrow 3', 'Spring pile']],
  ] as const)('%s', (_, changed, view, names) => {
    const merged = mergeBatches(list, { results: changed, ts: 200 }, view);
    expect(merged.batches.map((b) => b.batch_name)).toEqual(names);
    expect(merged.ts).toBe(200);
  });
});

describe('the batch list at /batches', () => {
  it('is the compost supervisor’s home and side-menu entry; a hay-app user has neither', async () => {
    const { server } = compostServer([batch()]);
    const app = renderApp('/', server);
    await waitFor(() => expect(app.location()).toBe('/batches'));
    await app.user.click(await screen.findByTestId('menu-button'));
    expect(await screen.findByTestId('menu-batches')).toBeTruthy();
    app.unmount();

    const hay = compostServer([batch()]).server;
    hay.state.session = { ...hay.state.session, partnerApp: 'haytech' };
    const other = renderApp('/', hay);
    await waitFor(() => expect(other.location()).not.toBe('/'));
    expect(other.location()).not.toBe('/batches');
  });

  it('shows the ongoing batches with their phase, probes and alerts, the hottest in °F with its colour band', async () => {
    const { server } = compostServer([batch(), finished], { prefs: { degrees: 'F' } });
    renderPage('/batches', server);
    const [row] = await rows();
    expect(screen.getAllByTestId('batch-row')).toHaveLength(1);
    expect(row!.textContent).toContain('Windrow 3');
    expect(row!.textContent).toContain('Compost yard');
    expect(row!.textContent).toContain('Phase 1 of 2: Sanitisation');
    expect(row!.textContent).toContain('Probes: 2');
    // The slowest probe's progress.
    expect(row!.textContent).toContain('Progress 25 %');
    const alerts = within(row!).getByTestId('batch-alerts');
    expect(alerts.textContent).toContain('High temperature');
    expect(alerts.textContent).toContain('No data');
    const hottest = within(alerts).getByTestId('batch-temperature');
    expect(hottest.textContent).toBe('178.2 °F');
    expect(hottest.dataset.tone).toMatch(/^band-[1-5]$/);
    expect(screen.getByTestId('batches-view-ongoing').textContent).toBe('Ongoing (1)');
    expect(screen.getByTestId('batches-view-completed').textContent).toBe('Completed (1)');
    expect(row!.querySelector('a')!.getAttribute('href')).toBe('/batches/12');
  });

  it('filters by name or probe and says when nothing matches', async () => {
    const { server } = compostServer([
      batch(),
      batch({ batch_id: 13, batch_name: 'East bay', probes: ['C-004'] }),
    ]);
    const app = renderPage('/batches', server);
    expect(await rows()).toHaveLength(2);
    await app.user.type(screen.getByTestId('batches-filter'), 'C-004');
    await waitFor(() => expect(screen.getAllByTestId('batch-row')).toHaveLength(1));
    expect(screen.getByTestId('batch-row').textContent).toContain('East bay');
    await app.user.type(screen.getByTestId('batches-filter'), 'x');
    expect(await screen.findByText('No batch matches the filter.')).toBeTruthy();
  });

  it('shows an empty state without batches', async () => {
    const { server } = compostServer([]);
    renderPage('/batches', server);
    expect(await screen.findByText('No ongoing batches.')).toBeTruthy();
  });

  it('archives a completed batch, which then shows among the archived', async () => {
    const { server } = compostServer([batch(), finished]);
    const app = renderPage('/batches', server);
    await rows();
    await app.user.click(screen.getByTestId('batches-view-completed'));
    await waitFor(() => expect(screen.getByTestId('batch-row').textContent).toContain('Spring pile'));
    await app.user.click(screen.getByRole('checkbox', { name: 'Select Spring pile' }));
    await app.user.click(screen.getByTestId('batches-archive-selected'));
    await waitFor(() => expect(server.callsTo('POST', '/client/archiveBatches')).toHaveLength(1));
    expect(server.callsTo('POST', '/client/archiveBatches')[0]!.body).toMatchObject({
      UID: 7,
      batch_ids: [9],
      archive: true,
    });
    expect(await screen.findByText('No completed batches.')).toBeTruthy();
    await app.user.click(screen.getByTestId('batches-view-archived'));
    await waitFor(() => expect(screen.getByTestId('batch-row').textContent).toContain('Spring pile'));
  });

  it('asks only for what changed since the last answer and merges it by batch_id', async () => {
    const { server, state } = compostServer([batch()]);
    const app = renderPage('/batches', server);
    await rows();
    expect(server.callsTo('GET', '/client/getChangedBatches')).toHaveLength(0);
    state.changed = [batch({ batch_name: 'Windrow 3 (turned)' })];
    await act(() => app.queryClient.invalidateQueries({ queryKey: ['batches'] }));
    await waitFor(() => expect(screen.getByTestId('batch-row').textContent).toContain('Windrow 3 (turned)'));
    const asked = server.callsTo('GET', '/client/getChangedBatches');
    expect(asked[0]!.query.get('since')).toBe(String(T0 + 41 * HOUR));
    expect(server.callsTo('GET', '/client/getBatches')).toHaveLength(1);
  });

  it('asks what changed when new readings of the batch’s station arrive', async () => {
    const { server } = compostServer([batch()]);
    const app = renderPage('/batches', server);
    await rows();
    const before = server.callsTo('GET', '/client/getChangedBatches').length;
    await act(() => app.queryClient.refetchQueries({ queryKey: ['data', 'F1000001'] }));
    await waitFor(() =>
      expect(server.callsTo('GET', '/client/getChangedBatches').length).toBeGreaterThan(before),
    );
  });

  it('lets a master who is not a grand master look but not change anything', async () => {
    const { server } = compostServer([batch()], { session: { master: true } });
    renderPage('/batches', server);
    await rows();
    expect(screen.getByText('You can look at these batches but not change them.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'New batch' })).toBeNull();
  });
});

describe('a batch at /batches/{batch_id}', () => {
  it('shows its phases with dates, each probe’s progress and latest reading, replacements, alerts and turnings', async () => {
    const prefs = { degrees: 'C', date_format: 'dd/MM/yyyy', time_format: 'HH:mm' } as const;
    const { server } = compostServer([batch()], { prefs });
    renderPage('/batches/12', server);
    expect((await screen.findByTestId('batch-title')).textContent).toBe('Windrow 3');
    const [first, second] = screen.getAllByTestId('batch-phase-card');
    expect(first!.textContent).toContain('1. Sanitisation');
    expect(first!.textContent).toContain('Running');
    expect(first!.textContent).toContain('Target: 55.0 °C for 72 h');
    // On the station's clock (the fixture's station is in Helsinki; decision 0079).
    const at = (ts: number) => formatDateTime(ts, 'dd/MM/yyyy', 'HH:mm', 'Europe/Helsinki');
    expect(first!.textContent).toContain(`Start: ${at(T0)}`);
    const progress = within(first!).getByTestId('phase-progress');
    // The probe's name comes with the station's configuration, which may load after the batch.
    const c1 = (await within(progress).findByText('North end (C-001)')).closest('tr')!;
    expect(c1.textContent).toContain('50 %');
    expect(c1.textContent).toContain('36 / 72');
    expect(c1.textContent).toContain('66.4 °C');
    expect(c1.textContent).toContain(at(T0 + 40 * HOUR));
    expect(within(first!).getByTestId('phase-replacements').textContent).toContain(
      `C-002 → C-003 at ${at(T0 + 10 * HOUR)}`,
    );
    expect(second!.textContent).toContain('Not started');
    expect(second!.textContent).toContain('Target: 720 h');
    const alerts = screen.getByTestId('batch-current-alerts');
    expect(alerts.textContent).toContain('High temperature');
    expect(alerts.textContent).toContain('81.2 °C');
    expect(alerts.textContent).toContain('Probe C-003: no data since');
    expect(screen.getByTestId('batch-turnings').textContent).toContain('Loader');
  });

  // Issue 28: the page and its PDF gave start times an hour apart; both are on the station's clock.
  it('shows its times on its station’s clock, whatever the browser’s, and asks the PDF for the same', async () => {
    const prefs = { date_format: 'dd/MM/yyyy', time_format: 'HH:mm' } as const;
    const { server } = compostServer([batch()], { prefs, timezone: 'Europe/Amsterdam' });
    server.override('POST /client/addBatchTurning', (c) =>
      json({ status_code: 0, result: { ...batch(), turnings: [] }, echo: c.body }),
    );
    vi.stubGlobal('fetch', server.fetch);
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:r'), revokeObjectURL: vi.fn() }),
    );
    const app = renderPage('/batches/12', server);
    const header = await screen.findByTestId('batch-header');
    // T0 is 21 September 2026, 14:13 UTC: 16:13 in Amsterdam (CEST).
    expect(formatDateTime(T0, 'dd/MM/yyyy', 'HH:mm', 'Europe/Amsterdam')).toBe('21/09/2026 16:13');
    const term = (label: string) => within(header).getByText(label).nextElementSibling?.textContent;
    expect(term('Started')).toBe('21/09/2026 16:13');
    expect(term('Time zone')).toBe('Europe/Amsterdam');
    expect(screen.getAllByTestId('batch-phase-card')[0]!.textContent).toContain('Start: 21/09/2026 16:13');
    // The turning recorded at the loader: T0 + 20 h, 12:13 the next day in Amsterdam.
    expect(screen.getByTestId('batch-turnings').textContent).toContain('22/09/2026 12:13');

    // A turning typed in is on the same clock: 14:07 in Amsterdam is 12:07 UTC.
    const field = within(screen.getByTestId('batch-turnings')).getByLabelText('Turned at');
    expect((field as HTMLInputElement).value).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    await app.user.clear(field);
    await app.user.type(field, '2026-09-22T14:07');
    await app.user.click(screen.getByTestId('turning-add'));
    await waitFor(() => expect(server.callsTo('POST', '/client/addBatchTurning')).toHaveLength(1));
    expect((server.callsTo('POST', '/client/addBatchTurning')[0]!.body as { ts: number }).ts).toBe(
      Date.UTC(2026, 8, 22, 12, 7) / 1000,
    );

    // The PDF is asked on the browser's zone only for a station without one; the server has the station's.
    await app.user.click(within(screen.getByTestId('sanitisation-report')).getByTestId('report-download'));
    await waitFor(() => expect(server.callsTo('GET', '/client/batchReportPdf')).toHaveLength(1));
    expect(server.callsTo('GET', '/client/batchReportPdf')[0]!.query.get('tz')).toBe(
      Intl.DateTimeFormat().resolvedOptions().timeZone,
    );
  });

  it('renders nothing for a non-numeric id and says so for a batch that does not exist', async () => {
    const { server } = compostServer([batch()]);
    const app = renderPage('/batches/abc', server);
    await waitFor(() => expect(server.callsTo('GET', '/client/basestationArray').length).toBeGreaterThan(0));
    expect(screen.queryByTestId('batch-header')).toBeNull();
    expect(screen.queryByTestId('batch-not-found')).toBeNull();
    app.unmount();
    renderPage('/batches/404', compostServer([batch()]).server);
    expect((await screen.findByTestId('batch-not-found')).textContent).toBe(
      'The batch you are trying to reach does not exist.',
    );
  });

  it('keeps the user on an edited batch with the spec’s warning, then saves the edit', async () => {
    const { server } = compostServer([batch()]);
    const app = renderPage('/batches/12', server);
    await app.user.click(await screen.findByTestId('batch-edit'));
    const name = screen.getByTestId('batch-name');
    await app.user.clear(name);
    await app.user.type(name, 'Windrow 3 north');
    await app.user.click(screen.getByRole('link', { name: 'All batches' }));
    expect((await screen.findByTestId('batch-unsaved-warning')).textContent).toContain(
      'You have unsaved edits. Please close the batch before changing the view.',
    );
    expect(app.location()).toBe('/batches/12');
    await app.user.click(screen.getByTestId('batch-edit-save'));
    await waitFor(() => expect(server.callsTo('POST', '/client/saveBatch')).toHaveLength(1));
    expect(server.callsTo('POST', '/client/saveBatch')[0]!.body).toMatchObject({
      UID: 7,
      batch: { batch_id: 12, BS_ID: 'F1000001', batch_name: 'Windrow 3 north', probes: ['C-001', 'C-003'] },
    });
    await waitFor(() => expect(screen.getByTestId('batch-title').textContent).toBe('Windrow 3 north'));
    // Saved: leaving is free again.
    await app.user.click(screen.getByRole('link', { name: 'All batches' }));
    await waitFor(() => expect(app.location()).toBe('/batches'));
  });

  it('shows the sanitisation report by the chosen standard and downloads it as a PDF', async () => {
    const { server } = compostServer([batch()]);
    vi.stubGlobal('fetch', server.fetch);
    const createObjectURL = vi.fn(() => 'blob:report');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const app = renderPage('/batches/12', server);
    const panel = await screen.findByTestId('sanitisation-report');
    expect((await within(panel).findByTestId('report-verdict')).textContent).toContain('Sanitisation proven');
    expect(within(panel).getByTestId('report-requirements').textContent).toContain(
      'PFRP, windrow: 55.0 °C or more for 15 days with at least 5 turnings',
    );
    expect(within(panel).getAllByTestId('report-probe')).toHaveLength(2);
    expect(panel.textContent).toContain('A probe was replaced');

    await app.user.click(within(panel).getByRole('combobox', { name: 'Judge by' }));
    await app.user.click(await screen.findByRole('option', { name: 'PAS 100 (BSI)' }));
    await waitFor(() =>
      expect(within(panel).getByTestId('report-verdict').textContent).toContain('not proven'),
    );
    expect(panel.textContent).toContain('moisture');

    await app.user.click(within(panel).getByTestId('report-download'));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalledTimes(1));
    const pdfCall = server.callsTo('GET', '/client/batchReportPdf')[0]!;
    expect(pdfCall.query.get('batch_id')).toBe('12');
    expect(pdfCall.query.get('standard')).toBe('pas100');
    expect(pdfCall.query.get('unit')).toBe('C');
    expect(pdfCall.query.get('lang')).toBe('en');
    expect(pdfCall.authorization).toMatch(/^Bearer token-\d+$/);
    const blob = (createObjectURL.mock.calls[0] as unknown as [Blob])[0];
    expect(blob.type).toBe('application/pdf');
  });
});

describe('changing batches', () => {
  it('starts a new batch on the station with the chosen probes and opens it', async () => {
    const { server, state } = compostServer([]);
    server.override('POST /client/saveBatch', (c) => {
      const { batch: input } = c.body as { batch: { batch_name: string; probes: string[] } };
      const made = batch({
        batch_id: 31,
        batch_name: input.batch_name,
        probes: input.probes,
        currentAlerts: [],
      });
      state.batches = [made];
      return json({ status_code: 0, result: made });
    });
    const app = renderPage('/batches', server);
    await app.user.click(await screen.findByRole('link', { name: 'New batch' }));
    const dialog = await screen.findByRole('dialog', { name: 'New batch' });
    await app.user.click(within(dialog).getByTestId('new-batch-create'));
    expect(await within(dialog).findByText('Name the batch.')).toBeTruthy();
    await app.user.type(within(dialog).getByTestId('new-batch-name'), 'Windrow 5');
    await app.user.click(within(dialog).getByTestId('batch-probes'));
    await app.user.click(await screen.findByRole('option', { name: 'North end (C-001)' }));
    await app.user.click(within(dialog).getByTestId('new-batch-create'));
    await waitFor(() => expect(app.location()).toBe('/batches/31'));
    expect(server.callsTo('POST', '/client/saveBatch')[0]!.body).toEqual({
      UID: 7,
      batch: { BS_ID: 'F1000001', batch_name: 'Windrow 5', status: 1, probes: ['C-001'] },
    });
    expect((await screen.findByTestId('batch-title')).textContent).toBe('Windrow 5');
  });

  it('completes the running phase and starts the next at the same moment', async () => {
    const { server } = compostServer([batch()]);
    const app = renderPage('/batches/12', server);
    await app.user.click(
      await screen.findByRole('button', { name: 'Complete this phase and start the next' }),
    );
    await waitFor(() => expect(server.callsTo('POST', '/client/saveBatch')).toHaveLength(1));
    const sent = server.callsTo('POST', '/client/saveBatch')[0]!.body as {
      batch: { phases: { phase_start_date: number | null; phase_completed_date: number | null }[] };
    };
    const [first, second] = sent.batch.phases;
    expect(first!.phase_start_date).toBe(T0);
    expect(first!.phase_completed_date).toBeGreaterThan(T0);
    expect(second!.phase_start_date).toBe(first!.phase_completed_date);
    expect(second!.phase_completed_date).toBeNull();
  });

  it('saves a changed phase plan of the batch with saveProcessPhases', async () => {
    const { server } = compostServer([batch()]);
    const app = renderPage('/batches/12', server);
    await app.user.click(await screen.findByTestId('batch-edit'));
    const plan = screen.getByTestId('phase-plan');
    const hours = within(plan).getAllByLabelText('Hours');
    await app.user.clear(hours[0]!);
    await app.user.type(hours[0]!, '96');
    await app.user.click(screen.getByTestId('batch-edit-save'));
    await waitFor(() => expect(server.callsTo('POST', '/client/saveProcessPhases')).toHaveLength(1));
    expect(server.callsTo('POST', '/client/saveProcessPhases')[0]!.body).toEqual({
      UID: 7,
      batch_id: 12,
      phases: [
        { phase_name: 'Sanitisation', targetTemp: 550, targetHours: 96 },
        { phase_name: 'Curing', targetTemp: null, targetHours: 720 },
      ],
    });
  });

  it('lists a phase’s RC events with the spec’s columns, temperatures in the user’s unit', async () => {
    const { server } = compostServer([batch()], { prefs: { degrees: 'F' } });
    server.override('GET /client/getPhaseRClog', (c) => {
      expect(c.query.get('batch_id')).toBe('12');
      expect(c.query.get('index')).toBe('0');
      return json({
        status_code: 0,
        results: [
          {
            ts: T0 + 3 * HOUR,
            FC_ID: 'RC12-A',
            channel: 1,
            batchRef: 12,
            command: 1,
            net: 'lte',
            fc_mode: 'drive',
            ventMode: 'safety',
            comm: 'online',
            manual: false,
            dataTs: T0 + 3 * HOUR - 60,
            temps: [600, 100],
            cycle: T0 + 2 * HOUR,
            secs: 3600,
          },
        ],
      });
    });
    const app = renderPage('/batches/12', server);
    await app.user.click((await screen.findAllByRole('button', { name: 'RC events' }))[0]!);
    const table = await screen.findByTestId('rc-log');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
      'Date',
      'Batch',
      'C',
      'Net',
      'Mode',
      'Vent',
      'Comm',
      'Manual',
      'DataTS',
      'Temps',
      'Cycle',
      'Secs',
    ]);
    const row = within(table).getAllByRole('row')[1]!;
    expect(row.textContent).toContain('140.0 °F / 50.0 °F');
    // The settings' RC event table: the mode as the controller display names it, temperatures coloured.
    expect(row.textContent).toContain('AUTO');
    expect(within(row).getByText('140.0 °F').getAttribute('style')).toContain('color');
    expect(row.textContent).toContain('3600');
  });

  it('shows a master who is not a grand master a batch without edit, archive, turning or phase buttons', async () => {
    const { server } = compostServer([finished], { session: { master: true } });
    renderPage('/batches/9', server);
    await screen.findByTestId('batch-title');
    expect(screen.queryByTestId('batch-edit')).toBeNull();
    expect(screen.queryByTestId('batch-archive')).toBeNull();
    expect(screen.queryByTestId('turning-add')).toBeNull();
    // The report stays available to read and download.
    expect(screen.getByTestId('report-download')).toBeTruthy();
  });
});

describe('the default batch settings in the settings (spec doc 1 §2)', () => {
  it('are shown to a compost supervisor and saved with saveProcessPhases', async () => {
    const { server } = compostServer([]);
    const app = renderPage('/settings/preferences', server);
    const section = await screen.findByTestId('settings-batch-defaults');
    const limit = await within(section).findByTestId('defaults-alert-temp');
    expect((limit as HTMLInputElement).value).toBe('80');
    await app.user.clear(limit);
    await app.user.type(limit, '75');
    await app.user.click(within(section).getByRole('checkbox', { name: 'Recorded turnings' }));
    await app.user.click(within(section).getByTestId('defaults-save'));
    await waitFor(() => expect(server.callsTo('POST', '/client/saveProcessPhases')).toHaveLength(1));
    const body = server.callsTo('POST', '/client/saveProcessPhases')[0]!.body as {
      phases: unknown[];
      defaults: { alertTemp: number; report: { turnings: boolean } };
      batch_id?: number;
    };
    expect(body.batch_id).toBeUndefined();
    expect(body.phases).toEqual(defaultBatchDefaults().phases);
    expect(body.defaults.alertTemp).toBe(750);
    expect(body.defaults.report.turnings).toBe(false);
    expect(await within(section).findByText('Batch settings saved.')).toBeTruthy();
  });

  it('are not shown to a farmer who is not a compost supervisor', async () => {
    const server: FakeServer = createFakeServer({ loggedIn: true });
    renderPage('/settings/preferences', server);
    await screen.findByTestId('settings-general');
    expect(screen.queryByTestId('settings-batch-defaults')).toBeNull();
  });
});

describe('the settings probe list’s batch groups (spec doc 2 §2.3)', () => {
  const probeIds = () => screen.getAllByTestId('settings-probe').map((r) => r.textContent ?? '');

  it('offers each ongoing batch as a group; its probes are not vacant', async () => {
    const { server } = compostServer([batch(), finished]);
    const app = renderPage('/settings/probes', server);
    await app.user.click(await screen.findByRole('combobox', { name: 'Group' }));
    await waitFor(async () =>
      expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
        'All probes',
        'Vacant probes',
        'Windrow 3',
      ]),
    );
    await app.user.click(screen.getByRole('option', { name: 'Windrow 3' }));
    await waitFor(() => expect(screen.getAllByTestId('settings-probe')).toHaveLength(2));
    expect(probeIds().join(' ')).toMatch(/C-001.*C-003/);
    await app.user.click(screen.getByRole('combobox', { name: 'Group' }));
    await app.user.click(await screen.findByRole('option', { name: 'Vacant probes' }));
    await waitFor(() => expect(screen.getAllByTestId('settings-probe')).toHaveLength(2));
    expect(probeIds().join(' ')).toMatch(/C-002.*C-004/);
  });
});
