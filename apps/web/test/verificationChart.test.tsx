import { afterEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import type { Verification } from '@emberwatch/shared/contracts/verification';
import { createFakeServer, json, type FakeServer } from './support/fakeServer';
import { renderPage } from './support/renderPage';
import { reading, sensorConf } from './support/fixtures';
import { FakeUPlot, insight, serveSensorData } from './support/probeDetailFakes';

afterEach(() => {
  FakeUPlot.instances = [];
});

const NOW = Math.floor(Date.now() / 1000);
const T0 = NOW - 3 * 3600;
const ongoing: Verification = {
  itemID: 9,
  UID: 1,
  BS_ID: 'F1000001',
  probeID: 'H-001',
  verifixID: 'H-002',
  verifixBS: 'F1000001',
  startDate: T0 - 600,
  endDate: null,
  calibration: null,
  calibration_date: null,
  result: null,
};

/** The verified probe reads 45.0 and 45.4 °C, the reference (60 s later each) 44.8 and 45.0 °C. */
const readings = {
  data1: [
    { b: T0, h: 450 },
    { b: T0 + 900, h: 454 },
  ],
  data2: [
    { b: T0 + 60, h: 448 },
    { b: T0 + 960, h: 450 },
  ],
  result: { pairs: 2, meanDiff: 0.3, sdDiff: 0.14, minDiff: 0.2, maxDiff: 0.4, correction: -0.3 },
};

function server(list: Verification[]): FakeServer {
  const s = createFakeServer({
    loggedIn: true,
    user: { plans: [], service: insight() },
    conf: { F1000001: [sensorConf('H-001', 'North stack'), sensorConf('H-002', 'Reference')] },
    data: { F1000001: [reading('H-001', [30.5], 300)] },
  });
  serveSensorData(s, []);
  s.override('GET /client/getVerifications', () => json({ status_code: 0, results: list }));
  s.override('GET /client/verifixData', () => json({ status_code: 0, ...readings }));
  return s;
}

const legend = (chart: HTMLElement) =>
  within(chart)
    .getAllByTestId('legend-value')
    .map((v) => [v.textContent, v.dataset.tone ?? null]);

describe('the Verification chart (issue 33 item 4)', () => {
  it('draws both probes and their difference over the ongoing verification, temperatures in their colour bands', async () => {
    renderPage('/probes/H-001?tab=verification', server([ongoing]));
    const chart = await screen.findByTestId('verification-chart', {}, { timeout: 8000 });
    const u = FakeUPlot.latest();
    expect(u.opts.series.slice(1).map((s) => s.label)).toEqual([
      'Probe H-001',
      'Reference H-002',
      'Difference (probe − reference)',
    ]);
    // One time column: each probe's reading at its own time, the difference at the paired readings.
    expect(u.data).toEqual([
      [T0, T0 + 60, T0 + 900, T0 + 960],
      [45, null, 45.4, null],
      [null, 44.8, null, 45],
      [0.2, null, 0.4, null],
    ]);
    // The legend shows each series' value under the cursor; the default steps (0, 40, 60, 80, 100 °C) put 45 °C in band 2.
    u.cursor.idx = 0;
    act(() => u.fire('setCursor'));
    await within(chart).findByText('+0.20 °C');
    expect(legend(chart)).toEqual([
      ['45.0 °C', 'band-2'],
      ['--', null],
      ['+0.20 °C', null],
    ]);
  });

  it('shows each series’ latest value without a cursor, though the probes read at different times', async () => {
    renderPage('/probes/H-001?tab=verification', server([ongoing]));
    const chart = await screen.findByTestId('verification-chart', {}, { timeout: 8000 });
    // The last time is the reference's (T0 + 960): the probe's and the difference's latest are at T0 + 900.
    await within(chart).findByText('+0.40 °C');
    expect(legend(chart)).toEqual([
      ['45.4 °C', 'band-2'],
      ['45.0 °C', 'band-2'],
      ['+0.40 °C', null],
    ]);
  });

  it('shows an ended verification’s chart on request, in °F for a user who reads Fahrenheit', async () => {
    const s = server([{ ...ongoing, endDate: NOW - 60, result: readings.result, calibration: 0.3 }]);
    s.state.session.ui_preferences = { ...s.state.session.ui_preferences, degrees: 'F' };
    renderPage('/probes/H-001?tab=verification', s);
    fireEvent.click(await screen.findByTestId('verification-chart-toggle', {}, { timeout: 8000 }));
    await screen.findByTestId('verification-chart', {}, { timeout: 8000 });
    const u = FakeUPlot.latest();
    // 45.4 °C is 113.7 °F; a 0.4 °C difference is 0.72 °F (a difference has no 32° offset).
    expect(u.data[1]).toEqual([113, null, 113.7, null]);
    expect(u.data[3]).toEqual([0.36, null, 0.72, null]);
  });
});
