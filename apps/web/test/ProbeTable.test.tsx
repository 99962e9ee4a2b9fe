import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { ProbeTable } from '../src/features/probes/ProbeTable';
import { buildProbeRows } from '../src/features/probes/buildProbeRows';
import { changeLanguage } from '../src/i18n/i18n';
import { nowSeconds, reading, sensorConf } from './support/fixtures';
import { renderWithProviders } from './support/renderWithProviders';

// The defaults of spec doc 1 §9: colour steps 0/40/60/80/100 °C, alert 45 °C.
const DEFAULT_SCALE = { colorStepsC: [0, 40, 60, 80, 100], alertC: 45 };

const MIN = 60;
const HOUR = 3600;
const DAY = 86_400;

function rowsOf(readings: ReturnType<typeof reading>[]) {
  return buildProbeRows([], readings, nowSeconds());
}

function renderTable(
  readings: ReturnType<typeof reading>[],
  props: Partial<Parameters<typeof ProbeTable>[0]> = {},
) {
  return renderWithProviders(
    <ProbeTable
      rows={rowsOf(readings)}
      unit="C"
      scale={DEFAULT_SCALE}
      dateFormat="d.M.yyyy"
      timeFormat="HH:mm"
      {...props}
    />,
  );
}

const shownIds = () => screen.getAllByTestId('probe-row').map((r) => r.getAttribute('data-sensor-id'));
const cellOf = (id: string, testId: string) => {
  const row = screen.getAllByTestId('probe-row').find((r) => r.getAttribute('data-sensor-id') === id);
  if (!row) throw new Error(`no row ${id}`);
  return within(row).getByTestId(testId);
};

const mixed = [
  reading('P-warm', [48.0], 5 * MIN),
  reading('P-stale-cold', [10.0], 8 * DAY),
  reading('P-cool', [21.5], 10 * MIN),
  reading('P-stale-hot', [90.0], 9 * DAY),
  reading('P-hot', [63.2], 2 * HOUR),
];

describe('the probe list', () => {
  it('sorts by temperature, lowest first, by default, with probes silent for over 7 days last', () => {
    renderTable(mixed);
    expect(shownIds()).toEqual(['P-cool', 'P-warm', 'P-hot', 'P-stale-cold', 'P-stale-hot']);
  });

  it('keeps the stale probes last when the temperature order is reversed', async () => {
    const { user } = renderTable(mixed);
    await user.click(screen.getByRole('button', { name: 'Temperature (°C)' }));
    expect(shownIds()).toEqual(['P-hot', 'P-warm', 'P-cool', 'P-stale-cold', 'P-stale-hot']);
  });

  it('sorts on a phone with the phone’s own picker, in the same orders, back to the first page', async () => {
    const { user } = renderTable(mixed, { compact: true });
    const picker = screen.getByRole('combobox', { name: 'Sort by' });
    expect((picker as HTMLSelectElement).value).toBe('temperature-asc');
    expect(shownIds()).toEqual(['P-cool', 'P-warm', 'P-hot', 'P-stale-cold', 'P-stale-hot']);
    await user.selectOptions(picker, 'Name, Z to A');
    expect(shownIds()).toEqual(['P-warm', 'P-hot', 'P-cool', 'P-stale-hot', 'P-stale-cold']);
    await user.selectOptions(picker, 'Temperature, highest first');
    expect(shownIds()).toEqual(['P-hot', 'P-warm', 'P-cool', 'P-stale-cold', 'P-stale-hot']);
  });

  it('sorts by name in both directions, stale probes still last', async () => {
    const { user } = renderTable(mixed);
    await user.click(screen.getByRole('button', { name: 'Probe' }));
    expect(shownIds()).toEqual(['P-cool', 'P-hot', 'P-warm', 'P-stale-cold', 'P-stale-hot']);
    await user.click(screen.getByRole('button', { name: 'Probe' }));
    expect(shownIds()).toEqual(['P-warm', 'P-hot', 'P-cool', 'P-stale-hot', 'P-stale-cold']);
  });

  it('puts probes that never reported after those with readings', () => {
    const rows = buildProbeRows(
      [sensorConf('P-new', 'New probe'), sensorConf('P-ok')],
      [reading('P-ok', [30], MIN)],
      nowSeconds(),
    );
    renderWithProviders(
      <ProbeTable rows={rows} unit="C" scale={DEFAULT_SCALE} dateFormat="d.M.yyyy" timeFormat="HH:mm" />,
    );
    expect(shownIds()).toEqual(['P-ok', 'P-new']);
    expect(cellOf('P-new', 'probe-temp').textContent).toBe('--');
  });

  it('shows every depth, handle first', () => {
    renderTable([reading('P1', [52.3, 51.1, 49.8], MIN)]);
    expect(cellOf('P1', 'probe-temp').textContent).toBe('52.3 / 51.1 / 49.8');
  });

  it('converts to Fahrenheit when the user prefers °F', () => {
    renderTable([reading('P1', [52.3, 0], MIN)], { unit: 'F' });
    expect(cellOf('P1', 'probe-temp').textContent).toBe('126.1 / 32.0');
    expect(screen.getByRole('button', { name: 'Temperature (°F)' })).toBeTruthy();
  });

  it('shows n/a instead of a temperature older than 7 days', () => {
    renderTable([reading('P-old', [44.4], 7 * DAY + HOUR)]);
    expect(cellOf('P-old', 'probe-temp').textContent).toBe('n/a');
  });

  it('shows the age in minutes, hours, then days', () => {
    renderTable([
      reading('A', [1], 5 * MIN + 30),
      reading('B', [2], 3 * HOUR + 59 * MIN),
      reading('C', [3], 2 * DAY + HOUR),
    ]);
    expect(cellOf('A', 'probe-age').textContent).toBe('5 min');
    expect(cellOf('B', 'probe-age').textContent).toBe('3 h');
    expect(cellOf('C', 'probe-age').textContent).toBe('2 d');
  });

  it('highlights a reading older than 24 hours, not a younger one', () => {
    renderTable([reading('fresh', [1], 23 * HOUR + 59 * MIN), reading('late', [2], DAY + MIN)]);
    const highlight = (id: string) =>
      cellOf(id, 'probe-age').querySelector('[data-over24h]')?.getAttribute('data-over24h');
    expect(highlight('fresh')).toBe('false');
    expect(highlight('late')).toBe('true');
    expect(cellOf('late', 'probe-age').querySelector('[title]')?.getAttribute('title')).toMatch(
      /^Last reading: \d{1,2}\.\d{1,2}\.\d{4} \d{2}:\d{2}\. No reading for more than 24 hours$/,
    );
  });

  it('writes the age in the user language', async () => {
    await changeLanguage('fr');
    renderTable([reading('C', [3], 2 * DAY + HOUR)]);
    expect(cellOf('C', 'probe-age').textContent).toBe('2 j');
    expect(screen.getByRole('button', { name: 'Température (°C)' })).toBeTruthy();
  });

  it('shows signal bars and the battery voltage', () => {
    renderTable([
      reading('P1', [20], MIN, { sensor_RSSI: -85, batt_voltage: 331 }),
      reading('P2', [21], MIN, { sensor_RSSI: null, batt_voltage: null }),
    ]);
    expect(
      within(screen.getAllByTestId('probe-row')[0] as HTMLElement).getByRole('img', {
        name: 'Signal: 2 of 4 bars',
      }),
    ).toBeTruthy();
    expect(within(screen.getAllByTestId('probe-row')[0] as HTMLElement).getByText('3.31 V')).toBeTruthy();
    expect(
      within(screen.getAllByTestId('probe-row')[1] as HTMLElement).getByRole('img', {
        name: 'No signal data',
      }),
    ).toBeTruthy();
    expect(
      within(screen.getAllByTestId('probe-row')[1] as HTMLElement).getByRole('img', {
        name: 'No battery data',
      }),
    ).toBeTruthy();
  });

  it('lays the same values out as cards on a phone', () => {
    renderTable([reading('P1', [52.3, 51.1], 2 * DAY)], { compact: true });
    expect(screen.queryByRole('table')).toBeNull();
    // No column header names the unit on a card, so the card does.
    expect(cellOf('P1', 'probe-temp').textContent).toBe('52.3 / 51.1 °C');
    expect(cellOf('P1', 'probe-age').textContent).toBe('2 d');
    expect(screen.getByText(/^Last reading: /)).toBeTruthy();
  });
});

describe('paging the probe list', () => {
  const many = (n: number) =>
    Array.from({ length: n }, (_, i) => reading(`P${String(i).padStart(3, '0')}`, [20 + (i % 40)], MIN));

  async function offeredSizes(user: ReturnType<typeof renderTable>['user']) {
    await user.click(screen.getByRole('combobox', { name: 'Rows per page' }));
    return within(screen.getByRole('listbox'))
      .getAllByRole('option')
      .map((o) => o.textContent);
  }

  it('has no pager when everything fits on one page of 50', () => {
    renderTable(many(50));
    expect(screen.getAllByTestId('probe-row')).toHaveLength(50);
    expect(screen.queryByRole('combobox', { name: 'Rows per page' })).toBeNull();
  });

  it('shows 50 rows by default and offers only sizes below the count, plus All', async () => {
    const { user } = renderTable(many(120));
    expect(screen.getAllByTestId('probe-row')).toHaveLength(50);
    expect(screen.getByText('1–50 of 120')).toBeTruthy();
    expect(await offeredSizes(user)).toEqual(['50', '100', 'All']);
  });

  it('offers 50, 100, 200 and All for a long list, and All shows every row', async () => {
    const { user } = renderTable(many(250));
    expect(await offeredSizes(user)).toEqual(['50', '100', '200', 'All']);
    await user.click(screen.getByRole('option', { name: 'All' }));
    expect(screen.getAllByTestId('probe-row')).toHaveLength(250);
  });

  it('pages forward to the next 50', async () => {
    const { user } = renderTable(many(120));
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(screen.getByText('51–100 of 120')).toBeTruthy();
    expect(screen.getAllByTestId('probe-row')).toHaveLength(50);
  });
});

describe('temperature colours in the probe list (issue 7)', () => {
  // The hay demo's own settings (spec doc 1 §4): steps 0/20/30/45/60 °C, alert 45 °C.
  const HAY_SCALE = { colorStepsC: [0, 20, 30, 45, 60], alertC: 45 };
  const segmentsOf = (id: string) =>
    Array.from(cellOf(id, 'probe-temp').querySelectorAll<HTMLElement>('[data-tone]'));
  const tones = (id: string) => segmentsOf(id).map((s) => s.getAttribute('data-tone'));

  it('draws one coloured segment per depth, handle first, each with its value', () => {
    renderTable([reading('W1', [43.8, 61.9, 60.4], MIN)]);
    expect(segmentsOf('W1').map((s) => s.textContent)).toEqual(['43.8', ' / 61.9', ' / 60.4']);
    // Default steps: 40–60 is band 2, 60–80 band 3.
    expect(tones('W1')).toEqual(['band-2', 'band-3', 'band-3']);
    // Read aloud (and as text) the values stay a list.
    expect(cellOf('W1', 'probe-temp').textContent).toBe('43.8 / 61.9 / 60.4');
  });

  it("colours a 51.5 °C stack differently from an 18 °C one by the user's steps", () => {
    renderTable([reading('hot', [51.5], MIN), reading('cool', [18], MIN)], { scale: HAY_SCALE });
    expect(tones('hot')).toEqual(['band-4']);
    expect(tones('cool')).toEqual(['band-1']);
    const background = (id: string) => getComputedStyle(segmentsOf(id)[0] as HTMLElement).backgroundColor;
    expect(background('hot')).toBe('rgb(239, 68, 68)');
    expect(background('cool')).toBe('rgb(134, 239, 172)');
  });

  it('follows the steps, not fixed numbers: the same 51.5 °C is band 2 under the defaults', () => {
    renderTable([reading('hot', [51.5], MIN)]);
    expect(tones('hot')).toEqual(['band-2']);
  });

  it('colours below the first step blue', () => {
    renderTable([reading('frozen', [-25, -3], MIN)]);
    expect(tones('frozen')).toEqual(['band-0', 'band-0']);
  });

  it('folds depths past six into a last segment coloured by the hottest of them', () => {
    renderTable([reading('deep', [20, 21, 22, 23, 24, 25, 26, 85], MIN)]);
    const segments = segmentsOf('deep');
    expect(segments).toHaveLength(6);
    expect(tones('deep')).toEqual(['band-1', 'band-1', 'band-1', 'band-1', 'band-1', 'band-4']);
    // "+3" on screen; screen readers hear the folded values instead.
    expect(segments[5]?.querySelector('[aria-hidden="true"]')?.textContent).toBe('+3');
    expect(segments[5]?.textContent).toBe(' / +3Deeper points: 25.0 / 26.0 / 85.0');
  });

  it('marks a probe above the alert temperature with an icon and a text alternative', () => {
    renderTable([reading('hot', [30, 51.5], MIN), reading('cool', [18], MIN), reading('edge', [45], MIN)], {
      scale: HAY_SCALE,
    });
    expect(
      within(cellOf('hot', 'probe-temp')).getByRole('img', { name: 'Above the alert temperature 45 °C' }),
    ).toBeTruthy();
    expect(within(cellOf('cool', 'probe-temp')).queryByRole('img')).toBeNull();
    // Equal to the limit is not above it.
    expect(within(cellOf('edge', 'probe-temp')).queryByRole('img')).toBeNull();
  });

  it("marks a probe with a monitor's current alert by a bell, on the list and the phone cards, even when stale", () => {
    const { unmount } = renderTable([
      reading('alerting', [30], MIN, { alert: true }),
      reading('quiet', [30], MIN),
      reading('silent', [30], 8 * DAY, { alert: true }),
    ]);
    const bell = "A monitor's alert is on for this probe";
    expect(within(cellOf('alerting', 'probe-temp')).getByRole('img', { name: bell })).toBeTruthy();
    expect(within(cellOf('quiet', 'probe-temp')).queryByRole('img')).toBeNull();
    expect(within(cellOf('silent', 'probe-temp')).getByRole('img', { name: bell })).toBeTruthy();
    unmount();
    renderTable([reading('alerting', [30], MIN, { alert: true })], { compact: true });
    expect(within(cellOf('alerting', 'probe-temp')).getByRole('img', { name: bell })).toBeTruthy();
  });

  it("writes the alert limit in the user's unit", () => {
    renderTable([reading('hot', [51.5], MIN)], { scale: HAY_SCALE, unit: 'F' });
    expect(
      within(cellOf('hot', 'probe-temp')).getByRole('img', { name: 'Above the alert temperature 113 °F' }),
    ).toBeTruthy();
  });

  it('translates the text alternative', async () => {
    await changeLanguage('de');
    renderTable([reading('hot', [51.5], MIN)], { scale: HAY_SCALE });
    expect(
      within(cellOf('hot', 'probe-temp')).getByRole('img', { name: 'Über der Alarmtemperatur 45 °C' }),
    ).toBeTruthy();
  });

  it('neither colours nor marks a reading older than 7 days', () => {
    renderTable([reading('old', [90], 8 * DAY)], { scale: HAY_SCALE });
    expect(segmentsOf('old')).toHaveLength(0);
    expect(within(cellOf('old', 'probe-temp')).queryByRole('img')).toBeNull();
  });

  it('sorts by the hottest depth, not the handle', async () => {
    const { user } = renderTable([
      reading('W1', [43.8, 61.9, 60.4], MIN),
      reading('W2', [63.1, 59.0], MIN),
      reading('W3', [50.0, 63.1], MIN),
    ]);
    expect(shownIds()).toEqual(['W1', 'W2', 'W3']);
    await user.click(screen.getByRole('button', { name: 'Temperature (°C)' }));
    expect(shownIds()).toEqual(['W2', 'W3', 'W1']);
  });

  it('shows the unit on the phone cards, in °C and in °F', () => {
    const { unmount } = renderTable([reading('P1', [52.3, 51.1], MIN)], { compact: true });
    expect(cellOf('P1', 'probe-temp').textContent).toBe('52.3 / 51.1 °C');
    unmount();
    renderTable([reading('P1', [52.3, 51.1], MIN)], { compact: true, unit: 'F' });
    expect(cellOf('P1', 'probe-temp').textContent).toBe('126.1 / 124.0 °F');
  });

  it('colours and marks the phone cards too', () => {
    renderTable([reading('hot', [51.5], MIN)], { compact: true, scale: HAY_SCALE });
    expect(tones('hot')).toEqual(['band-4']);
    expect(
      within(cellOf('hot', 'probe-temp')).getByRole('img', { name: 'Above the alert temperature 45 °C' }),
    ).toBeTruthy();
  });
});
