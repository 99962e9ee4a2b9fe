import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { UiPreferences } from '@emberwatch/shared/contracts/preferences';
import type { Plan } from '@emberwatch/shared/contracts/users';
import { createFakeServer, json } from './support/fakeServer';
import { reading, sensorConf } from './support/fixtures';
import { renderApp } from './support/renderApp';
import { renderPage } from './support/renderPage';

const premium: Plan = { planName: 'Premium', planLevel: 2, segment: null, dueDate: null, expired: false };
const compostPlan: Plan = {
  planName: 'Supervisor',
  planLevel: 4,
  segment: 14,
  dueDate: null,
  expired: false,
};

/** A premium hay farmer whose station reports readings. */
function farmServer(options: Parameters<typeof createFakeServer>[0] = {}) {
  return createFakeServer({
    loggedIn: true,
    user: { plans: [premium] },
    conf: { F1000001: [sensorConf('H1', 'Stack')] },
    data: { F1000001: [reading('H1', [40, 38], 600)] },
    ...options,
  });
}

const uiPrefsBodies = (server: ReturnType<typeof createFakeServer>) =>
  server.callsTo('POST', '/client/uiPrefs').map((c) => (c.body as { prefs: Partial<UiPreferences> }).prefs);

const fieldIn = (testId: string, label: string) => within(screen.getByTestId(testId)).getByLabelText(label);

/** The language the user chose on this device: the cookie a switch writes before anything else. */
const chosenLanguage = () => /(?:^|; )lang=(\w+)/.exec(document.cookie)?.[1];

// The settings page is lazy-loaded; loading it once up front keeps the first test's timing like the rest.
beforeAll(async () => {
  await import('../src/features/settings/SettingsPage');
});

describe('the settings page: tabs per role (spec doc 1 §2, doc 2 §2.1)', () => {
  it('opens Preferences for a regular user, with the tabs Preferences, Probes and Base station (no RC)', async () => {
    const app = renderApp('/settings', farmServer());
    await waitFor(() => expect(app.location()).toBe('/settings/preferences'));
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Preferences', 'Probes', 'Base station']);
    expect(screen.getByRole('heading', { name: 'Settings', level: 1 })).toBeTruthy();
  });

  it('gives gari and hay-app users no Preferences: /settings and /settings/preferences lead to Probes', async () => {
    const app = renderPage('/settings/preferences', farmServer({ session: { partnerApp: 'haytech' } }));
    await waitFor(() => expect(app.location()).toBe('/settings/probes'));
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Probes', 'Base station']);
  });

  it('shows a master user nothing', async () => {
    const app = renderPage('/settings', farmServer({ session: { master: true } }));
    expect(await screen.findByText('There are no settings for this account.')).toBeTruthy();
    expect(screen.queryAllByRole('tab')).toHaveLength(0);
    expect(app.location()).toBe('/settings');
  });

  it('never shows the RC tab while the account has no RC units, even to a compost supervisor', async () => {
    const app = renderPage('/settings/rc', farmServer({ user: { plans: [compostPlan] } }));
    await waitFor(() => expect(app.location()).toBe('/settings/preferences'));
    expect((await screen.findAllByRole('tab')).map((t) => t.textContent)).not.toContain('RC');
  });

  it('is reached from the side menu', async () => {
    const app = renderApp('/probes', farmServer());
    await app.user.click(await screen.findByTestId('menu-button'));
    await app.user.click(await screen.findByTestId('menu-settings'));
    await waitFor(() => expect(app.location()).toBe('/settings/preferences'));
  });
});

describe('preference groups', () => {
  it('hides the alert settings from a free user without Insight', async () => {
    renderPage('/settings/preferences', farmServer({ user: { plans: [] } }));
    expect(await screen.findByTestId('settings-general')).toBeTruthy();
    expect(screen.getByTestId('settings-display')).toBeTruthy();
    expect(screen.queryByTestId('settings-alerts')).toBeNull();
  });

  it('shows the alert settings to premium users, the safety text naming the 65 °C limit in their unit', async () => {
    renderPage('/settings/preferences', farmServer());
    const alerts = await screen.findByTestId('settings-alerts');
    expect(within(alerts).getByText(/above 65 °C can ignite/)).toBeTruthy();
    expect((fieldIn('settings-safety-alert', 'Safety alert at') as HTMLInputElement).value).toBe('65');
  });

  it('converts the safety limit and the settings to °F for a Fahrenheit user', async () => {
    const server = farmServer();
    server.state.session.ui_preferences.degrees = 'F';
    renderPage('/settings/preferences', server);
    const alerts = await screen.findByTestId('settings-alerts');
    expect(within(alerts).getByText(/above 149 °F can ignite/)).toBeTruthy();
    const steps = within(screen.getByTestId('settings-color-steps')).getAllByRole<HTMLInputElement>(
      'textbox',
    );
    expect(steps.map((s) => s.value)).toEqual(['32', '104', '140', '176', '212']);
  });

  it('shows the Insight service user the alert settings too', async () => {
    renderPage(
      '/settings/preferences',
      farmServer({
        user: {
          plans: [],
          service: { plan: 2, trial: 0, started: null, period: 36, expDate: null, surveyCompleted: true },
        },
      }),
    );
    expect(await screen.findByTestId('settings-alerts')).toBeTruthy();
  });

  it('offers the handling-temperature toggle to a user with temperature data', async () => {
    renderPage('/settings/preferences', farmServer());
    expect(await screen.findByRole('switch', { name: 'Handling temperature' })).toBeTruthy();
  });

  it('hides the handling-temperature toggle from a user without temperature data', async () => {
    const server = farmServer({ data: { F1000001: [] } });
    renderPage('/settings/preferences', server);
    await screen.findByTestId('settings-display');
    await waitFor(() => expect(server.callsTo('GET', '/client/data')).toHaveLength(1));
    expect(screen.queryByRole('switch', { name: 'Handling temperature' })).toBeNull();
  });

  it('hides it from a compost supervisor, and shows it forced off to an admin on that plan', async () => {
    const first = renderPage('/settings/preferences', farmServer({ user: { plans: [compostPlan] } }));
    await screen.findByTestId('settings-display');
    expect(screen.queryByRole('switch', { name: 'Handling temperature' })).toBeNull();
    first.unmount();

    const server = farmServer({ session: { admin: true, admin_group: 1 }, user: { plans: [compostPlan] } });
    server.state.session.ui_preferences.handle_temp_enabled = true;
    renderPage('/settings/preferences', server);
    const toggle = await screen.findByRole<HTMLInputElement>('switch', { name: 'Handling temperature' });
    expect(toggle.checked).toBe(false);
    expect(toggle.disabled).toBe(true);
    expect(screen.getByText('Not available for compost plans.')).toBeTruthy();
  });
});

describe('saving preferences', () => {
  it('saves degrees at once, says "Saved", and shows the settings in the new unit', async () => {
    const server = farmServer();
    const app = renderPage('/settings/preferences', server);
    await app.user.click(await screen.findByRole('radio', { name: 'Fahrenheit (°F)' }));
    await waitFor(() => expect(uiPrefsBodies(server)).toEqual([{ degrees: 'F' }]));
    expect(await screen.findByText('Saved')).toBeTruthy();
    const range = within(screen.getByTestId('settings-chart-range')).getAllByRole<HTMLInputElement>(
      'textbox',
    );
    expect(range.map((r) => r.value)).toEqual(['68', '176']);
  });

  it('saves a date format and a time format', async () => {
    const server = farmServer();
    const app = renderPage('/settings/preferences', server);
    await app.user.click(await screen.findByRole('combobox', { name: 'Date format' }));
    await app.user.click(await screen.findByRole('option', { name: /MM\/dd\/yyyy/ }));
    await app.user.click(screen.getByRole('combobox', { name: 'Time format' }));
    await app.user.click(await screen.findByRole('option', { name: /hh:mm a/ }));
    await waitFor(() =>
      expect(uiPrefsBodies(server)).toEqual([{ date_format: 'MM/dd/yyyy' }, { time_format: 'hh:mm a' }]),
    );
  });

  it('converts a value typed in °F to °C before saving', async () => {
    const server = farmServer();
    server.state.session.ui_preferences.degrees = 'F';
    const app = renderPage('/settings/preferences', server);
    await screen.findByTestId('settings-alerts');
    const alert = fieldIn('settings-temperature-alert', 'Alert above');
    await app.user.clear(alert);
    await app.user.type(alert, '122');
    await waitFor(() => expect(uiPrefsBodies(server)).toEqual([{ temperature_alert: 50 }]), {
      timeout: 2000,
    });
  });

  it('refuses values outside 20–220 °F with an inline error and saves nothing', async () => {
    const server = farmServer();
    server.state.session.ui_preferences.degrees = 'F';
    const app = renderPage('/settings/preferences', server);
    const step5 = await screen.findByLabelText('Step 5');
    await app.user.clear(step5);
    await app.user.type(step5, '230');
    expect(await screen.findByText('Enter a value from 20 to 220 °F.')).toBeTruthy();
    expect(step5.getAttribute('aria-invalid')).toBe('true');
    await app.user.tab();
    await new Promise((r) => setTimeout(r, 900));
    expect(uiPrefsBodies(server)).toEqual([]);
  });

  it('refuses values outside 0–100 °C and decreasing colour steps; a valid set is saved as five values', async () => {
    const server = farmServer();
    const app = renderPage('/settings/preferences', server);
    const step5 = await screen.findByLabelText('Step 5');
    await app.user.clear(step5);
    await app.user.type(step5, '101');
    expect(await screen.findByText('Enter a value from 0 to 100 °C.')).toBeTruthy();
    await app.user.clear(step5);
    await app.user.type(step5, '50');
    expect(
      await screen.findByText('Each colour step must be at least as warm as the one before it.'),
    ).toBeTruthy();
    await app.user.clear(step5);
    await app.user.type(step5, '90');
    await app.user.tab();
    await waitFor(() => expect(uiPrefsBodies(server)).toEqual([{ color_steps: [0, 40, 60, 80, 90] }]));
  });

  it('needs the chart minimum below the maximum', async () => {
    const server = farmServer();
    const app = renderPage('/settings/preferences', server);
    await screen.findByTestId('settings-chart-range');
    const min = fieldIn('settings-chart-range', 'Minimum');
    await app.user.clear(min);
    await app.user.type(min, '80');
    expect(await screen.findByText('The minimum must be below the maximum.')).toBeTruthy();
    await app.user.clear(min);
    await app.user.type(min, '10');
    await app.user.tab();
    await waitFor(() => expect(uiPrefsBodies(server)).toEqual([{ chart_scale: [10, 80] }]));
  });

  it('puts the old value back and says so when the server refuses the change', async () => {
    const server = farmServer();
    server.override('POST /client/uiPrefs', () => json({ status_code: 400, error: 'invalid' }, 400));
    const app = renderPage('/settings/preferences', server);
    const celsius = await screen.findByRole<HTMLInputElement>('radio', { name: 'Celsius (°C)' });
    await app.user.click(screen.getByRole('radio', { name: 'Fahrenheit (°F)' }));
    expect(await screen.findByText('The change could not be saved. Please try again.')).toBeTruthy();
    await waitFor(() => expect(celsius.checked).toBe(true));
  });

  it('asks an admin to confirm a change; Cancel saves nothing, Ok saves', async () => {
    const server = farmServer({ session: { admin: true, admin_group: 1 } });
    const app = renderPage('/settings/preferences', server);
    await app.user.click(await screen.findByRole('radio', { name: 'Fahrenheit (°F)' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure?')).toBeTruthy();
    await app.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(uiPrefsBodies(server)).toEqual([]);
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Celsius (°C)' }).checked).toBe(true);

    await app.user.click(screen.getByRole('radio', { name: 'Fahrenheit (°F)' }));
    await app.user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Ok' }));
    await waitFor(() => expect(uiPrefsBodies(server)).toEqual([{ degrees: 'F' }]));
  });

  it('asks an admin before switching the language, naming the change; Cancel keeps the page as it was', async () => {
    const server = farmServer({ session: { admin: true, admin_group: 1 } });
    const app = renderApp('/settings/preferences', server);
    await app.user.click(await screen.findByRole('combobox', { name: 'Language' }));
    await app.user.click(await screen.findByRole('option', { name: 'Deutsch' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Change the language to Deutsch?')).toBeTruthy();
    // Nothing has switched while the question is open.
    expect(chosenLanguage()).not.toBe('de');
    expect(screen.getByRole('heading', { name: 'Settings', level: 1, hidden: true })).toBeTruthy();
    await app.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(chosenLanguage()).not.toBe('de');
    expect(uiPrefsBodies(server)).toEqual([]);

    await app.user.click(screen.getByRole('combobox', { name: 'Language' }));
    await app.user.click(await screen.findByRole('option', { name: 'Deutsch' }));
    await app.user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Ok' }));
    // One question only: the save does not wait for an "Are you sure?" of its own.
    await waitFor(() => expect(uiPrefsBodies(server)).toEqual([{ language: 'de' }]));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByRole('heading', { name: 'Einstellungen', level: 1 })).toBeTruthy();
    expect(chosenLanguage()).toBe('de');
  });

  it("keeps a demo user's changes on this device without sending them (spec doc 2 §6)", async () => {
    const server = farmServer({ user: { plans: [premium], demo: true } });
    const app = renderPage('/settings/preferences', server);
    await app.user.click(await screen.findByRole('radio', { name: 'Fahrenheit (°F)' }));
    expect(await screen.findByText('Saved')).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Fahrenheit (°F)' }).checked).toBe(true);
    expect(uiPrefsBodies(server)).toEqual([]);
  });

  it('switches the whole interface to the chosen language without reloading, and saves it', async () => {
    const server = farmServer();
    const app = renderApp('/settings/preferences', server);
    await app.user.click(await screen.findByRole('combobox', { name: 'Language' }));
    const names = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(names).toEqual([
      'English',
      'Français',
      'Deutsch',
      'Suomi',
      'Hrvatski',
      'Italiano',
      'Nederlands',
      'Español',
    ]);
    await app.user.click(screen.getByRole('option', { name: 'Suomi' }));
    await waitFor(() => expect(chosenLanguage()).toBe('fi'));
    await waitFor(() => expect(uiPrefsBodies(server)).toEqual([{ language: 'fi' }]));
    expect(await screen.findByRole('heading', { name: 'Asetukset', level: 1 })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Anturit' })).toBeTruthy();
    expect(document.cookie).toContain('lang=fi');
  });
});
