import { beforeAll, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  cooldownSettingsSchema,
  cyclicSettingsSchema,
  manualSettingsSchema,
  type Monitor,
  type SaveMonitorRequest,
} from '@emberwatch/shared/contracts/monitors';
import { DEFAULT_UI_PREFERENCES, type UiPreferences } from '@emberwatch/shared/contracts/preferences';
import type { UserInfo, Plan } from '@emberwatch/shared/contracts/users';
import { defaultRuleSettings } from '@emberwatch/shared/domain/rules/defaultRuleSettings';
import { fanQueryConcerns } from '../src/features/fans/fanQueries';
import { fanRuleDraft, fanRuleErrors, fanRuleForm, withSpan } from '../src/features/monitors/fanRuleForm';
import { FakeWebSocket } from './support/FakeWebSocket';
import { fcChannel as channel } from './support/fanFixtures';
import { createFakeServer, json, type FakeServer } from './support/fakeServer';
import { renderPage, type RenderPageOptions } from './support/renderPage';
import { sensorConf, station, storage } from './support/fixtures';
import { premium } from './support/probeDetailFakes';

beforeAll(async () => {
  await import('../src/features/monitors/MonitorsPage');
});

const slow = { timeout: 8000 };
const compostPlan: Plan = {
  planName: 'Supervisor',
  planLevel: 4,
  segment: 14,
  dueDate: null,
  expired: false,
};

function monitor(over: Partial<Monitor> = {}): Monitor {
  return {
    itemID: 1,
    UID: 7,
    name: 'Bin watch',
    rules: [{ id: 1, type: 'ABS_MAX', settings: defaultRuleSettings('ABS_MAX'), currentAlerts: [] }],
    defaultMonitor: false,
    compost: false,
    demoType: null,
    storages: [3],
    updated_ts: 1_800_000_000,
    ...over,
  };
}

function fanServer(
  monitors: Monitor[],
  opts: { fcIds?: string[]; prefs?: Partial<UiPreferences>; user?: Partial<UserInfo> } = {},
): FakeServer {
  const server = createFakeServer({
    loggedIn: true,
    user: { plans: [premium], service: null, FC_IDs: opts.fcIds ?? ['RC-1'], ...opts.user },
    session: { ui_preferences: { ...DEFAULT_UI_PREFERENCES, ...opts.prefs } },
    stations: [station('F1000001', { display_name: 'Barn', probeCount: 2 })],
    conf: { F1000001: [sensorConf('G-100', 'Bin core'), sensorConf('G-OUT', 'Outdoor air')] },
    storages: [storage({ itemID: 3, name: 'Bin 1', monitor: 1, capacity: 200 })],
  });
  let current = monitors;
  server.override('GET /client/getMonitors', () => json({ status_code: 0, results: current }));
  server.override('GET /fc/getFcItem', () =>
    json({
      status_code: 0,
      results: (opts.fcIds ?? ['RC-1']).flatMap((id) => [channel(id, 1, { inUse: 3 }), channel(id, 2)]),
    }),
  );
  server.override('GET /fc/runScheduler', () => json({ status_code: 0, results: [] }));
  server.override('POST /client/saveMonitor', (c) => {
    const { item } = c.body as SaveMonitorRequest;
    const saved: Monitor = { ...monitor(), ...item, itemID: item.itemID ?? 9, demoType: null };
    current = [...current.filter((m) => m.itemID !== saved.itemID), saved];
    return json({ status_code: 0, item: saved });
  });
  return server;
}

const saves = (server: FakeServer) =>
  server.callsTo('POST', '/client/saveMonitor').map((c) => (c.body as SaveMonitorRequest).item);

async function openEditor(server: FakeServer, options: RenderPageOptions = {}) {
  const view = renderPage('/storages/monitors', server, options);
  const cards = await screen.findAllByTestId('monitor-card', undefined, slow);
  await view.user.click(within(cards[0]!).getByText('Bin watch'));
  const editor = await screen.findByRole('dialog', { name: 'Edit monitor' });
  return { ...view, editor };
}

async function choose(
  user: ReturnType<typeof renderPage>['user'],
  combobox: HTMLElement,
  option: RegExp | string,
) {
  await user.click(combobox);
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('the fan rule dialog', { timeout: 30_000 }, () => {
  it('creates a cooldown rule: controller and outdoor probe required, ranges checked, explained, scheduler run', async () => {
    const server = fanServer([monitor()]);
    const { user, editor } = await openEditor(server);
    await user.click(within(editor).getByRole('button', { name: 'Add rule' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Choose a rule type' })).getByText(
        'Cool-down control',
      ),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Cool-down control' });
    const ok = within(dialog).getByRole('button', { name: 'OK' });
    // Spec doc 3 §5: no controller, no outdoor probe: no save.
    expect(ok).toHaveProperty('disabled', true);
    expect(dialog.textContent).toContain('Choose a fan controller');
    await choose(user, within(dialog).getByRole('combobox', { name: /Fan controller/ }), 'Bin fans (RC-1)');
    // The channels it drives, and what each serves now.
    expect(within(dialog).getByTestId('fan-rule-channels').textContent).toContain('Channel 1: Bin 1');
    expect(within(dialog).getByTestId('fan-rule-channels').textContent).toContain('Channel 2: not in use');
    expect(ok).toHaveProperty('disabled', true);
    await choose(
      user,
      within(dialog).getByRole('combobox', { name: /Outdoor probe/ }),
      'Outdoor air (G-OUT)',
    );
    expect(ok).toHaveProperty('disabled', false);

    // The spec's defaults, in °C: target 10, deltas 5 and 15, ages 2 and 6, hysteresis 1.
    const target = within(dialog).getByRole('spinbutton', { name: /Target temperature \(°C\) \(0…60\)/ });
    expect(target).toHaveProperty('value', '10');
    expect(within(dialog).getByRole('spinbutton', { name: /Least difference/ })).toHaveProperty('value', '5');
    expect(within(dialog).getByRole('spinbutton', { name: /Largest difference/ })).toHaveProperty(
      'value',
      '15',
    );
    expect(within(dialog).getByRole('spinbutton', { name: /Hysteresis/ })).toHaveProperty('value', '1');
    expect(within(dialog).getByRole('spinbutton', { name: /Probe data age/ })).toHaveProperty('value', '6');
    expect(within(dialog).getByRole('spinbutton', { name: /Outdoor data age/ })).toHaveProperty('value', '2');
    await user.clear(target);
    await user.type(target, '61');
    expect(dialog.textContent).toContain('Enter a value between 0 and 60.');
    expect(ok).toHaveProperty('disabled', true);
    await user.clear(target);
    await user.type(target, '12');
    const words = within(dialog).getByTestId('rule-explanation').textContent;
    expect(words).toContain('towards 12.0 °C, using outdoor probe G-OUT');
    expect(words).toContain('at least 5 °C and at most 15 °C cooler');
    expect(words).toContain('above 13.0 °C and goes on down to 12.0 °C');
    expect(words).toContain('From 27.0 °C the fans cool for safety');

    // The scheduler: seven free days are refused (spec §5), a night window is taken.
    await user.click(within(dialog).getByRole('checkbox', { name: 'Scheduler' }));
    expect(within(dialog).getByTestId('fan-scheduler-error').textContent).toContain('restricts no hour');
    expect(ok).toHaveProperty('disabled', true);
    const monday = within(dialog).getByRole('group', { name: 'Monday' });
    await choose(user, within(monday).getByRole('combobox', { name: 'From' }), '22');
    await choose(user, within(monday).getByRole('combobox', { name: 'To' }), '06');
    expect(monday.textContent).toContain('Over midnight');
    expect(within(dialog).queryByTestId('fan-scheduler-error')).toBeNull();
    await user.click(ok);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Cool-down control' })).toBeNull());

    await user.click(within(editor).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saves(server)).toHaveLength(1));
    const fan = saves(server)[0]!.rules.find((r) => r.type === 'COOLDOWN_CONTROL')!;
    expect(fan.id).toBe(2);
    const settings = cooldownSettingsSchema.parse(fan.settings);
    expect(settings).toMatchObject({
      FC_ID: 'RC-1',
      outdoorID: 'G-OUT',
      targetTemp: 120,
      delta1: 50,
      delta2: 150,
      schedulerEnabled: true,
      reverseDisabled: false,
    });
    expect(settings.disabledHours[0]).toEqual([22, 6]);
    // Spec doc 3 §4 "Monitor save": the changed fan rule runs its controller's scheduler per storage.
    await waitFor(() => expect(server.callsTo('GET', '/fc/runScheduler')).toHaveLength(1));
    const run = server.callsTo('GET', '/fc/runScheduler')[0]!;
    expect(run.query.get('id')).toBe('RC-1');
    expect(run.query.get('itemID')).toBe('3');
  });

  it('lowers the on-time with the cycle span and saves a cyclic rule', async () => {
    const server = fanServer([
      monitor({
        rules: [
          {
            id: 4,
            type: 'CYCLIC_CONTROL',
            settings: {
              ...defaultRuleSettings('CYCLIC_CONTROL'),
              FC_ID: 'RC-1',
              cycleSpan: 90,
              runMinutes: 45,
            },
          },
        ],
      }),
    ]);
    const { user, editor } = await openEditor(server);
    const rule = within(editor).getByRole('listitem', { name: 'Cyclic control' });
    expect(rule.textContent).toContain('Runs fan controller RC-1 for 45 min in every 90 min.');
    await user.click(within(rule).getByRole('button', { name: 'Edit rule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cyclic control' });
    const slider = within(dialog).getByRole('slider');
    expect(slider.getAttribute('aria-valuemax')).toBe('90');
    expect(slider.getAttribute('aria-valuemin')).toBe('1');
    // Spec doc 3 §5: lowering the span below the on-time lowers the on-time to match.
    await choose(user, within(dialog).getByRole('combobox', { name: /Cycle/ }), '30 min');
    expect(dialog.textContent).toContain('On-time: 30 min');
    expect(within(dialog).getByRole('slider').getAttribute('aria-valuemax')).toBe('30');
    fireEvent.keyDown(within(dialog).getByRole('slider'), { key: 'ArrowLeft' });
    expect(dialog.textContent).toContain('On-time: 29 min');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await user.click(within(editor).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saves(server)).toHaveLength(1));
    const saved = saves(server)[0]!.rules[0]!;
    expect(saved.id).toBe(4);
    expect(cyclicSettingsSchema.parse(saved.settings)).toMatchObject({ cycleSpan: 30, runMinutes: 29 });
  });

  it('gives a °F user the target in 20…140 °F and stores tenths of °C', async () => {
    const server = fanServer(
      [
        monitor({
          rules: [
            {
              id: 1,
              type: 'COOLDOWN_CONTROL',
              settings: { ...defaultRuleSettings('COOLDOWN_CONTROL'), FC_ID: 'RC-1', outdoorID: 'G-OUT' },
            },
          ],
        }),
      ],
      { prefs: { degrees: 'F' } },
    );
    const { user, editor } = await openEditor(server);
    await user.click(within(editor).getByRole('button', { name: 'Edit rule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cool-down control' });
    const target = within(dialog).getByRole('spinbutton', { name: /Target temperature \(°F\) \(20…140\)/ });
    expect(target).toHaveProperty('value', '50');
    expect(within(dialog).getByRole('spinbutton', { name: /Least difference \(°F\)/ })).toHaveProperty(
      'value',
      '9',
    );
    await user.clear(target);
    await user.type(target, '59');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await user.click(within(editor).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saves(server)).toHaveLength(1));
    expect(saves(server)[0]!.rules[0]!.settings).toMatchObject({ targetTemp: 150, delta1: 50 });
  });

  it('offers the fan types only with controllers, and greys them once the monitor has one', async () => {
    const none = fanServer([monitor()], { fcIds: [] });
    const first = await openEditor(none);
    await first.user.click(within(first.editor).getByRole('button', { name: 'Add rule' }));
    const picker = await screen.findByRole('dialog', { name: 'Choose a rule type' });
    expect(picker.textContent).not.toContain('Cool-down control');
    first.unmount();

    const withFan = fanServer([
      monitor({
        rules: [{ id: 1, type: 'MANUAL_CONTROL', settings: { FC_ID: 'RC-1', notifications: false } }],
      }),
    ]);
    const second = await openEditor(withFan);
    const rule = within(second.editor).getByRole('listitem', { name: 'Manual control' });
    expect(rule.textContent).toContain('Fan controller RC-1 is switched on and off by hand.');
    await second.user.click(within(second.editor).getByRole('button', { name: 'Add rule' }));
    const list = await screen.findByRole('dialog', { name: 'Choose a rule type' });
    for (const name of ['Cool-down control', 'Cyclic control', 'Manual control'])
      expect(within(list).getByText(name).closest('[role="button"]')?.getAttribute('aria-disabled')).toBe(
        'true',
      );
  });
});

describe('a compost supervisor’s monitor', { timeout: 20_000 }, () => {
  it('shows its fan rule beside the compost rules (a fan rule has no compost flag)', async () => {
    const server = fanServer(
      [
        monitor({
          compost: true,
          rules: [
            { id: 1, type: 'ABS_MAX', settings: defaultRuleSettings('ABS_MAX', true) },
            { id: 2, type: 'ABS_MIN', settings: defaultRuleSettings('ABS_MIN') },
            {
              id: 3,
              type: 'CYCLIC_CONTROL',
              settings: {
                ...defaultRuleSettings('CYCLIC_CONTROL'),
                FC_ID: 'RC-1',
                cycleSpan: 30,
                runMinutes: 10,
              },
            },
          ],
        }),
      ],
      { user: { plans: [compostPlan], storagesEnabled: true } },
    );
    const { editor } = await openEditor(server);
    const items = within(editor).getAllByRole('listitem');
    expect(items.map((i) => i.getAttribute('aria-label'))).toEqual(['Absolute maximum', 'Cyclic control']);
  });
});

describe('the fan rule form', () => {
  const defaults = {
    cooldown: defaultRuleSettings('COOLDOWN_CONTROL'),
    cyclic: defaultRuleSettings('CYCLIC_CONTROL'),
  };
  const schemas = {
    COOLDOWN_CONTROL: cooldownSettingsSchema,
    CYCLIC_CONTROL: cyclicSettingsSchema,
    MANUAL_CONTROL: manualSettingsSchema,
  } as const;

  // Every draft the form lets through is one the contract accepts, and what it refuses the
  // contract refuses too (the web checks without zod).
  const cases = [
    { type: 'MANUAL_CONTROL', patch: { FC_ID: 'RC-1' }, valid: true },
    { type: 'MANUAL_CONTROL', patch: { FC_ID: ' ' }, valid: false },
    { type: 'CYCLIC_CONTROL', patch: { FC_ID: 'RC-1' }, valid: true },
    { type: 'CYCLIC_CONTROL', patch: { FC_ID: 'RC-1', schedulerEnabled: true }, valid: false },
    {
      type: 'CYCLIC_CONTROL',
      patch: { FC_ID: 'RC-1', schedulerEnabled: true, disabledHours: Array(7).fill([0, 24]) },
      valid: false,
    },
    {
      type: 'CYCLIC_CONTROL',
      patch: {
        FC_ID: 'RC-1',
        schedulerEnabled: true,
        reverseDisabled: true,
        disabledHours: [
          [6, 20],
          [0, 0],
          [0, 0],
          [0, 0],
          [0, 0],
          [0, 24],
          [0, 24],
        ],
      },
      valid: true,
    },
    { type: 'COOLDOWN_CONTROL', patch: { FC_ID: 'RC-1' }, valid: false },
    { type: 'COOLDOWN_CONTROL', patch: { FC_ID: 'RC-1', outdoorID: 'G-OUT' }, valid: true },
    {
      type: 'COOLDOWN_CONTROL',
      patch: { FC_ID: 'RC-1', outdoorID: 'G-OUT', numbers: { delta2: '31' } },
      valid: false,
    },
    {
      type: 'COOLDOWN_CONTROL',
      patch: { FC_ID: 'RC-1', outdoorID: 'G-OUT', numbers: { outdoorAgelimit: '49' } },
      valid: false,
    },
    {
      type: 'COOLDOWN_CONTROL',
      patch: { FC_ID: 'RC-1', outdoorID: 'G-OUT', numbers: { hysteresis: '5' } },
      valid: true,
    },
    {
      type: 'COOLDOWN_CONTROL',
      patch: { FC_ID: 'RC-1', outdoorID: 'G-OUT', numbers: { targetTemp: '' } },
      valid: false,
    },
  ] as const;

  it.each(cases)('$type $patch → valid $valid, as the contract says', ({ type, patch, valid }) => {
    const base = fanRuleForm({ id: 1, type, settings: defaultRuleSettings(type) } as never, 'C', defaults);
    const { numbers, ...rest } = patch as { numbers?: Record<string, string> } & Record<string, unknown>;
    const form: typeof base = { ...base, ...rest, numbers: { ...base.numbers, ...numbers } };
    const draft = fanRuleDraft(form, 1, 'C');
    expect(draft !== null).toBe(valid);
    expect(Object.keys(fanRuleErrors(form, 'C')).length === 0).toBe(valid);
    if (draft) expect(schemas[type].safeParse(draft.settings).success).toBe(true);
  });

  it.each([
    [30, 30, 30],
    [60, 45, 45],
    [90, 120, 90],
  ] as const)('a span of %i with an on-time of %i keeps %i', (span, run, kept) => {
    const base = fanRuleForm(
      {
        id: 1,
        type: 'CYCLIC_CONTROL',
        settings: { ...defaultRuleSettings('CYCLIC_CONTROL'), cycleSpan: 120 },
      },
      'C',
      defaults,
    );
    expect(withSpan({ ...base, runMinutes: run }, span).runMinutes).toBe(kept);
  });
});

describe('the fcStat push', { timeout: 20_000 }, () => {
  it('reads the account’s controllers again when the server says one of them changed', async () => {
    const server = fanServer([monitor()]);
    await openEditor(server, { live: true });
    await waitFor(() => expect(server.callsTo('GET', '/fc/getFcItem').length).toBeGreaterThan(0));
    await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1));
    const ws = FakeWebSocket.latest();
    const read = server.callsTo('GET', '/fc/getFcItem').length;
    act(() => ws.serverOpen());
    act(() => ws.serverSend({ type: 'ready', UID: 7 }));
    // Read before the socket was ready: read once more (decision 0169).
    await waitFor(() => expect(server.callsTo('GET', '/fc/getFcItem').length).toBe(read + 1));
    const before = server.callsTo('GET', '/fc/getFcItem').length;
    act(() => ws.serverSend({ type: 'fcStat', fc_ids: 'RC-1' }));
    await waitFor(() => expect(server.callsTo('GET', '/fc/getFcItem').length).toBe(before + 1));
  });

  it.each([
    [['fans', 'RC-1'], ['RC-1'], true],
    [['fans', 'FC-2,RC-1'], ['RC-1', 'X'], true],
    [['fans', 'FC-2'], ['RC-1'], false],
    [['fans', 'account', 7], ['RC-1'], true],
    [['monitors', 7], ['RC-1'], false],
    [['fans', 'rcLog', 'RC-1', null], ['RC-1'], true],
    [['fans', 'rcLog', 'RC-2', 1], ['RC-1'], false],
    [['fans', 'rcBatches', 7], ['RC-1'], false],
  ] as const)('a query %j concerns a push of %j: %s', (key, ids, concerned) => {
    expect(fanQueryConcerns(key, ids)).toBe(concerned);
  });
});
