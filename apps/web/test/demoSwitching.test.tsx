import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { UiPreferences } from '@emberwatch/shared/contracts/preferences';
import type { Plan } from '@emberwatch/shared/contracts/users';
import { createFakeServer, json } from './support/fakeServer';
import { reading, sensorConf, station } from './support/fixtures';
import { renderApp } from './support/renderApp';
import { DEMO_CHOICE_KEY } from '../src/features/demo/demoChoice';

const premium: Plan = { planName: 'Premium', planLevel: 2, segment: null, dueDate: null, expired: false };

function demoServer(options: Parameters<typeof createFakeServer>[0] = {}) {
  return createFakeServer({
    loggedIn: true,
    user: { plans: [premium], demo: true },
    conf: { F1000001: [sensorConf('H1', 'Stack')] },
    data: { F1000001: [reading('H1', [40, 38], 600)] },
    ...options,
  });
}

const uiPrefsBodies = (server: ReturnType<typeof createFakeServer>) =>
  server.callsTo('POST', '/client/uiPrefs').map((c) => (c.body as { prefs: Partial<UiPreferences> }).prefs);
const fieldIn = (testId: string, label: string) => within(screen.getByTestId(testId)).getByLabelText(label);
const selector = () => screen.findByRole('group', { name: 'Demo type' }, { timeout: 8000 });

beforeAll(async () => {
  await import('../src/features/settings/SettingsPage');
});
afterEach(() => sessionStorage.clear());

describe(
  'the demo selector (spec doc 1 §2 top bar, §4 demo switching, §6; decision 0058)',
  { timeout: 20_000 },
  () => {
    it('GRAIN and WASTE set exactly the spec values on the screen and save nothing for a demo user', async () => {
      const server = demoServer();
      const app = renderApp('/settings/preferences', server);
      await app.user.click(within(await selector()).getByRole('button', { name: 'Grain' }));
      await waitFor(() =>
        expect(fieldIn('settings-temperature-alert', 'Alert above')).toHaveProperty('value', '30'),
      );
      expect(screen.getByLabelText<HTMLInputElement>('Step 2').value).toBe('10');
      expect(screen.getByLabelText<HTMLInputElement>('Step 5').value).toBe('40');
      expect(screen.getByRole('switch', { name: 'Handling temperature' })).toHaveProperty('checked', true);

      await app.user.click(within(await selector()).getByRole('button', { name: 'Compost' }));
      await waitFor(() =>
        expect(fieldIn('settings-temperature-alert', 'Alert above')).toHaveProperty('value', '85'),
      );
      expect(screen.getByLabelText<HTMLInputElement>('Step 2').value).toBe('40');
      expect(screen.getByLabelText<HTMLInputElement>('Step 5').value).toBe('100');
      // A compost supervisor (plan level 4 segment 14) has no handle temperature (spec doc 1 §4, §6).
      await waitFor(() => expect(screen.queryByRole('switch', { name: 'Handling temperature' })).toBeNull());

      expect(uiPrefsBodies(server)).toEqual([]);
      expect(JSON.parse(sessionStorage.getItem(DEMO_CHOICE_KEY) ?? 'null')).toMatchObject({
        type: 'WASTE',
        uid: 7,
      });
    });

    it('WASTE makes the account a compost supervisor everywhere: the menu offers Batches', async () => {
      const app = renderApp('/probes', demoServer());
      await app.user.click(within(await selector()).getByRole('button', { name: 'Compost' }));
      await app.user.click(await screen.findByTestId('menu-button'));
      expect(await screen.findByRole('link', { name: 'Batches' })).toBeTruthy();
    });

    it('keeps the switch over a reload: the fresh server data is shown as the chosen demo again', async () => {
      const first = renderApp('/settings/preferences', demoServer());
      await first.user.click(within(await selector()).getByRole('button', { name: 'Hay' }));
      first.unmount();
      // A new app with a new query cache, as after a reload; the server still sends the account's own values.
      const server = demoServer();
      renderApp('/settings/preferences', server);
      await waitFor(() =>
        expect(fieldIn('settings-temperature-alert', 'Alert above')).toHaveProperty('value', '45'),
      );
      expect(screen.getByLabelText<HTMLInputElement>('Step 4').value).toBe('45');
      expect(screen.getByLabelText<HTMLInputElement>('Maximum').value).toBe('60');
      expect(
        within(await selector())
          .getByRole('button', { name: 'Hay' })
          .getAttribute('aria-pressed'),
      ).toBe('true');
      expect(server.state.session.ui_preferences.chart_scale).not.toEqual([0, 60]);
    });

    it('HAY shows its sample survey answers to an account that has none saved', async () => {
      sessionStorage.setItem(DEMO_CHOICE_KEY, JSON.stringify({ uid: 7, type: 'HAY', at: 1_800_000_000 }));
      const server = demoServer();
      server.override('GET /client/getInsightSurvey', () => json({ status_code: 1, data: null }));
      server.override('GET /client/accountInfo', () =>
        json({
          status_code: 0,
          account: {
            U_ID: 7,
            username: 'farmer',
            login_U_ID: 7,
            subUser: false,
            firstname: 'Anna',
            lastname: null,
            email: null,
            phone: null,
            country: 'fi',
            address: null,
            zip: null,
            city: null,
            phones: [],
            pendingPhone: null,
            subUsers: [],
            subUserCount: 2,
            mayEdit: true,
            mayAddSubUser: true,
            demo: true,
          },
        }),
      );
      const app = renderApp('/account/services', server);
      // The account's services link the answers only for an Insight service, which HAY sets.
      await app.user.click(await screen.findByRole('link', { name: 'Survey answers' }, { timeout: 8000 }));
      expect(await screen.findByRole('heading', { name: 'Survey answers' }, { timeout: 8000 })).toBeTruthy();
      await waitFor(() =>
        expect(screen.getByRole('radio', { name: 'Hay production' })).toHaveProperty('checked', true),
      );
      expect(screen.getByRole('radio', { name: 'Bales' })).toHaveProperty('checked', true);
      expect(screen.getByRole('slider', { name: 'Cuts a year' }).getAttribute('aria-valuenow')).toBe('3');
    });

    // Issue 28: "The visitor's demo switch to Compost still shows the hay probes" (decision 0079).
    it('shows the chosen site’s own station and probes: the compost windrows under WASTE, not the hay', async () => {
      const server = demoServer({
        stations: [
          station('F4000001', { display_name: 'Demo barn', probeCount: 1, probeKind: 'hay' }),
          station('F4000002', { display_name: 'Demo grain bins', probeCount: 1, probeKind: 'grain' }),
          station('F4000003', { display_name: 'Demo windrows', probeCount: 1, probeKind: 'compost' }),
        ],
        conf: {
          F4000001: [sensorConf('H40001', 'Stack 1')],
          F4000002: [sensorConf('G40101', 'Bin 1')],
          F4000003: [sensorConf('C40201', 'Windrow 1')],
        },
        data: {
          F4000001: [reading('H40001', [40, 38], 600)],
          F4000002: [reading('G40101', [18, 17], 600)],
          F4000003: [reading('C40201', [62, 58], 600)],
        },
      });
      const app = renderApp('/probes', server);
      const shownProbes = () =>
        screen.getAllByTestId('probe-row').map((r) => r.getAttribute('data-sensor-id'));
      await screen.findAllByTestId('probe-row', undefined, { timeout: 8000 });
      // Before any switch the account is what it is: every station's tab, the first one's probes.
      expect(screen.getAllByRole('tab').map((t) => t.textContent)).toHaveLength(3);
      expect(shownProbes()).toEqual(['H40001']);

      await app.user.click(within(await selector()).getByRole('button', { name: 'Compost' }));
      await waitFor(() => expect(shownProbes()).toEqual(['C40201']));
      expect(screen.queryByRole('tab', { name: /Demo barn/ })).toBeNull();
      await app.user.click(within(await selector()).getByRole('button', { name: 'Grain' }));
      await waitFor(() => expect(shownProbes()).toEqual(['G40101']));
      await app.user.click(within(await selector()).getByRole('button', { name: 'Hay' }));
      await waitFor(() => expect(shownProbes()).toEqual(['H40001']));
      expect(uiPrefsBodies(server)).toEqual([]);
    });

    it('is not there for a user outside demo mode on an ordinary station', async () => {
      renderApp('/probes', demoServer({ user: { plans: [premium], demo: false } }));
      await screen.findByTestId('menu-button', undefined, { timeout: 8000 });
      expect(screen.queryByTestId('demo-selector')).toBeNull();
    });

    it('applies on DEMOdata only: another station shows the account as the server has it', async () => {
      const server = demoServer({
        user: { plans: [premium], demo: false },
        stations: [
          station('DEMOdata', { display_name: 'Demo' }),
          station('F1000001', { display_name: 'Barn' }),
        ],
        conf: { DEMOdata: [sensorConf('H1', 'Stack')], F1000001: [sensorConf('H2', 'Stack')] },
        data: { DEMOdata: [reading('H1', [40, 38], 600)], F1000001: [reading('H2', [40, 38], 600)] },
      });
      const app = renderApp('/settings/preferences', server);
      await app.user.click(await screen.findByRole('tab', { name: /Demo/ }, { timeout: 8000 }));
      await app.user.click(within(await selector()).getByRole('button', { name: 'Grain' }));
      await waitFor(() =>
        expect(fieldIn('settings-temperature-alert', 'Alert above')).toHaveProperty('value', '30'),
      );
      await app.user.click(screen.getByRole('tab', { name: /Barn/ }));
      await waitFor(() => expect(screen.queryByTestId('demo-selector')).toBeNull());
      await waitFor(() =>
        expect(fieldIn('settings-temperature-alert', 'Alert above')).toHaveProperty('value', '45'),
      );
      expect(uiPrefsBodies(server)).toEqual([]);
    });

    it('is there for anyone viewing the base station DEMOdata; an admin switch saves the display settings', async () => {
      const server = demoServer({
        user: { plans: [premium], demo: false },
        session: { admin: true, bs_ids: ['DEMOdata'] },
        stations: [station('DEMOdata')],
        conf: { DEMOdata: [sensorConf('H1', 'Stack')] },
        data: { DEMOdata: [reading('H1', [40, 38], 600)] },
      });
      const app = renderApp('/probes', server);
      await app.user.click(within(await selector()).getByRole('button', { name: 'Hay' }));
      await waitFor(() =>
        expect(uiPrefsBodies(server)).toEqual([
          { temperature_alert: 45, chart_scale: [0, 60], color_steps: [0, 20, 30, 45, 60] },
        ]),
      );
      expect(await screen.findByText('Demo display settings saved')).toBeTruthy();
    });
  },
);
