import { describe, expect, it } from 'vitest';
import type { Plan, Service } from '@emberwatch/shared/contracts/users';
import { screen, waitFor, within } from '@testing-library/react';
import { createFakeServer, json } from './support/fakeServer';
import { renderApp } from './support/renderApp';

async function openMenu(app: ReturnType<typeof renderApp>) {
  await app.user.click(await screen.findByTestId('menu-button'));
  return screen.findByRole('navigation', { name: 'Menu' });
}

const INSIGHT: Service = {
  plan: 1,
  trial: 0,
  started: null,
  period: null,
  expDate: null,
  surveyCompleted: true,
};
const PREMIUM: Plan = { planName: 'Premium', planLevel: 3, segment: null, dueDate: null, expired: false };

const entryNames = (nav: HTMLElement) =>
  within(nav)
    .getAllByTestId(/^menu-/)
    .map((e) => e.textContent);

describe('the side menu', () => {
  it('offers a regular user the probes, the settings, the instructions and logging out, with the version label', async () => {
    const app = renderApp('/probes', createFakeServer({ loggedIn: true }));
    const nav = await openMenu(app);
    expect(entryNames(nav)).toEqual([
      'Probes',
      'Settings',
      'Account',
      'Instructions',
      'LanguageEnglish',
      'Log out',
    ]);
    expect(within(nav).getByText('Version 2025.10.24')).toBeTruthy();
  });

  it('gives a master user no settings, but the language choice and logging out', async () => {
    const server = createFakeServer({ loggedIn: true, session: { master: true } });
    const app = renderApp('/probes', server);
    const nav = await openMenu(app);
    // The site index is the master's (spec doc 1 §2; decision 0105).
    expect(entryNames(nav)).toEqual([
      'Sites',
      'Probes',
      'Account',
      'Instructions',
      'LanguageEnglish',
      'Log out',
    ]);
    await app.user.click(screen.getByTestId('menu-logout'));
    await waitFor(() => expect(app.location()).toBe('/login'));
    expect(server.callsTo('POST', '/admin/logout')).toHaveLength(1);
  });

  it('lets a master user change the language from the menu and saves it', async () => {
    const server = createFakeServer({ loggedIn: true, session: { master: true } });
    const app = renderApp('/probes', server);
    const nav = await openMenu(app);
    await app.user.click(within(nav).getByTestId('menu-language'));
    const list = within(nav).getByRole('list', { name: 'Language' });
    expect(
      within(list)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['English', 'Français', 'Deutsch', 'Suomi', 'Hrvatski', 'Italiano', 'Nederlands', 'Español']);
    await app.user.click(within(list).getByRole('button', { name: 'Deutsch' }));
    expect(await screen.findByText('Abmelden')).toBeTruthy();
    // The page behind the (modal) menu switched too.
    expect(screen.getByRole('heading', { name: 'Sonden', level: 1, hidden: true })).toBeTruthy();
    expect(document.documentElement.lang).toBe('de');
    await waitFor(() => expect(server.callsTo('POST', '/client/uiPrefs')).toHaveLength(1));
    expect(server.callsTo('POST', '/client/uiPrefs')[0]?.body).toEqual({ prefs: { language: 'de' } });
  });

  it('puts the language back and says so when the server refuses to save it', async () => {
    const server = createFakeServer({ loggedIn: true });
    server.override('POST /client/uiPrefs', () => json({ status_code: 500, error: 'down' }, 500));
    const app = renderApp('/probes', server);
    const nav = await openMenu(app);
    await app.user.click(within(nav).getByTestId('menu-language'));
    await app.user.click(within(nav).getByRole('button', { name: 'Suomi' }));
    expect((await within(nav).findByRole('alert')).textContent).toBe(
      'The language could not be saved. Please try again.',
    );
    expect(within(nav).getByTestId('menu-language').textContent).toBe('LanguageEnglish');
  });

  it('offers a translator the translations page, and leads there', async () => {
    const server = createFakeServer({ loggedIn: true, session: { translator: true } });
    server.override('GET /admin/getTranslationLanguages', () =>
      json({ status_code: 0, locales: ['fi'], root: false }),
    );
    const app = renderApp('/probes', server);
    const nav = await openMenu(app);
    expect(entryNames(nav)[0]).toBe('Translations');
    await app.user.click(within(nav).getByRole('link', { name: 'Translations' }));
    await waitFor(() => expect(app.location()).toBe('/translations'));
  });

  it('shows a root admin who translates every entry this build has', async () => {
    const app = renderApp(
      '/probes',
      createFakeServer({
        loggedIn: true,
        session: { admin: true, admin_group: 0, translator: true },
        user: { siteindex: true },
      }),
    );
    const nav = await openMenu(app);
    expect(entryNames(nav)).toEqual([
      'Translations',
      'Admin',
      'Storages',
      'Probes',
      'Settings',
      'Account',
      'Instructions',
      'LanguageEnglish',
      'Log out',
    ]);
  });

  it('offers the storages to a user with the Insight service, and leads there', async () => {
    const app = renderApp('/probes', createFakeServer({ loggedIn: true, user: { service: INSIGHT } }));
    const nav = await openMenu(app);
    expect(entryNames(nav)).toEqual([
      'Storages',
      'Probes',
      'Settings',
      'Account',
      'Instructions',
      'LanguageEnglish',
      'Log out',
    ]);
    await app.user.click(within(nav).getByRole('link', { name: 'Storages' }));
    await waitFor(() => expect(app.location()).toBe('/storages'));
    // The page is loaded lazily: the file must not end while its modules are still being imported.
    expect(await screen.findByLabelText('Storage views')).toBeTruthy();
  });

  it('gives no storages to a user whose premium plan has expired', async () => {
    const app = renderApp(
      '/probes',
      createFakeServer({ loggedIn: true, user: { plans: [{ ...PREMIUM, expired: true }] } }),
    );
    const nav = await openMenu(app);
    expect(entryNames(nav)).toEqual([
      'Probes',
      'Settings',
      'Account',
      'Instructions',
      'LanguageEnglish',
      'Log out',
    ]);
  });

  it('opens the instructions page from the menu', async () => {
    const app = renderApp('/probes', createFakeServer({ loggedIn: true }));
    const nav = await openMenu(app);
    await app.user.click(within(nav).getByRole('link', { name: 'Instructions' }));
    await waitFor(() => expect(app.location()).toBe('/instructions'));
    expect(await screen.findByRole('heading', { name: 'Compost' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Instructions', level: 1 })).toBeTruthy();
  });

  it('logs out: tells the server, forgets the token and shows the login page', async () => {
    const server = createFakeServer({ loggedIn: true });
    const app = renderApp('/probes', server);
    await openMenu(app);
    await app.user.click(screen.getByTestId('menu-logout'));
    await waitFor(() => expect(app.location()).toBe('/login'));
    expect(server.callsTo('POST', '/admin/logout')).toHaveLength(1);
    expect(await screen.findByLabelText('Password')).toBeTruthy();
    expect(app.api.hasToken()).toBe(false);
  });
});

describe('the shell', () => {
  it('offers a skip link as the first keyboard stop, which moves the focus to the page', async () => {
    const app = renderApp('/probes', createFakeServer({ loggedIn: true }));
    await screen.findByRole('heading', { name: 'Probes' });
    await app.user.tab();
    const link = screen.getByRole('link', { name: 'Skip to content' });
    expect(document.activeElement).toBe(link);
    await app.user.keyboard('{Enter}');
    expect(document.activeElement).toBe(screen.getByRole('main'));
    expect(app.location()).toBe('/probes');
  });

  it('sends "/" to the probe list when the plan has no storages', async () => {
    const app = renderApp('/', createFakeServer({ loggedIn: true }));
    await waitFor(() => expect(app.location()).toBe('/probes'));
  });

  it('sends "/" to the storages when the plan has them', async () => {
    const app = renderApp('/', createFakeServer({ loggedIn: true, user: { plans: [PREMIUM] } }));
    await waitFor(() => expect(app.location()).toBe('/storages'));
    expect(await screen.findByLabelText('Storage views')).toBeTruthy();
  });

  it('shows a not-found page for an unknown path', async () => {
    renderApp('/no/such/page', createFakeServer({ loggedIn: true }));
    expect(await screen.findByText('There is nothing at this address.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeTruthy();
  });

  it('switches to the language of the user preferences after login', async () => {
    const base = createFakeServer().state.session.ui_preferences;
    const app = renderApp(
      '/probes',
      createFakeServer({ loggedIn: true, session: { ui_preferences: { ...base, language: 'de' } } }),
    );
    expect(await screen.findByRole('heading', { name: 'Sonden' })).toBeTruthy();
    await app.user.click(screen.getByTestId('menu-button'));
    expect(await screen.findByText('Abmelden')).toBeTruthy();
    // Remembered for the next visit's login page.
    expect(document.cookie).toContain('lang=de');
  });

  it('saves default preferences when the account has none yet', async () => {
    const server = createFakeServer({ loggedIn: true });
    const partial = { language: 'en' } as unknown as typeof server.state.session.ui_preferences;
    server.state.session = { ...server.state.session, ui_preferences: partial };
    renderApp('/probes', server);
    await waitFor(() => expect(server.callsTo('POST', '/client/uiPrefs')).toHaveLength(1));
    const sent = server.callsTo('POST', '/client/uiPrefs')[0]?.body as { prefs: Record<string, unknown> };
    expect(sent.prefs).toMatchObject({ degrees: 'C', date_format: 'd.M.yyyy', time_format: 'HH:mm' });
    expect(sent.prefs).not.toHaveProperty('language');
  });

  it('does not save preferences for a demo user', async () => {
    const server = createFakeServer({ loggedIn: true, user: { demo: true } });
    const partial = { language: 'en' } as unknown as typeof server.state.session.ui_preferences;
    server.state.session = { ...server.state.session, ui_preferences: partial };
    renderApp('/probes', server);
    await screen.findByText('This base station has no probes yet.');
    expect(server.callsTo('POST', '/client/uiPrefs')).toHaveLength(0);
  });
});
