import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within, act } from '@testing-library/react';
import { format } from 'date-fns';
import { createFakeServer, json, type FakeServer } from './support/fakeServer';
import { renderPage } from './support/renderPage';
import { FakeWebSocket } from './support/FakeWebSocket';
import { nowSeconds, reading, sensorConf, storage } from './support/fixtures';
import { FakeUPlot, chartPoint, insight, premium, serveSensorData } from './support/probeDetailFakes';

// The detail page and its History tab are lazy; loading them on first use would eat into the first
// chart test's waiting time on a busy machine, so the file loads them up front.
beforeAll(async () => {
  await Promise.all([
    import('../src/features/probe-detail/ProbeDetailPage'),
    import('../src/features/probe-detail/history/HistoryTab'),
  ]);
});

afterEach(() => {
  FakeUPlot.instances = [];
});

const DAY = 86_400;

function probeServer(options: Parameters<typeof createFakeServer>[0] = {}): FakeServer {
  const server = createFakeServer({
    loggedIn: true,
    user: { plans: [premium] },
    conf: { F1000001: [sensorConf('H-001', 'North stack'), sensorConf('H-002')] },
    data: { F1000001: [reading('H-001', [41.2, 40.0, 38.5], 300)] },
    ...options,
  });
  serveSensorData(server, [chartPoint(3 * 3600, [40, 39, 38]), chartPoint(1200, [41.2, 40, 38.5])]);
  return server;
}

const lastCall = (server: FakeServer, path: string) => {
  const call = server.callsTo('GET', path).at(-1);
  if (!call) throw new Error(`no call to ${path}`);
  return call.query;
};

/** The UTC day start `daysAgo` days back, as the daily roll-up names days. */
const utcDay = (daysAgo: number) => Math.floor(nowSeconds() / DAY) * DAY - daysAgo * DAY;

/** The overview's daily maxima: one point on each of these days (days ago). */
function serveOverviewDays(server: FakeServer, daysAgo: number[]): void {
  server.override('GET /client/snapshot', () =>
    json({
      status_code: 0,
      results: daysAgo.map((d) => ({ a: 'H-001', b: utcDay(d), h: 350, hh: [350, 340, 330] })),
    }),
  );
}

/**
 * The push channel, open and authenticated, once the chart drawn before it was ready has been read
 * again (a push it missed may have changed it; decision 0169).
 */
async function openPushChannel(server: FakeServer): Promise<FakeWebSocket> {
  await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1));
  const ws = FakeWebSocket.latest();
  const read = server.callsTo('GET', '/client/sensorData').length;
  act(() => ws.serverOpen());
  act(() => ws.serverSend({ type: 'ready', UID: 7 }));
  await waitFor(() => expect(server.callsTo('GET', '/client/sensorData')).toHaveLength(read + 1));
  return ws;
}

const tabNames = () => screen.getAllByRole('tab').map((t) => t.textContent);

describe('opening a probe detail (spec doc 2 §2.4)', () => {
  it('opens from the probe list when a row is clicked', async () => {
    const server = probeServer();
    const app = renderPage('/probes', server);
    await app.user.click(await screen.findByText('North stack', {}, { timeout: 5000 }));
    await waitFor(() => expect(app.location()).toBe('/probes/H-001'));
    expect(await screen.findByTestId('detail-name')).toHaveProperty('textContent', 'North stack');
  });

  it('links the storages that use the probe (spec doc 2 §2.4 probe-usage chips)', async () => {
    const server = probeServer({
      storages: [
        storage({
          itemID: 9,
          name: 'North barn',
          sensor_layout: {
            rows: [{ index: 0, rowLength: 2 }],
            floors: 1,
            sensors: [{ id: 'H-001', row: 0, column: 1, floor: 0 }],
          },
        }),
        storage({ itemID: 10, name: 'Empty shed' }),
      ],
    });
    const app = renderPage('/probes/H-001', server);
    const chips = await screen.findByTestId('probe-usage');
    expect(
      within(chips)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['In North barn']);
    await app.user.click(within(chips).getByRole('link', { name: 'In North barn' }));
    await waitFor(() => expect(app.location()).toBe('/storages/9'));
  });

  it('shows the probe id when the probe has no name, with the latest reading', async () => {
    const server = probeServer({ data: { F1000001: [reading('H-002', [30.5], 60)] } });
    renderPage('/probes/H-002', server);
    expect((await screen.findByTestId('detail-name')).textContent).toBe('H-002');
    expect(screen.getByTestId('detail-latest').textContent).toBe('30.5 °C');
  });

  it('tells a free user that the detail is not on their plan, with a way back', async () => {
    const server = probeServer({ user: { plans: [{ ...premium, planName: 'Free' }] } });
    const app = renderPage('/probes/H-001', server);
    expect(await screen.findByText('Probe details and history are not available on your plan.')).toBeTruthy();
    await app.user.click(screen.getByRole('link', { name: 'Back to the list' }));
    await waitFor(() => expect(app.location()).toBe('/probes'));
    expect(server.callsTo('GET', '/client/sensorData')).toHaveLength(0);
  });

  it('tells a premium user whose plan expired the same', async () => {
    const server = probeServer({ user: { plans: [{ ...premium, expired: true }] } });
    renderPage('/probes/H-001', server);
    expect(await screen.findByText('Probe details and history are not available on your plan.')).toBeTruthy();
  });

  it('shows the limited-history dialog to a limited free user whose trial was refused', async () => {
    const server = probeServer({
      session: { limitFreeData: true },
      user: { plans: [{ ...premium, planName: 'Free' }], service: insight(-1) },
    });
    const app = renderPage('/probes/H-001', server);
    const dialog = await screen.findByRole('dialog', { name: 'Limited data history' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Back to the list' }));
    await waitFor(() => expect(app.location()).toBe('/probes'));
  });

  it('lets an admin open the data of a limited free account', async () => {
    const server = probeServer({
      session: { limitFreeData: true, admin: true },
      user: { plans: [{ ...premium, planName: 'Free' }], service: insight(-1) },
    });
    renderPage('/probes/H-001', server);
    expect(await screen.findByTestId('detail-name')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says so when the probe is not on any of the stations', async () => {
    const server = probeServer();
    renderPage('/probes/H-404', server);
    expect(await screen.findByText('Probe H-404 was not found on your base stations.')).toBeTruthy();
  });

  it('has the storage route shape, whose back link leads to the storage now that storages exist', async () => {
    const server = probeServer();
    renderPage('/storages/7/probes/H-001', server);
    await screen.findByTestId('detail-name');
    expect(screen.getByTestId('detail-back').getAttribute('href')).toBe('/storages/7');
  });
});

describe('the detail tabs per role (spec doc 2 §2.4)', () => {
  it('shows History and Properties to a premium user', async () => {
    renderPage('/probes/H-001', probeServer());
    await screen.findByTestId('detail-name');
    expect(tabNames()).toEqual(['History', 'Properties']);
  });

  it('adds Data and Verification for an Insight user', async () => {
    renderPage('/probes/H-001', probeServer({ user: { plans: [], service: insight() } }));
    await screen.findByTestId('detail-name');
    expect(tabNames()).toEqual(['History', 'Data', 'Properties', 'Verification']);
  });

  it('adds Data, Verification (staff always, decision 0113) and Regularity for an admin', async () => {
    renderPage('/probes/H-001', probeServer({ session: { admin: true } }));
    await screen.findByTestId('detail-name');
    expect(tabNames()).toEqual(['History', 'Data', 'Properties', 'Verification', 'Regularity']);
  });

  it('leaves Regularity out for an admin who is a master', async () => {
    renderPage('/probes/H-001', probeServer({ session: { admin: true, master: true } }));
    await screen.findByTestId('detail-name');
    expect(tabNames()).toEqual(['History', 'Data', 'Properties', 'Verification']);
  });
});

describe('the History chart (spec doc 2 §9)', () => {
  it('asks for the last week up to now (no end bound) at the plot width, and draws every depth', async () => {
    const server = probeServer();
    renderPage('/probes/H-001', server);
    await screen.findByTestId('chart-legend');
    const q = lastCall(server, '/client/sensorData');
    expect(q.get('BS_ID')).toBe('F1000001');
    expect(q.get('sensorID')).toBe('H-001');
    expect(Math.abs(Number(q.get('startTS')) - (nowSeconds() - 7 * DAY))).toBeLessThan(5);
    expect(q.has('endTS')).toBe(false);
    expect(Number(q.get('width'))).toBeGreaterThanOrEqual(50);
    expect(
      FakeUPlot.latest()
        .opts.series.slice(1)
        .map((s) => s.label),
    ).toEqual(['Handle, 0.5 m', 'Depth 1.3 m', 'Depth 2.0 m']);
    expect(document.querySelector('canvas')).not.toBeNull();
  });

  it('shows the latest values in the legend, in °C with one decimal', async () => {
    renderPage('/probes/H-001', probeServer());
    await screen.findByTestId('chart-legend');
    expect(screen.getAllByTestId('legend-value').map((v) => v.textContent)).toEqual([
      '41.2 °C',
      '40.0 °C',
      '38.5 °C',
    ]);
  });

  it('converts legend values and the axis to °F for a user who prefers Fahrenheit', async () => {
    const server = probeServer();
    server.state.session.ui_preferences = { ...server.state.session.ui_preferences, degrees: 'F' };
    renderPage('/probes/H-001', server);
    await screen.findByTestId('chart-legend');
    expect(screen.getAllByTestId('legend-value')[0]?.textContent).toBe('106.2 °F');
    const u = FakeUPlot.latest();
    expect((u.data[1] as number[])[1]).toBe(106.2);
  });

  it("draws the user's alert temperature as a named line, and names it in the legend", async () => {
    const server = probeServer();
    server.state.session.ui_preferences = { ...server.state.session.ui_preferences, temperature_alert: 40 };
    renderPage('/probes/H-001', server);
    await screen.findByTestId('chart-legend');
    const u = FakeUPlot.latest();
    act(() => u.fire('draw'));
    const line = screen.getByTestId('chart-alert-line');
    expect(line.dataset.value).toBe('40');
    // The fake scale puts a value at as many pixels: the line sits at 40 °C.
    expect(line.style.top).toBe('40px');
    expect(screen.getByTestId('chart-alert-label').textContent).toBe('Temperature alert 40.0 °C');
    expect(screen.getByTestId('legend-alert').textContent).toBe('Temperature alert40.0 °C');
  });

  it('draws the alert line in °F for a user who prefers Fahrenheit (45 °C by default)', async () => {
    const server = probeServer();
    server.state.session.ui_preferences = { ...server.state.session.ui_preferences, degrees: 'F' };
    renderPage('/probes/H-001', server);
    await screen.findByTestId('chart-legend');
    act(() => FakeUPlot.latest().fire('draw'));
    expect(screen.getByTestId('chart-alert-line').dataset.value).toBe('113');
    expect(screen.getByTestId('chart-alert-label').textContent).toBe('Temperature alert 113.0 °F');
  });

  it('grows the temperature axis to show an alert above the chosen scale', async () => {
    const server = probeServer();
    server.state.session.ui_preferences = {
      ...server.state.session.ui_preferences,
      chart_scale: [0, 40],
      temperature_alert: 55,
    };
    renderPage('/probes/H-001', server);
    await screen.findByTestId('chart-legend');
    const range = FakeUPlot.latest().opts.scales?.temp?.range;
    expect(range?.(null, 38.5, 41.2)).toEqual([0, 55]);
  });

  it('shows the value under the cursor when the user points at the chart', async () => {
    renderPage('/probes/H-001', probeServer());
    await screen.findByTestId('chart-legend');
    const u = FakeUPlot.latest();
    u.cursor.idx = 0;
    act(() => u.fire('setCursor'));
    expect(screen.getAllByTestId('legend-value')[0]?.textContent).toBe('40.0 °C');
  });

  it('names depths in feet for a US user', async () => {
    renderPage('/probes/H-001', probeServer({ user: { plans: [premium], country: 'us' } }));
    await screen.findByTestId('chart-legend');
    expect(FakeUPlot.latest().opts.series[1]?.label).toBe('Handle, 1.6 ft');
  });

  it('switches spans, moves back one step and stops the next arrow at now', async () => {
    const server = probeServer();
    const app = renderPage('/probes/H-001', server);
    await screen.findByTestId('chart-legend');
    expect(screen.getByTestId('chart-next')).toHaveProperty('disabled', true);

    await app.user.click(screen.getByRole('button', { name: 'Day' }));
    await waitFor(() => {
      const q = lastCall(server, '/client/sensorData');
      expect(Math.abs(Number(q.get('startTS')) - (nowSeconds() - 2 * DAY))).toBeLessThan(5);
    });

    await app.user.click(screen.getByRole('button', { name: 'Previous period' }));
    await waitFor(() => {
      const q = lastCall(server, '/client/sensorData');
      expect(Math.abs(Number(q.get('startTS')) - (nowSeconds() - 4 * DAY))).toBeLessThan(5);
      expect(Math.abs(Number(q.get('endTS')) - (nowSeconds() - 2 * DAY))).toBeLessThan(5);
    });
    expect(screen.getByTestId('chart-next')).toHaveProperty('disabled', false);

    await app.user.click(screen.getByRole('button', { name: 'Month' }));
    await waitFor(() => {
      const q = lastCall(server, '/client/sensorData');
      expect(Number(q.get('endTS')) - Number(q.get('startTS'))).toBe(30 * DAY);
    });
  });

  it('shows the whole year as daily maxima when the user picks Year', async () => {
    const server = probeServer();
    const app = renderPage('/probes/H-001', server);
    await screen.findByTestId('chart-legend');
    expect(screen.getAllByRole('button', { pressed: false }).map((b) => b.textContent)).toEqual(
      expect.arrayContaining(['Year', 'Month', 'Day']),
    );
    serveSensorData(server, [chartPoint(200 * DAY, [35]), chartPoint(DAY, [36])], 'snapshot');
    await app.user.click(screen.getByRole('button', { name: 'Year' }));
    await waitFor(() => {
      const q = lastCall(server, '/client/sensorData');
      expect(Math.abs(Number(q.get('startTS')) - (nowSeconds() - 365 * DAY))).toBeLessThan(5);
      expect(q.has('endTS')).toBe(false);
    });
    expect(screen.getByRole('button', { name: 'Year' })).toHaveProperty('ariaPressed', 'true');
    expect(await screen.findByTestId('snapshot-label')).toHaveProperty('textContent', 'Daily maxima');
    // The chart is as wide as the year, not only the days that hold data.
    const x = FakeUPlot.latest().xScale;
    expect(x && x.max - x.min).toBe(365 * DAY);
    expect(Math.abs((x?.max ?? 0) - nowSeconds())).toBeLessThan(5);
  });

  it('zooms to a dragged range but never to less than one day', async () => {
    const server = probeServer();
    renderPage('/probes/H-001', server);
    await screen.findByTestId('chart-legend');
    const u = FakeUPlot.latest();
    const mid = nowSeconds() - 3 * DAY;
    // The fake x scale maps one pixel to one second: a one-hour selection.
    u.select = { left: mid - 1800, width: 3600, top: 0, height: 10 };
    act(() => u.fire('setSelect'));
    await waitFor(() => {
      const q = lastCall(server, '/client/sensorData');
      expect(Number(q.get('endTS')) - Number(q.get('startTS'))).toBe(DAY);
      expect(Math.abs(Number(q.get('startTS')) - (mid - DAY / 2))).toBeLessThan(2);
    });
  });

  it('labels daily-maximum snapshots when the server switches to them', async () => {
    const server = probeServer();
    serveSensorData(server, [chartPoint(40 * DAY, [35]), chartPoint(DAY, [36])], 'snapshot');
    renderPage('/probes/H-001', server);
    expect(await screen.findByTestId('snapshot-label')).toHaveProperty('textContent', 'Daily maxima');
  });

  it('moves the window with the overview strip, 100 ms after the last key press', async () => {
    const server = probeServer();
    const app = renderPage('/probes/H-001', server);
    await screen.findByTestId('chart-legend');
    const strip = screen.getByRole('slider', { name: /Last 12 months/ });
    const before = server.callsTo('GET', '/client/sensorData').length;
    strip.focus();
    await app.user.keyboard('{ArrowLeft}{ArrowLeft}{ArrowLeft}');
    await waitFor(() => expect(server.callsTo('GET', '/client/sensorData').length).toBe(before + 1));
    const q = lastCall(server, '/client/sensorData');
    expect(Math.abs(Number(q.get('endTS')) - (nowSeconds() - 3 * DAY))).toBeLessThan(5);
  });

  it('marks the days with readings on the overview strip and hatches the days without', async () => {
    const server = probeServer();
    serveOverviewDays(server, [40, 39, 2]);
    renderPage('/probes/H-001', server);
    await screen.findByTestId('chart-legend');
    await waitFor(() => expect(screen.getAllByTestId('overview-data')).toHaveLength(2));
    const spans = (id: string) =>
      screen.getAllByTestId(id).map((r) => [Number(r.dataset.start), Number(r.dataset.end)]);
    expect(spans('overview-data')).toEqual([
      [utcDay(40), utcDay(38)],
      [utcDay(2), utcDay(1)],
    ]);
    // Before, between and after the two runs.
    expect(spans('overview-gap')).toHaveLength(3);
    expect(spans('overview-gap')[1]).toEqual([utcDay(38), utcDay(2)]);
    expect(screen.getByText('Days with readings')).toBeTruthy();
    expect(screen.getByText('No readings')).toBeTruthy();
  });

  it('points an empty period to the nearest readings and shows them on request', async () => {
    const server = probeServer();
    serveSensorData(server, []);
    serveOverviewDays(server, [40, 39]);
    const app = renderPage('/probes/H-001', server);
    expect(await screen.findByText('No data for this period')).toBeTruthy();
    const date = format(new Date((utcDay(39) + DAY / 2) * 1000), 'd.M.yyyy');
    expect((await screen.findByTestId('nearest-data')).textContent).toBe(`Nearest earlier readings: ${date}`);

    serveSensorData(server, [chartPoint(39 * DAY, [35])]);
    serveOverviewDays(server, [40, 39]);
    await app.user.click(screen.getByRole('button', { name: 'Show them' }));
    await waitFor(() => {
      const q = lastCall(server, '/client/sensorData');
      // The week that ends where those readings end (the end of their day).
      expect(Number(q.get('endTS'))).toBe(utcDay(38));
      expect(Number(q.get('startTS'))).toBe(utcDay(38) - 7 * DAY);
    });
    expect(await screen.findByTestId('chart-legend')).toBeTruthy();
  });

  it('follows a live reading: the chart reads up to the new now and the legend shows the new value', async () => {
    const server = probeServer();
    renderPage('/probes/H-001', server, { live: true });
    await screen.findByTestId('chart-legend');
    expect(screen.getAllByTestId('legend-value')[0]?.textContent).toBe('41.2 °C');
    const ws = await openPushChannel(server);
    const before = server.callsTo('GET', '/client/sensorData').length;

    server.state.data.F1000001 = [reading('H-001', [55.5, 50.0, 45.0], 5)];
    serveSensorData(server, [
      chartPoint(3 * 3600, [40, 39, 38]),
      chartPoint(1200, [41.2, 40, 38.5]),
      chartPoint(5, [55.5, 50, 45]),
    ]);
    act(() => ws.serverSend({ type: 'newData', bs_ids: 'F1000001' }));

    await waitFor(() => expect(screen.getAllByTestId('legend-value')[0]?.textContent).toBe('55.5 °C'));
    expect(screen.getByTestId('detail-latest').textContent).toContain('55.5');
    const calls = server.callsTo('GET', '/client/sensorData');
    expect(calls).toHaveLength(before + 1);
    const q = lastCall(server, '/client/sensorData');
    expect(q.has('endTS')).toBe(false);
    expect(Math.abs(Number(q.get('startTS')) - (nowSeconds() - 7 * DAY))).toBeLessThan(5);
    // The week shown still ends at now, with the new point inside it.
    const x = FakeUPlot.latest().xScale;
    expect(x && x.max - x.min).toBe(7 * DAY);
    expect(x?.max).toBeGreaterThanOrEqual(nowSeconds() - 5);
  });

  it('leaves a window in the past as it is, and ignores another station, when new readings arrive', async () => {
    const server = probeServer();
    const app = renderPage('/probes/H-001', server, { live: true });
    await screen.findByTestId('chart-legend');
    const ws = await openPushChannel(server);

    act(() => ws.serverSend({ type: 'newData', bs_ids: 'F9999999' }));
    await new Promise((r) => setTimeout(r, 50));
    expect(server.callsTo('GET', '/client/sensorData')).toHaveLength(2);

    await app.user.click(screen.getByRole('button', { name: 'Previous period' }));
    await waitFor(() => expect(lastCall(server, '/client/sensorData').has('endTS')).toBe(true));
    const before = server.callsTo('GET', '/client/sensorData').length;
    act(() => ws.serverSend({ type: 'newData', bs_ids: 'F1000001' }));
    // The header's readings are read again; the past week is not.
    await waitFor(() => expect(server.callsTo('GET', '/client/data').length).toBeGreaterThan(1));
    await new Promise((r) => setTimeout(r, 50));
    expect(server.callsTo('GET', '/client/sensorData')).toHaveLength(before);
  });

  it('asks the overview for this probe from one year ago', async () => {
    const server = probeServer();
    renderPage('/probes/H-001', server);
    await screen.findByTestId('chart-legend');
    const q = lastCall(server, '/client/snapshot');
    expect(q.get('sensorIDs')).toBe('H-001');
    expect(Math.abs(Number(q.get('fromDate')) - (nowSeconds() - 365 * DAY))).toBeLessThan(5);
  });

  it('says "No data yet" for a probe that never reported', async () => {
    const server = probeServer({ data: { F1000001: [] } });
    renderPage('/probes/H-001', server);
    expect(await screen.findByText('No data yet')).toBeTruthy();
    expect(server.callsTo('GET', '/client/sensorData')).toHaveLength(0);
  });

  it('renders no chart when the server cannot be reached (spec doc 2 §8)', async () => {
    const server = probeServer();
    server.override('GET /client/sensorData', () => Promise.reject(new TypeError('offline')));
    renderPage('/probes/H-001', server);
    await screen.findByTestId('detail-name');
    await waitFor(() => expect(server.callsTo('GET', '/client/sensorData').length).toBeGreaterThan(0));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('chart-legend')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('closes back to the probe list', async () => {
    const app = renderPage('/probes/H-001', probeServer());
    await screen.findByTestId('chart-legend');
    await app.user.click(screen.getByRole('button', { name: 'Close the chart' }));
    await waitFor(() => expect(app.location()).toBe('/probes'));
  });
});
