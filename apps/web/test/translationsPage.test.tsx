import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type {
  AdminTranslationsResponse,
  MissingTranslation,
  TranslationRow,
} from '@emberwatch/shared/contracts/translations';
import { createFakeServer, json, type FakeServer } from './support/fakeServer';
import { renderPage } from './support/renderPage';
import { i18n } from '../src/i18n/i18n';

beforeAll(async () => {
  await import('../src/features/translations/TranslationsPage');
});

/** 60 rows, ids 1–60, keys in the other order than the ids (sorting by key differs). */
const ROWS: TranslationRow[] = Array.from({ length: 60 }, (_, i) => ({
  id: i + 1,
  key: `k.${String(60 - i).padStart(3, '0')}`,
  text: `Text ${i + 1}`,
  category: i % 2 === 0 ? 'common' : 'settings',
}));
const MISSING: MissingTranslation = {
  id: null,
  key: 'probes.newColumn',
  english: 'New column',
  category: 'probes',
};

function translationsServer(opts: { root: boolean; locales: string[] }) {
  const server = createFakeServer({
    loggedIn: true,
    session: opts.root ? { admin: true, admin_group: 0 } : { translator: true },
  });
  server.override('GET /admin/getTranslationLanguages', () =>
    json({ status_code: 0, locales: opts.locales, root: opts.root }),
  );
  server.override('GET /admin/getAdminTranslations', (c) => {
    const locale = c.query.get('locale') ?? 'en';
    const body: AdminTranslationsResponse = {
      status_code: 0,
      locale,
      results:
        locale === 'en'
          ? [...ROWS, { id: 500, key: 'login.title', text: 'Log in', category: 'common' }]
          : ROWS,
      missing: locale === 'en' ? [] : [MISSING],
      not_in_build: ['k.001'],
      english: locale === 'en' ? {} : { 'k.001': 'English of one', 'probes.newColumn': 'New column' },
    };
    return json(body);
  });
  server.override('POST /admin/updateTranslations', (c) => {
    const { data } = c.body as { data: Omit<TranslationRow, 'id'> & { id?: number } };
    return json({ status_code: 0, result: { ...data, id: data.id ?? 900 } });
  });
  return server;
}

const rows = () => screen.getAllByTestId('admin-table-row');
const ids = () => rows().map((r) => Number(within(r).getAllByRole('cell')[1]!.textContent));
const saves = (server: FakeServer) => server.callsTo('POST', '/admin/updateTranslations').map((c) => c.body);

// Spec doc 3 §2, §4–6, §8–9 (decision 0106): the translations page.
describe('/translations', () => {
  it(
    'lists ID, Key, Text and Category, newest first, 20 a page, then 50, 100 or all',
    { timeout: 60_000 },
    async () => {
      const server = translationsServer({ root: false, locales: ['de', 'fi'] });
      const page = renderPage('/translations', server);
      const table = await screen.findByTestId('translations-table');
      expect(
        within(table)
          .getAllByRole('columnheader')
          .map((h) => h.textContent),
      ).toEqual(['', 'ID', 'Key', 'Text', 'Category']);
      expect(ids()).toEqual(Array.from({ length: 20 }, (_, i) => 60 - i));
      await page.user.click(within(table).getByRole('combobox'));
      const options = await screen.findAllByRole('option');
      expect(options.map((o) => o.textContent)).toEqual(['20', '50', '100', 'All']);
      await page.user.click(screen.getByRole('option', { name: '50' }));
      expect(rows()).toHaveLength(50);
      await page.user.click(within(table).getByRole('combobox'));
      await page.user.click(await screen.findByRole('option', { name: 'All' }));
      expect(rows()).toHaveLength(60);
      expect(screen.getByText('1–60 of 60')).toBeTruthy();
      // Sorting by key: k.001 (id 60) first.
      await page.user.click(within(table).getByRole('button', { name: 'Key' }));
      expect(ids().slice(0, 3)).toEqual([60, 59, 58]);
      await page.user.click(within(table).getByRole('button', { name: 'ID' }));
      expect(ids().slice(0, 3)).toEqual([1, 2, 3]);
      // The filter looks in key, text and category.
      await page.user.type(within(table).getByTestId('admin-table-filter'), 'Text 5');
      expect(ids()).toEqual([5, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59]);
    },
  );

  it('offers a translator only its languages, with flags, and loads the one chosen', async () => {
    const server = translationsServer({ root: false, locales: ['de', 'fi'] });
    const page = renderPage('/translations', server);
    const button = await screen.findByTestId('translations-language');
    // The interface is in English, which this translator does not translate: its first language.
    expect(button.textContent).toBe('Deutsch');
    await waitFor(() =>
      expect(server.callsTo('GET', '/admin/getAdminTranslations').map((c) => c.query.get('locale'))).toEqual([
        'de',
      ]),
    );
    await page.user.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Choose a language' });
    const choices = within(dialog)
      .getAllByRole('button')
      .filter((b) => b.textContent !== 'Cancel');
    expect(choices.map((b) => b.textContent)).toEqual(['Deutsch', 'Suomi']);
    expect(within(choices[0]!).getByTestId('flag-de')).toBeTruthy();
    expect(within(choices[1]!).getByTestId('flag-fi')).toBeTruthy();
    await page.user.click(choices[1]!);
    await waitFor(() => expect(screen.getByTestId('translations-language').textContent).toBe('Suomi'));
    await waitFor(() =>
      expect(
        server.callsTo('GET', '/admin/getAdminTranslations').map((c) => c.query.get('locale')),
      ).toContain('fi'),
    );
    // No add for a translator, nor the root admin's view of keys not in this build.
    expect(screen.queryByRole('button', { name: 'Add translation' })).toBeNull();
    expect(screen.queryByRole('tab', { name: /Not in this build/ })).toBeNull();
  });

  it('lets a translator edit a text only: save waits for an edit and a text; key and category are fixed', async () => {
    const server = translationsServer({ root: false, locales: ['de'] });
    const page = renderPage('/translations', server);
    await page.user.click(await screen.findByRole('button', { name: 'Edit k.001' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit translation' });
    const save = within(dialog).getByRole('button', { name: 'Save' });
    expect(save.hasAttribute('disabled')).toBe(true);
    expect(within(dialog).getByRole('textbox', { name: 'Key' }).hasAttribute('disabled')).toBe(true);
    expect(within(dialog).getByRole('textbox', { name: 'Category' }).hasAttribute('disabled')).toBe(true);
    expect(within(dialog).queryByRole('switch', { name: 'Change the key in all languages' })).toBeNull();
    expect(within(dialog).getByText('Only the root admin can change keys.')).toBeTruthy();
    // The English for reference.
    expect(within(dialog).getByRole('textbox', { name: 'English' })).toHaveProperty(
      'value',
      'English of one',
    );
    const text = within(dialog).getByRole('textbox', { name: 'Text' });
    await page.user.clear(text);
    expect(save.hasAttribute('disabled')).toBe(true);
    await page.user.type(text, 'Neuer Text');
    expect(save.hasAttribute('disabled')).toBe(false);
    await page.user.click(save);
    expect(await screen.findByTestId('translations-saved')).toBeTruthy();
    expect(saves(server)).toEqual([
      {
        locale: 'de',
        data: { id: 60, key: 'k.001', text: 'Neuer Text', category: 'settings' },
        keyChange: false,
      },
    ]);
    expect(screen.queryByRole('dialog', { name: 'Edit translation' })).toBeNull();
  });

  it('says “A problem came up” when a save fails, and keeps the dialog open', async () => {
    const server = translationsServer({ root: false, locales: ['de'] });
    server.override('POST /admin/updateTranslations', () =>
      json({ status_code: 403, error: 'You are not assigned to translate the language "de".' }, 403),
    );
    const page = renderPage('/translations', server);
    await page.user.click(await screen.findByRole('button', { name: 'Edit k.001' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit translation' });
    await page.user.type(within(dialog).getByRole('textbox', { name: 'Text' }), '!');
    await page.user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const error = await within(dialog).findByTestId('translation-save-error');
    expect(error.textContent).toContain('A problem came up');
    expect(error.textContent).toContain('not assigned');
  });

  it('lists the keys missing in the language; the translator fills one with the English beside it', async () => {
    const server = translationsServer({ root: false, locales: ['de'] });
    const page = renderPage('/translations', server);
    await page.user.click(await screen.findByRole('tab', { name: 'Missing in this language (1)' }));
    const table = screen.getByTestId('translations-table');
    expect(within(table).getByText('New column')).toBeTruthy();
    await page.user.click(within(table).getByRole('button', { name: 'Edit probes.newColumn' }));
    const dialog = await screen.findByRole('dialog', { name: 'Translate a missing text' });
    expect(within(dialog).getByRole('textbox', { name: 'English' })).toHaveProperty('value', 'New column');
    expect(within(dialog).getByRole('textbox', { name: 'Key' })).toHaveProperty('value', 'probes.newColumn');
    expect(within(dialog).getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(true);
    await page.user.type(within(dialog).getByRole('textbox', { name: 'Text' }), 'Neue Spalte');
    await page.user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByTestId('translations-saved');
    expect(saves(server)).toEqual([
      {
        locale: 'de',
        data: { key: 'probes.newColumn', text: 'Neue Spalte', category: 'probes' },
        keyChange: false,
      },
    ]);
  });

  it('lets the root admin change a key in all languages and a category, add keys, and see keys not in the build', async () => {
    const server = translationsServer({
      root: true,
      locales: ['en', 'fr', 'de', 'fi', 'hr', 'it', 'nl', 'es'],
    });
    const page = renderPage('/translations', server);
    // The root admin starts in the interface's language.
    expect((await screen.findByTestId('translations-language')).textContent).toBe('English');
    await page.user.click(await screen.findByRole('button', { name: 'Edit k.002' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit translation' });
    const key = within(dialog).getByRole('textbox', { name: 'Key' });
    expect(key.hasAttribute('disabled')).toBe(true);
    await page.user.click(within(dialog).getByRole('switch', { name: 'Change the key in all languages' }));
    expect(key.hasAttribute('disabled')).toBe(false);
    await page.user.clear(key);
    await page.user.type(key, 'k.renamed');
    const category = within(dialog).getByRole('textbox', { name: 'Category' });
    await page.user.clear(category);
    expect(within(dialog).getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(true);
    await page.user.type(category, 'shell');
    await page.user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByTestId('translations-saved');
    expect(saves(server)).toEqual([
      {
        locale: 'en',
        data: { id: 59, key: 'k.renamed', text: 'Text 59', category: 'shell' },
        keyChange: true,
      },
    ]);

    await page.user.click(screen.getByRole('button', { name: 'Add translation' }));
    const add = await screen.findByRole('dialog', { name: 'Add translation' });
    const addSave = within(add).getByRole('button', { name: 'Save' });
    expect(addSave.hasAttribute('disabled')).toBe(true);
    await page.user.type(within(add).getByRole('textbox', { name: 'Key' }), 'probes.newHint');
    expect(addSave.hasAttribute('disabled')).toBe(true);
    await page.user.type(within(add).getByRole('textbox', { name: 'Text' }), 'A new hint');
    await page.user.click(addSave);
    await waitFor(() => expect(saves(server)).toHaveLength(2));
    expect(saves(server)[1]).toEqual({
      locale: 'en',
      data: { key: 'probes.newHint', text: 'A new hint', category: 'common' },
      keyChange: false,
    });

    await page.user.click(screen.getByRole('tab', { name: 'Not in this build (1)' }));
    expect(ids()).toEqual([60]);
    expect(within(rows()[0]!).getByText('Not in this build')).toBeTruthy();
  });

  it('shows a saved text of the interface’s language at once in the running app', async () => {
    const server = translationsServer({ root: true, locales: ['en', 'de'] });
    const page = renderPage('/translations', server);
    expect(i18n.t('login.title')).not.toBe('Sign in now');
    await page.user.click(await screen.findByRole('button', { name: 'Edit login.title' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit translation' });
    const text = within(dialog).getByRole('textbox', { name: 'Text' });
    await page.user.clear(text);
    await page.user.type(text, 'Sign in now');
    await page.user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByTestId('translations-saved');
    expect(i18n.t('login.title')).toBe('Sign in now');
  });

  it('sends anyone who is neither a translator nor the root admin to "/"', async () => {
    const server = createFakeServer({ loggedIn: true, session: { admin: true, admin_group: 1 } });
    const page = renderPage('/translations', server);
    await waitFor(() => expect(page.location()).not.toBe('/translations'));
    expect(server.callsTo('GET', '/admin/getTranslationLanguages')).toHaveLength(0);
  });
});
