import { beforeAll, describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { MemoryRouter, Outlet, Route, Routes } from 'react-router';
import type { ProbeQuality, StorageQuality } from '@emberwatch/shared/contracts/quality';
import type { RoleContext } from '@emberwatch/shared/domain/roles';
import { AppProviders } from '../src/app/AppProviders';
import { createApiClient } from '../src/lib/apiClient';
import type { ShellContext } from '../src/lib/shellContext';
import { SelectedStationProvider } from '../src/features/base-stations';
import { StorageQualityView } from '../src/features/quality';
import { DaysToDropText } from '../src/features/quality/DaysToDropText';
import { ProbeQualityCell } from '../src/features/quality/ProbeQualityCell';
import { QualityBars } from '../src/features/quality/QualityBars';
import { createFakeServer, json, type FakeServer } from './support/fakeServer';
import { renderPage } from './support/renderPage';
import { renderWithProviders } from './support/renderWithProviders';
import { station, storage } from './support/fixtures';
import { insight } from './support/probeDetailFakes';

beforeAll(async () => {
  await import('../src/features/quality/QualityPage');
});

const NOW = Math.floor(Date.now() / 1000);

function probeQuality(ID: string, over: Partial<ProbeQuality> = {}): ProbeQuality {
  return {
    ID,
    HDD: 0,
    TDN: 58,
    quality: 1,
    score: 1000,
    color: '#2e7d32',
    color3D: '#2e7d32',
    bars: 5,
    size: 0.5,
    intensity: 0,
    lastTemp: 200,
    daysToDrop: 999,
    isDemo: false,
    ...over,
  };
}

function storageQuality(probes: ProbeQuality[], over: Partial<StorageQuality> = {}): StorageQuality {
  return {
    itemID: 3,
    name: 'Bale barn',
    BS_ID: 'F1000001',
    period: { state: 'unset', from: NOW - 30 * 86_400, to: NOW, ongoing: true },
    probes,
    ...over,
  };
}

describe('quality bars and notices', () => {
  it('fills as many of the five bars as the probe keeps, in its colour', () => {
    renderWithProviders(<QualityBars bars={3} color="#fbc02d" />);
    const bars = screen.getByRole('img', { name: 'Quality 3 of 5' });
    const filled = bars.querySelectorAll('[data-filled="true"]');
    expect(filled).toHaveLength(3);
    expect(bars.querySelectorAll('[data-filled="false"]')).toHaveLength(2);
  });

  it.each([
    [1.5, false, 'alert', 'Next bar lost in 36 h'],
    [2, false, 'alert', 'Next bar lost in 48 h'],
    [3.7, false, 'warning', 'Next bar lost in 3 days'],
    [7, false, 'warning', 'Next bar lost in 7 days'],
    [3.5, true, 'warning', 'Next bar lost in 3 days'],
  ] as const)('shows %s days (demo %s) as %s: %s', (days, isDemo, level, text) => {
    renderWithProviders(<DaysToDropText days={days} isDemo={isDemo} />);
    const notice = screen.getByTestId('days-to-drop');
    expect(notice.getAttribute('data-level')).toBe(level);
    expect(notice.textContent).toBe(text);
  });

  it.each([
    [7.5, false],
    [999, false],
    [5, true],
  ] as const)('shows nothing for %s days (demo %s)', (days, isDemo) => {
    renderWithProviders(<DaysToDropText days={days} isDemo={isDemo} />);
    expect(screen.queryByTestId('days-to-drop')).toBeNull();
  });

  it('colours the last temperature by the user’s colour steps, in °C or °F', () => {
    const probe = probeQuality('H-001', { lastTemp: 500, bars: 4, HDD: 4000 });
    const { unmount } = renderWithProviders(
      <ProbeQualityCell probe={probe} unit="C" colorStepsC={[0, 40, 60, 80, 100]} />,
    );
    let temp = screen.getByTestId('last-temp');
    expect(temp.textContent).toBe('50.0 °C');
    expect(temp.getAttribute('data-band')).toBe('2');
    expect(screen.getByRole('group').getAttribute('aria-label')).toContain('Heat-degree hours 4000 °C·h');
    unmount();
    // Other steps put the same 50 °C higher; in °F the value and the heat-degree hours convert.
    renderWithProviders(<ProbeQualityCell probe={probe} unit="F" colorStepsC={[0, 20, 30, 45, 60]} />);
    temp = screen.getByTestId('last-temp');
    expect(temp.textContent).toBe('122.0 °F');
    expect(temp.getAttribute('data-band')).toBe('4');
    expect(screen.getByRole('group').getAttribute('aria-label')).toContain('Heat-degree hours 7200 °F·h');
  });

  it('shows the heating degree-days beside the bars, in °C or °F', () => {
    // 2000 °C·h above 30 °C are 83.3 °C·d; as a sum of differences, 150.0 °F·d.
    const probe = probeQuality('H-001', { bars: 3, HDD: 2000 });
    const { unmount } = renderWithProviders(
      <ProbeQualityCell probe={probe} unit="C" colorStepsC={[0, 20, 30, 45, 60]} />,
    );
    let number = screen.getByTestId('degree-days');
    expect(number.textContent).toBe('83.3 °C·d');
    expect(number.getAttribute('title')).toBe('Heating degree-days above 30 °C: 83.3 °C·d');
    // Beside the bars: the number and the bars share one row.
    expect(number.parentElement?.contains(screen.getByTestId('quality-bars'))).toBe(true);
    expect(screen.getByRole('group').getAttribute('aria-label')).toContain(
      'Heating degree-days above 30 °C: 83.3 °C·d',
    );
    unmount();
    renderWithProviders(<ProbeQualityCell probe={probe} unit="F" colorStepsC={[0, 20, 30, 45, 60]} />);
    number = screen.getByTestId('degree-days');
    expect(number.textContent).toBe('150.0 °F·d');
    expect(number.getAttribute('title')).toBe('Heating degree-days above 86 °F: 150.0 °F·d');
  });
});

const stacked = storage({
  itemID: 3,
  name: 'Bale barn',
  layoutType: 3,
  sensor_layout: null,
  stacks: [
    {
      index: 0,
      nRows: 1,
      nColumns: 2,
      color: '#888888',
      piles: [
        { c: 0, r: 0, h: 2 },
        { c: 1, r: 0, h: 2 },
      ],
      sensors: [
        { id: 'H-001', row: 0, column: 0, floor: 1 },
        { id: 'H-002', row: 0, column: 1, floor: 0 },
        { id: 'H-003', row: -1, column: -1, floor: 0 },
      ],
    },
  ],
});

function role(over: Partial<RoleContext> = {}): RoleContext {
  return {
    admin: false,
    adminGroup: null,
    master: false,
    grandMaster: false,
    subUser: false,
    translator: false,
    partnerApp: null,
    siteindex: false,
    storagesEnabled: false,
    bsCount: 1,
    plans: [],
    service: insight(),
    ...over,
  };
}

/** The view as the storage detail shows it: inside the shell's outlet, with a selected station. */
function renderView(server: FakeServer, s = stacked, roleContext: RoleContext = role()) {
  const api = createApiClient({ fetch: server.fetch });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const user = userEvent.setup();
  const shell: ShellContext = { roleContext, implementedEntries: [], adminTools: [] };
  render(
    <AppProviders api={api} queryClient={queryClient}>
      <SelectedStationProvider stations={[station('F1000001')]}>
        <MemoryRouter>
          <Routes>
            <Route element={<Outlet context={shell} />}>
              <Route index element={<StorageQualityView storage={s} />} />
            </Route>
          </Routes>
        </MemoryRouter>
      </SelectedStationProvider>
    </AppProviders>,
  );
  return { user };
}

describe('the storage’s hay-quality mode', () => {
  it('draws each probe’s bars in its cell and the binned probe apart', async () => {
    const server = createFakeServer({ loggedIn: true });
    server.override('GET /client/getQuality', () =>
      json({
        status_code: 0,
        result: storageQuality([
          probeQuality('H-001', { bars: 2, color: '#f57c00', size: 0.9, daysToDrop: 1.25 }),
          probeQuality('H-002'),
          probeQuality('H-003', { bars: 4 }),
        ]),
      }),
    );
    renderView(server);
    const cells = await screen.findAllByTestId('probe-quality');
    expect(cells.map((c) => c.getAttribute('data-probe'))).toEqual(['H-001', 'H-002', 'H-003']);
    const first = within(cells[0]!);
    expect(first.getByTestId('quality-bars').getAttribute('data-bars')).toBe('2');
    expect(first.getByTestId('days-to-drop').textContent).toBe('Next bar lost in 30 h');
    expect(screen.getByText('Stack 1')).toBeTruthy();
    expect(screen.getByText('Not placed')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Hay quality of all storages' }).getAttribute('href')).toBe(
      '/quality',
    );
    // A storage without a saved period asks for the unset one (the last 30 days).
    expect(server.callsTo('GET', '/client/getQuality')[0]?.query.get('unset')).toBe('1');
  });

  it('clears the bars and loads again when the period changes', async () => {
    const server = createFakeServer({ loggedIn: true });
    let release: (() => void) | undefined;
    server.override('GET /client/getQuality', async (c) => {
      if (c.query.get('from') !== null) await new Promise<void>((r) => (release = r));
      return json({ status_code: 0, result: storageQuality([probeQuality('H-001'), probeQuality('H-002')]) });
    });
    const { user } = renderView(server);
    await screen.findAllByTestId('probe-quality');
    await user.click(screen.getByRole('combobox', { name: 'Quality period' }));
    await user.click(screen.getByRole('option', { name: 'Ongoing' }));
    // The old period's bars are gone while the new one loads.
    await waitFor(() => expect(screen.queryAllByTestId('probe-quality')).toHaveLength(0));
    const calls = server.callsTo('GET', '/client/getQuality');
    const last = calls[calls.length - 1]!;
    expect(last.query.get('unset')).toBeNull();
    expect(Number(last.query.get('from'))).toBe(Math.floor(NOW / 86_400) * 86_400 - 30 * 86_400);
    expect(last.query.get('to')).toBeNull();
    release?.();
    expect(await screen.findAllByTestId('probe-quality')).toHaveLength(2);
  });

  it('keeps a chosen period for the storage when the user may change it; a master may not', async () => {
    const server = createFakeServer({ loggedIn: true, storages: [stacked] });
    server.override('GET /client/getQuality', () =>
      json({ status_code: 0, result: storageQuality([probeQuality('H-001')]) }),
    );
    const { user } = renderView(server);
    await screen.findAllByTestId('probe-quality');
    // The saved period is the one shown: nothing to keep.
    expect(screen.queryByRole('button', { name: 'Keep for this storage' })).toBeNull();
    await user.click(screen.getByRole('combobox', { name: 'Quality period' }));
    await user.click(screen.getByRole('option', { name: 'Ongoing' }));
    await user.click(await screen.findByRole('button', { name: 'Keep for this storage' }));
    await waitFor(() => expect(server.callsTo('POST', '/client/saveStorage')).toHaveLength(1));
    const body = server.callsTo('POST', '/client/saveStorage')[0]!.body as {
      item: { itemID: number; qualityPeriod: unknown; UID?: unknown };
    };
    expect(body.item).toMatchObject({
      itemID: 3,
      qualityPeriod: { from: Math.floor(NOW / 86_400) * 86_400 - 30 * 86_400, to: null },
    });
    expect(body.item.UID).toBeUndefined();
  });

  it('offers a master no way to keep the period', async () => {
    const server = createFakeServer({ loggedIn: true, storages: [stacked] });
    server.override('GET /client/getQuality', () =>
      json({ status_code: 0, result: storageQuality([probeQuality('H-001')]) }),
    );
    const { user } = renderView(server, stacked, role({ master: true }));
    await screen.findAllByTestId('probe-quality');
    await user.click(screen.getByRole('combobox', { name: 'Quality period' }));
    await user.click(screen.getByRole('option', { name: 'Ongoing' }));
    await screen.findByRole('combobox', { name: 'Quality period' });
    expect(screen.queryByRole('button', { name: 'Keep for this storage' })).toBeNull();
  });

  it('starts from the storage’s saved period and says when it has no hay probes', async () => {
    const server = createFakeServer({ loggedIn: true });
    server.override('GET /client/getQuality', () => json({ status_code: 0, result: storageQuality([]) }));
    renderView(server, { ...stacked, qualityPeriod: { from: 1_700_000_000, to: 1_700_864_000 } });
    expect(await screen.findByText('This storage has no hay probes.')).toBeTruthy();
    const call = server.callsTo('GET', '/client/getQuality')[0]!;
    expect([call.query.get('from'), call.query.get('to')]).toEqual(['1700000000', '1700864000']);
  });
});

describe('the /quality page', () => {
  it('lists the storages with hay probes and links each to its quality mode', async () => {
    const server = createFakeServer({ loggedIn: true, user: { service: insight() } });
    server.override('GET /client/getQualityOverview', () =>
      json({ status_code: 0, results: [storageQuality([probeQuality('H-001', { bars: 3 })])] }),
    );
    renderPage('/quality', server);
    const card = await screen.findByTestId('quality-storage', {}, { timeout: 5_000 });
    expect(within(card).getByRole('link', { name: 'Bale barn' }).getAttribute('href')).toBe(
      '/storages/3/quality',
    );
    expect(within(card).getByTestId('quality-bars').getAttribute('data-bars')).toBe('3');
    expect(within(card).getByText(/Last 30 days/)).toBeTruthy();
  });

  it('tells a user without a valid paid or trial service what it needs, and asks nothing', async () => {
    const server = createFakeServer({ loggedIn: true, user: { service: insight(-1) } });
    renderPage('/quality', server);
    expect(
      await screen.findByText('Hay quality is available with a valid paid or trial service.'),
    ).toBeTruthy();
    expect(server.callsTo('GET', '/client/getQualityOverview')).toHaveLength(0);
  });
});
