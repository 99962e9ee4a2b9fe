import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { ProbeTable } from '../src/features/probes/ProbeTable';
import { buildProbeRows } from '../src/features/probes/buildProbeRows';
import { changeLanguage } from '../src/i18n/i18n';
import { nowSeconds, reading, sensorConf } from './support/fixtures';
import { renderWithProviders } from './support/renderWithProviders';

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
    <ProbeTable rows={rowsOf(readings)} unit="C" dateFormat="d.M.yyyy" timeFormat="HH:mm" {...props} />,
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
    renderWithProviders(<ProbeTable rows={rows} unit="C" dateFormat="d.M.yyyy" timeFormat="HH:mm" />);
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
    expect(cellOf('P1', 'probe-temp').textContent).toBe('52.3 / 51.1');
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
