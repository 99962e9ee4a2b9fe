import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { createFakeServer, type FakeServer } from './support/fakeServer';
import { renderPage } from './support/renderPage';
import { reading, sensorConf } from './support/fixtures';
import { FakeUPlot, insight, serveSensorData, serveTable, tableRow } from './support/probeDetailFakes';
import { withDocumentStyles } from './support/documentStyles';

afterEach(() => {
  FakeUPlot.instances = [];
});

const DAY = 86_400;
// The hay demo's settings (spec doc 1 §4): colour steps 0/20/30/45/60 °C, alert 45 °C.
const HAY = { color_steps: [0, 20, 30, 45, 60], temperature_alert: 45 };

function server(latest: number[], ageSeconds = 300, prefs: object = HAY): FakeServer {
  const s = createFakeServer({
    loggedIn: true,
    user: { plans: [], service: insight() },
    conf: { F1000001: [sensorConf('H-001', 'North stack', { depths: latest.length })] },
    data: { F1000001: [reading('H-001', latest, ageSeconds)] },
  });
  s.state.session.ui_preferences = { ...s.state.session.ui_preferences, ...prefs };
  serveSensorData(s, []);
  return s;
}

const tones = (root: HTMLElement) =>
  Array.from(root.querySelectorAll('[data-tone]')).map((e) => e.getAttribute('data-tone'));

describe('temperature colours on the probe detail (issue 7)', () => {
  // Colours and fading come from the CSS: these tests read computed styles.
  withDocumentStyles();
  it("colours the header's latest reading by the user's steps and marks it above the alert", async () => {
    renderPage('/probes/H-001', server([30.5, 51.5]));
    const latest = await screen.findByTestId('detail-latest', {}, { timeout: 5000 });
    expect(latest.textContent).toBe('30.5 / 51.5 °C');
    expect(tones(latest)).toEqual(['band-3', 'band-4']);
    expect(within(latest).getByRole('img', { name: 'Above the alert temperature 45 °C' })).toBeTruthy();
  });

  it('has no alert mark below the alert temperature', async () => {
    renderPage('/probes/H-001', server([18.0]));
    const latest = await screen.findByTestId('detail-latest', {}, { timeout: 5000 });
    expect(tones(latest)).toEqual(['band-1']);
    expect(within(latest).queryByRole('img')).toBeNull();
  });

  it('neither colours nor marks a latest reading older than 7 days', async () => {
    renderPage('/probes/H-001', server([51.5], 8 * DAY));
    const latest = await screen.findByTestId('detail-latest', {}, { timeout: 5000 });
    expect(latest.textContent).toBe('51.5 °C');
    expect(tones(latest)).toEqual([]);
    expect(within(latest).queryByRole('img')).toBeNull();
  });

  it("colours every temperature of the Data tab by the user's steps, as text that reads on white", async () => {
    const s = server([41.2, 40.0]);
    serveTable(s, [tableRow(600, [18.0, 51.5]), tableRow(1800, [-25.0, 61.0])]);
    renderPage('/probes/H-001?tab=data', s);
    const rows = await screen.findAllByTestId('data-row', {}, { timeout: 5000 });
    const cells = rows.map((r) => within(r).getAllByTestId('data-temp'));
    expect(cells.map((row) => row.map((c) => c.getAttribute('data-tone')))).toEqual([
      ['band-1', 'band-4'],
      ['band-0', 'band-5'],
    ]);
    // The palette's text colours (apps/web/src/app/temperaturePalette.ts).
    expect(getComputedStyle(cells[0]?.[1] as HTMLElement).color).toBe('rgb(185, 28, 28)');
    expect(getComputedStyle(cells[0]?.[0] as HTMLElement).color).toBe('rgb(21, 128, 61)');
  });

  it('writes the unit once over the depth columns, each depth on one short header', async () => {
    const s = server([41.2, 40.0, 39.0]);
    serveTable(s, [tableRow(600, [41.2, 40.0, 39.0])]);
    renderPage('/probes/H-001?tab=data', s);
    await screen.findAllByTestId('data-row', {}, { timeout: 5000 });
    const group = screen.getByTestId('data-temp-group');
    expect(group.textContent).toBe('Temperature (°C)');
    expect(group.getAttribute('colspan')).toBe('3');
    expect(screen.getAllByTestId('data-depth').map((h) => h.textContent)).toEqual([
      '0.5 m',
      '1.3 m',
      '2.0 m',
    ]);
  });
});
