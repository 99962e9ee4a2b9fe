import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { FcItem } from '@emberwatch/shared/contracts/fans';
import { FanChannelCard } from '../src/features/fans/FanChannelCard';
import { FAN_DISPLAY_KEYS, FAN_WHY_KEYS, fanExplanation } from '../src/features/fans/fanExplanation';
import { renderWithProviders } from './support/renderWithProviders';

const NOW = 1_768_392_000;

function fcItem(over: Partial<FcItem> = {}, state: Partial<FcItem['state']> = {}): FcItem {
  return {
    FC_ID: 'FC-1',
    channel: 1,
    channels: 1,
    type: 'FC',
    UID: 7,
    name: 'Bin A fan',
    inUse: 3,
    use_date: NOW - 86_400,
    outdoorID: 'G29999',
    BS_ID: 'F2000001',
    batchRef: null,
    monitorRef: null,
    verbose: false,
    ruleType: 'COOLDOWN_CONTROL',
    fc_mode: 'drive',
    drive: 1,
    command: 1,
    rev: 4,
    appliedRev: 4,
    manualCommand: 0,
    isManual: false,
    connectionStatus: { isOffline: false, newOfflineLogged: false },
    fc_date: NOW - 10,
    interval: 30,
    modeChangeTS: null,
    driveChangeTS: null,
    modeCounter: { on: 0, off: 0 },
    driveCounter: [0],
    ventMode: 'normal',
    pending: { offlineRule: { cycle: 60, ontime: 0 } },
    currentCycleSecs: null,
    ...over,
    state: {
      source: 'rule',
      ruleCommand: 1,
      cooling: true,
      ventMode: 'normal',
      zone: 1,
      delta: 120,
      refTemp: 200,
      outdoorTemp: 80,
      outdoorRh: null,
      emc: null,
      scheduled: null,
      currentCycleStarted: null,
      nextChange: null,
      dataTs: NOW - 60,
      offReason: null,
      exception: null,
      note: null,
      ...state,
    },
  };
}

function card(item: FcItem, opts: { unit?: 'C' | 'F'; mayDrive?: boolean } = {}) {
  const onCommand = vi.fn();
  const view = renderWithProviders(
    <FanChannelCard
      item={item}
      unit={opts.unit ?? 'C'}
      nowS={NOW}
      mayDrive={opts.mayDrive ?? true}
      onCommand={onCommand}
    />,
  );
  return { ...view, onCommand };
}

const whyTexts = () => screen.queryAllByTestId('fan-why').map((e) => e.textContent);

describe('the fan controller display', () => {
  it('has every text it may show in the English locale', () => {
    const en = JSON.parse(
      readFileSync(join(__dirname, '../src/i18n/locales/en/fans.json'), 'utf8'),
    ) as Record<string, unknown>;
    const has = (key: string) =>
      key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], en);
    for (const key of [...FAN_DISPLAY_KEYS, ...FAN_WHY_KEYS]) expect(typeof has(key), key).toBe('string');
  });

  it('explains a cooldown run in the user’s unit: air 12 °C (22 °F) cooler than the warmest point', () => {
    card(fcItem(), { unit: 'F' });
    expect(screen.getByTestId('fan-display').textContent).toBe('Running by its rule');
    expect(whyTexts()).toEqual([
      'Cooling: the outdoor air (46.4 °F) is 22 °F cooler than the warmest point (68.0 °F).',
    ]);
    expect(screen.getByTestId('fan-mode').textContent).toBe('AUTO');
    expect(screen.getByTestId('fan-command').textContent).toBe('On');
  });

  it.each([
    [
      { offReason: 'targetsReached' as const, ruleCommand: 0 as const },
      'Target reached: the warmest point is 20.0 °C.',
    ],
    [
      { offReason: 'auxVeto' as const, note: 'outdoorTooWarm' as const, outdoorTemp: 180, delta: 20 },
      'The outdoor probe vetoes: the air (18.0 °C) is not cool enough to cool the warmest point (20.0 °C).',
    ],
    [
      { offReason: 'auxVeto' as const, note: 'outdoorTooHumid' as const, outdoorRh: 95, emc: 22.4 },
      'The outdoor probe vetoes: the air is so humid (95 %, equilibrium moisture 22.4 %) that it would wet the grain.',
    ],
    [
      { offReason: 'schedulerVeto' as const, ventMode: 'off' as const },
      'The scheduler holds the fans at this hour.',
    ],
    [
      { exception: 'noOutdoorData' as const, ventMode: 'nodata' as const, outdoorTemp: null },
      'No recent reading from the outdoor probe: the fans are held.',
    ],
  ])('says why the fan is off: %o', (state, text) => {
    card(fcItem({ command: 0 }, { ruleCommand: 0, ...state }));
    expect(whyTexts()).toContain(text);
  });

  it('shows safety cooling through the scheduler’s hours', () => {
    card(fcItem({}, { ventMode: 'safety', note: 'safetyOverridesScheduler', refTemp: 300 }));
    expect(whyTexts()).toEqual([
      'Safety cooling: the warmest point (30.0 °C) is far above the target.',
      'Cooling: the outdoor air (8.0 °C) is 12 °C cooler than the warmest point (30.0 °C).',
      "Safety cooling runs through the scheduler's held hours.",
    ]);
  });

  it('shows an offline controller as offline, whatever it last reported', () => {
    card(fcItem({ connectionStatus: { isOffline: true, newOfflineLogged: true }, fc_mode: 'on' }));
    expect(screen.getByTestId('fan-offline').textContent).toBe('Offline');
    expect(screen.getByTestId('fan-display').textContent).toBe(
      'Offline: the controller follows its offline rule',
    );
  });

  it('tells a local switch forced against the rule from one that agrees', () => {
    card(fcItem({ fc_mode: 'on', command: 0 }, { ruleCommand: 0, offReason: 'targetsReached' }));
    expect(screen.getByTestId('fan-mode').textContent).toBe('RUN');
    expect(screen.getByTestId('fan-display').textContent).toBe(
      'Switched on at the controller, against its rule',
    );
  });

  it('offers auto, off and on, and sends the choice', async () => {
    const { user, onCommand } = card(fcItem());
    const group = screen.getByRole('group', { name: 'Fan command' });
    expect(
      within(group)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Auto', 'Off', 'On']);
    expect(within(group).getByRole('button', { name: 'Auto' }).getAttribute('aria-pressed')).toBe('true');
    await user.click(within(group).getByRole('button', { name: 'On' }));
    expect(onCommand).toHaveBeenCalledWith('on');
  });

  it('does not offer auto for a manual-control rule, and says a manual command is set', () => {
    card(
      fcItem(
        { ruleType: 'MANUAL_CONTROL', isManual: true, manualCommand: 1 },
        { source: 'manual', note: 'manual' },
      ),
    );
    const group = screen.getByRole('group', { name: 'Fan command' });
    expect(
      within(group)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Off', 'On']);
    expect(screen.getByTestId('fan-display').textContent).toBe('On by hand');
    expect(whyTexts()).toEqual(['Set by hand: the rule waits until you choose Auto.']);
  });

  it('lets only users who may drive fans switch them', () => {
    card(fcItem(), { mayDrive: false });
    for (const b of within(screen.getByRole('group', { name: 'Fan command' })).getAllByRole('button'))
      expect(b).toHaveProperty('disabled', true);
  });

  it('shows a cyclic rule’s progress through its cycle', () => {
    card(
      fcItem(
        { ruleType: 'CYCLIC_CONTROL', pending: { offlineRule: { cycle: 60, ontime: 30 } } },
        { currentCycleStarted: NOW - 10 * 60, note: 'cycleRun', refTemp: null, outdoorTemp: null },
      ),
    );
    expect(screen.getByTestId('fan-cycle').textContent).toContain('Cycle: 10 of 60 min, on for the first 30');
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('17');
    expect(screen.getByTestId('fan-display').textContent).toBe('Running by its rule');
  });

  it('says a command is on its way until the controller applied it', () => {
    card(fcItem({ rev: 5, appliedRev: 4 }));
    expect(screen.getByTestId('fan-pending').textContent).toBe(
      'Sent; the controller takes it at its next contact.',
    );
  });

  it('waits for a scheduled start when a cycle pauses', () => {
    const e = fanExplanation(
      fcItem({ command: 0, ruleType: 'CYCLIC_CONTROL' }, { ruleCommand: 0, note: 'cyclePause' }),
      'C',
    );
    expect(e.display.key).toBe('fans.display.scheduledStart');
  });
});

describe('the fan controller panel', () => {
  it('reads the controllers, sends a manual command and shows the answer', async () => {
    const { QueryClient, QueryClientProvider } = await import('@tanstack/react-query');
    const { ApiClientProvider } = await import('../src/lib/ApiClientContext');
    const { FanControllerList } = await import('../src/features/fans/FanControllerPanel');
    let current = fcItem({ command: 0 }, { ruleCommand: 0, offReason: 'targetsReached' });
    const calls: { path: string; input: unknown }[] = [];
    const client = {
      call: (endpoint: { path: string }, input?: unknown) => {
        calls.push({ path: endpoint.path, input });
        if (endpoint.path === '/fc/setFcManualCommand') {
          current = fcItem(
            { command: 1, isManual: true, manualCommand: 1, rev: 5 },
            { source: 'manual', note: 'manual' },
          );
          return Promise.resolve({ status_code: 0, results: [current] });
        }
        return Promise.resolve({ status_code: 0, results: [current] });
      },
    };
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const { user } = renderWithProviders(
      <QueryClientProvider client={queryClient}>
        <ApiClientProvider client={client as never}>
          <FanControllerList fcIds={['FC-1']} mayDrive unit="F" />
        </ApiClientProvider>
      </QueryClientProvider>,
    );
    expect(await screen.findByText('Target reached: the warmest point is 68.0 °F.')).toBeTruthy();
    expect(calls.find((c) => c.path === '/fc/getFcItem')?.input).toEqual({ id: 'FC-1' });
    await user.click(screen.getByRole('button', { name: 'On' }));
    expect(await screen.findByText('On by hand')).toBeTruthy();
    expect(calls.find((c) => c.path === '/fc/setFcManualCommand')?.input).toEqual({
      fc_id: 'FC-1',
      channel: 1,
      isManual: true,
      command: 1,
    });
  });
});
