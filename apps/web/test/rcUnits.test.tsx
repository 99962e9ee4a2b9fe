import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { Batch, RcEvent } from '@emberwatch/shared/contracts/batches';
import {
  rcSchedulerSchema,
  type FcItem,
  type SetFcAssignmentRequest,
} from '@emberwatch/shared/contracts/fans';
import type { Monitor } from '@emberwatch/shared/contracts/monitors';
import type { Plan } from '@emberwatch/shared/contracts/users';
import { defaultRuleSettings } from '@emberwatch/shared/domain/rules/defaultRuleSettings';
import { rcBatchChoices } from '../src/features/fans/rcChoices';
import { formatDateTime } from '../src/lib/formatDateTime';
import { createFakeServer, json, type FakeServer } from './support/fakeServer';
import { fcChannel } from './support/fanFixtures';
import { renderPage } from './support/renderPage';

beforeAll(async () => {
  await import('../src/features/settings/SettingsPage');
});

const slow = { timeout: 8000 };
const compostPlan: Plan = {
  planName: 'Supervisor',
  planLevel: 4,
  segment: 14,
  dueDate: null,
  expired: false,
};

function batch(batch_id: number, batch_name: string, over: Partial<Batch> = {}): Batch {
  return { batch_id, batch_name, status: 1, isAdmin: false, UID: 7, BS_ID: 'F1000001', ...over } as Batch;
}

function event(ts: number, over: Partial<RcEvent> = {}): RcEvent {
  return {
    ts,
    FC_ID: 'RC-W',
    channel: 1,
    batchRef: 12,
    command: 1,
    net: '4G',
    fc_mode: 'drive',
    ventMode: 'normal',
    comm: 'online',
    manual: false,
    dataTs: ts - 60,
    temps: [612, 80],
    cycle: ts - 300,
    secs: 300,
    ...over,
  };
}

function rcServer(
  opts: { session?: { subUser?: boolean }; items?: FcItem[]; plans?: Plan[] } = {},
): FakeServer {
  const server = createFakeServer({
    loggedIn: true,
    user: { plans: opts.plans ?? [compostPlan], service: null, FC_IDs: ['RC-W'] },
    session: { ...opts.session },
  });
  const items = opts.items ?? [
    fcChannel('RC-W', 1, { channels: 2, name: 'Row 1', batchRef: 12 }),
    fcChannel('RC-W', 2, { channels: 2, batchRef: 13, isManual: true, manualCommand: 1, fc_mode: 'off' }),
  ];
  server.override('GET /fc/getFcItem', () => json({ status_code: 0, results: items }));
  server.override('GET /client/getBatches', () =>
    json({
      status_code: 0,
      ts: 1,
      results: [
        batch(12, 'Windrow 3'),
        batch(13, 'Windrow 4'),
        batch(14, 'Windrow 5'),
        batch(15, 'Test pile', { isAdmin: true }),
      ],
    }),
  );
  const fanMonitor: Monitor = {
    itemID: 4,
    UID: 7,
    name: 'Blowers',
    rules: [
      {
        id: 1,
        type: 'CYCLIC_CONTROL',
        settings: { ...defaultRuleSettings('CYCLIC_CONTROL'), FC_ID: 'RC-W' },
      },
    ],
    defaultMonitor: false,
    compost: true,
    demoType: null,
    storages: [],
    updated_ts: 1,
  };
  server.override('GET /client/getMonitors', () => json({ status_code: 0, results: [fanMonitor] }));
  server.override('POST /fc/setFcAssignment', () => json({ status_code: 0, results: items }));
  server.override('GET /client/rcLogs', () =>
    json({ status_code: 0, results: Array.from({ length: 120 }, (_, i) => event(1_800_000_000 - i * 60)) }),
  );
  server.override('GET /client/getRcScheduler', () =>
    json({
      status_code: 0,
      FC_ID: 'RC-W',
      scheduler: {
        schedulerEnabled: false,
        disabledHours: Array.from({ length: 7 }, () => [0, 0]),
        reverseDisabled: false,
      },
      updated_ts: null,
    }),
  );
  server.override('POST /client/saveRcScheduler', (c) =>
    json({
      status_code: 0,
      FC_ID: 'RC-W',
      scheduler: (c.body as { scheduler: object }).scheduler,
      updated_ts: 2,
    }),
  );
  return server;
}

async function openTab(server: FakeServer) {
  const view = renderPage('/settings/rc', server);
  const unit = await screen.findByTestId('rc-unit', undefined, slow);
  return { ...view, unit };
}

describe('the settings RC tab', { timeout: 30_000 }, () => {
  it('shows only for a compost supervisor with RC units, after Base station', async () => {
    const app = renderPage('/settings/rc', rcServer({ plans: [] }));
    await waitFor(() => expect(app.location()).toBe('/settings/preferences'), slow);
    app.unmount();
    await openTab(rcServer());
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Preferences', 'Probes', 'Base station', 'RC']);
  });

  it('lists each channel with its operation mode, manual or automatic, and batch', async () => {
    const { unit } = await openTab(rcServer());
    const ch1 = within(unit).getByRole('listitem', { name: 'Channel 1' });
    await waitFor(() => expect(ch1.textContent).toContain('Windrow 3'));
    expect(ch1.textContent).toContain('Row 1');
    expect(ch1.textContent).toContain('AUTO');
    expect(ch1.textContent).toContain('Automatic');
    expect(ch1.textContent).toContain('Windrow 3');
    const ch2 = within(unit).getByRole('listitem', { name: 'Channel 2' });
    expect(ch2.textContent).toContain('STOP');
    expect(ch2.textContent).toContain('On by hand');
    expect(unit.textContent).toContain('Online');
  });

  it('saves a channel’s settings only after an edit, offering the right batches', async () => {
    const server = rcServer();
    const { user, unit } = await openTab(server);
    const ch1 = within(unit).getByRole('listitem', { name: 'Channel 1' });
    await user.click(within(ch1).getByRole('button', { name: 'Settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'RC-W · channel 1' });
    const save = within(dialog).getByRole('button', { name: 'Save' });
    expect(save).toHaveProperty('disabled', true);
    await user.click(within(dialog).getByRole('combobox', { name: /Batch/ }));
    const listbox = await screen.findByRole('listbox');
    const options = within(listbox).getAllByRole('option');
    // Its own batch, another channel's (disabled), a free one; never an admin's test batch.
    expect(options.map((o) => o.textContent)).toEqual([
      'No batch',
      'Windrow 3',
      'Windrow 4 (another RC unit)',
      'Windrow 5',
    ]);
    expect(options[2]!.getAttribute('aria-disabled')).toBe('true');
    await user.click(options[3]!);
    expect(save).toHaveProperty('disabled', false);
    await user.click(within(dialog).getByRole('combobox', { name: /Monitor/ }));
    await user.click(await screen.findByRole('option', { name: 'Blowers' }));
    await user.click(save);
    await waitFor(() => expect(server.callsTo('POST', '/fc/setFcAssignment')).toHaveLength(1));
    expect(server.callsTo('POST', '/fc/setFcAssignment')[0]!.body as SetFcAssignmentRequest).toMatchObject({
      fc_id: 'RC-W',
      channel: 1,
      name: 'Row 1',
      isManual: false,
      manualCommand: 0,
      batchRef: 14,
      monitorRef: 4,
    });
  });

  it('shows the event log with the spec’s columns, at most 100 events, temperatures in °C', async () => {
    const { user, unit } = await openTab(rcServer());
    await user.click(within(unit).getAllByRole('button', { name: 'Event log' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Event log of RC-W' });
    const table = await within(dialog).findByRole('table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual([
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
    expect(within(dialog).getAllByTestId('rc-log-row')).toHaveLength(100);
    const first = within(dialog).getAllByTestId('rc-log-row')[0]!;
    expect(first.textContent).toContain('Windrow 3');
    expect(first.textContent).toContain('61.2 °C');
    expect(first.textContent).toContain('AUTO');
  });

  it('writes the log’s times in the user’s date and time formats (issue 28)', async () => {
    const server = rcServer();
    server.state.session.ui_preferences = {
      ...server.state.session.ui_preferences,
      date_format: 'dd/MM/yyyy',
      time_format: 'HH:mm',
    };
    const { user, unit } = await openTab(server);
    await user.click(within(unit).getAllByRole('button', { name: 'Event log' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Event log of RC-W' });
    const first = (await within(dialog).findAllByTestId('rc-log-row', undefined, slow))[0]!;
    const cells = within(first)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    // The newest event at 1 800 000 000 (15 January 2027, 08:00 UTC): its date, the reading a minute
    // before it, its cycle five minutes before, on the browser's clock.
    const at = (ts: number) => formatDateTime(ts, 'dd/MM/yyyy', 'HH:mm');
    expect(at(1_800_000_000)).toMatch(/^\d{2}\/\d{2}\/2027 \d{2}:\d{2}$/);
    expect(cells[0]).toBe(at(1_800_000_000));
    expect(cells[8]).toBe(at(1_800_000_000 - 60));
    expect(cells[10]).toBe(at(1_800_000_000 - 300));
  });

  it('shows an empty log when the call fails', async () => {
    const server = rcServer();
    server.override('GET /client/rcLogs', () => json({ status_code: 403, error: 'no' }, 403));
    const { user, unit } = await openTab(server);
    await user.click(within(unit).getAllByRole('button', { name: 'Event log' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Event log of RC-W' });
    expect((await within(dialog).findByTestId('rc-log-empty', undefined, slow)).textContent).toBe(
      'No events.',
    );
  });

  it('saves the unit’s scheduler after an edit, refusing a schedule that holds nothing', async () => {
    const server = rcServer();
    const { user, unit } = await openTab(server);
    await user.click(within(unit).getByRole('button', { name: 'Scheduler' }));
    const dialog = await screen.findByRole('dialog', { name: 'Scheduler of RC-W' });
    const save = await within(dialog).findByRole('button', { name: 'Save' });
    expect(save).toHaveProperty('disabled', true);
    await user.click(within(dialog).getByRole('checkbox', { name: 'Scheduler' }));
    // Seven free days hold nothing: refused (spec doc 3 §5).
    expect(save).toHaveProperty('disabled', true);
    const sunday = within(dialog).getByRole('group', { name: 'Sunday' });
    await user.click(within(sunday).getByRole('combobox', { name: 'From' }));
    await user.click(await screen.findByRole('option', { name: '20' }));
    await user.click(within(sunday).getByRole('combobox', { name: 'To' }));
    await user.click(await screen.findByRole('option', { name: '08' }));
    await user.click(save);
    await waitFor(() => expect(server.callsTo('POST', '/client/saveRcScheduler')).toHaveLength(1));
    const body = server.callsTo('POST', '/client/saveRcScheduler')[0]!.body as {
      fc_id: string;
      scheduler: unknown;
    };
    expect(body.fc_id).toBe('RC-W');
    expect(rcSchedulerSchema.parse(body.scheduler).disabledHours[6]).toEqual([20, 8]);
  });

  it('lets a sub-user look at the units but not change their settings', async () => {
    const { unit } = await openTab(rcServer({ session: { subUser: true } }));
    expect(within(unit).queryByRole('button', { name: 'Settings' })).toBeNull();
    expect(within(unit).getAllByRole('button', { name: 'Event log' }).length).toBeGreaterThan(0);
  });
});

describe('the RC batch choice (spec doc 2 §5)', () => {
  const batches = [
    { batch_id: 1, batch_name: 'A', status: 1, isAdmin: false },
    { batch_id: 2, batch_name: 'B', status: 2, isAdmin: false },
    { batch_id: 3, batch_name: 'C', status: 1, isAdmin: true },
    { batch_id: 4, batch_name: 'D', status: 1, isAdmin: false },
  ] as const;
  const self = { FC_ID: 'RC-1', channel: 1, batchRef: null };
  it.each([
    ['no batch of its own: ongoing non-admin ones', self, [], [1, 4], []],
    ['its own completed batch stays offered', { ...self, batchRef: 2 }, [], [1, 2, 4], []],
    [
      'one another channel runs for is disabled',
      self,
      [{ FC_ID: 'RC-2', channel: 1, batchRef: 4 }],
      [1, 4],
      [4],
    ],
    [
      'its own is never disabled',
      { ...self, batchRef: 4 },
      [{ FC_ID: 'RC-2', channel: 1, batchRef: 4 }],
      [1, 4],
      [],
    ],
  ] as const)('%s', (_, me, others, offered, disabled) => {
    const choices = rcBatchChoices(batches, [...others, me], me);
    expect(choices.map((c) => c.batch.batch_id)).toEqual(offered);
    expect(choices.filter((c) => c.disabled).map((c) => c.batch.batch_id)).toEqual(disabled);
  });
});
