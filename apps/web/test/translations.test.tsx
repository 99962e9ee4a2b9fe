import { describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import type { Language } from '@emberwatch/shared/contracts/preferences';
import {
  changeLanguage,
  i18n,
  resetTranslations,
  setTranslationsSource,
  takeDrawnTexts,
} from '../src/i18n/i18n';
import { TRANSLATION_ALERT_CLOSE, TRANSLATION_LOAD_FAILED_TEXT } from '../src/i18n/translationLoadFailedText';
import { readCookie } from '../src/lib/cookies';
import { createFakeServer, json } from './support/fakeServer';
import { sessionInfo } from './support/fixtures';
import { renderApp } from './support/renderApp';

const prefs = (language: string) =>
  ({ ui_preferences: { ...sessionInfo().ui_preferences, language } }) as never;

describe('translations from the server', () => {
  it('fetches the anonymous texts of the cookie language before login and shows them', async () => {
    document.cookie = 'lang=fi; path=/';
    const server = createFakeServer({ loggedIn: false });
    renderApp('/login', server);
    expect(await screen.findByRole('button', { name: 'Kirjaudu' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Kirjaudu sisään' })).toBeTruthy();
    const call = server.callsTo('GET', '/client/getAnonymousTranslations').at(-1);
    expect(call?.query.get('locale')).toBe('fi');
    // No session yet: no bearer goes with it.
    expect(call?.authorization).toBeNull();
    expect(server.callsTo('GET', '/client/getUserTranslations')).toHaveLength(0);
  });

  it('fetches the user texts of ui_preferences.language after login and remembers it in the cookie', async () => {
    const server = createFakeServer({ loggedIn: false, session: prefs('de') });
    const app = renderApp('/login?redirect=%2Finstructions', server);
    await app.user.type(await screen.findByLabelText('Username'), 'farmer');
    await app.user.type(screen.getByLabelText('Password'), 'secret');
    await app.user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(i18n.language).toBe('de'));
    const call = server.callsTo('GET', '/client/getUserTranslations').at(-1);
    expect(call?.query.get('locale')).toBe('de');
    expect(call?.query.get('UID')).toBe(String(server.state.session.UID));
    expect(call?.authorization).toMatch(/^Bearer /);
    expect(readCookie(document.cookie, 'lang')).toBe('de');
    expect(await screen.findByRole('heading', { name: i18n.t('titles.instructions') })).toBeTruthy();
    expect(i18n.t('titles.instructions')).not.toBe('Instructions');
  });

  it('shows the alert once in the asked language and keeps the bundled English when the call fails', async () => {
    document.cookie = 'lang=fr; path=/';
    const server = createFakeServer({ loggedIn: false });
    server.override('GET /client/getAnonymousTranslations', () =>
      json({ status_code: 500, error: 'down' }, 500),
    );
    renderApp('/login', server);
    expect(await screen.findByText(TRANSLATION_LOAD_FAILED_TEXT.fr)).toBeTruthy();
    // The page still works, in English.
    expect(screen.getByRole('button', { name: 'Log in' })).toBeTruthy();
    await act(async () => {
      await changeLanguage('nl');
    });
    expect(screen.getAllByText(TRANSLATION_LOAD_FAILED_TEXT.fr)).toHaveLength(1);
    // Closed, it stays closed.
    await closeAlert();
    await act(async () => {
      await changeLanguage('de');
    });
    expect(screen.queryByText(TRANSLATION_LOAD_FAILED_TEXT.fr)).toBeNull();
    expect(screen.queryByText(TRANSLATION_LOAD_FAILED_TEXT.de)).toBeNull();
  });

  it.each([
    ['cannot reach the server (an offline start)', false],
    ['is refused by the server', true],
  ])(
    "keeps the language of the anonymous texts when the user's call %s; alerts only on a refusal",
    async (_, alerts) => {
      document.cookie = 'lang=fi; path=/';
      const server = createFakeServer({ loggedIn: false, session: prefs('fi') });
      server.override('GET /client/getUserTranslations', () =>
        alerts ? json({ status_code: 500, error: 'down' }, 500) : Promise.reject(new TypeError('offline')),
      );
      const app = renderApp('/login', server);
      await app.user.type(await screen.findByLabelText('Käyttäjätunnus'), 'farmer');
      await app.user.type(screen.getByLabelText('Salasana'), 'secret');
      await app.user.click(screen.getByRole('button', { name: 'Kirjaudu' }));
      await waitFor(() => expect(server.callsTo('GET', '/client/getUserTranslations')).toHaveLength(1));
      await waitFor(() => expect(server.callsTo('GET', '/client/getSessionInfo').length).toBeGreaterThan(0));
      if (alerts) expect(await screen.findByText(TRANSLATION_LOAD_FAILED_TEXT.fi)).toBeTruthy();
      else {
        await act(async () => {
          await new Promise((resolve) => setTimeout(resolve, 50));
        });
        expect(screen.queryByText(TRANSLATION_LOAD_FAILED_TEXT.fi)).toBeNull();
      }
      expect(i18n.language).toBe('fi');
    },
  );

  it('treats a status_code other than 0 as a failure too', async () => {
    const server = createFakeServer({ loggedIn: false });
    server.override('GET /client/getAnonymousTranslations', () =>
      json({ status_code: 7, error: 'no files' }),
    );
    renderApp('/login', server);
    expect(await screen.findByText(TRANSLATION_LOAD_FAILED_TEXT.en)).toBeTruthy();
  });

  it('reloads the texts and sets the language cookie on a language change', async () => {
    const server = createFakeServer({ loggedIn: false });
    renderApp('/login', server);
    await screen.findByRole('button', { name: 'Log in' });
    await act(async () => {
      expect(await changeLanguage('nl', { remember: true })).toBe('nl');
    });
    expect(readCookie(document.cookie, 'lang')).toBe('nl');
    expect(server.callsTo('GET', '/client/getAnonymousTranslations').at(-1)?.query.get('locale')).toBe('nl');
    expect(await screen.findByRole('button', { name: 'Inloggen' })).toBeTruthy();
  });

  it('falls back to English for an unsupported language, in the request and the cookie', async () => {
    const server = createFakeServer({ loggedIn: false });
    renderApp('/login', server);
    await screen.findByRole('button', { name: 'Log in' });
    await act(async () => {
      expect(await changeLanguage('tlh', { remember: true })).toBe('en');
    });
    expect(readCookie(document.cookie, 'lang')).toBe('en');
    expect(server.callsTo('GET', '/client/getAnonymousTranslations').at(-1)?.query.get('locale')).toBe('en');
    expect(screen.getByRole('button', { name: 'Log in' })).toBeTruthy();
  });
});

// Decision 0177: a page drawn in English carries the translators' edits of the bundled English.
describe('the texts a drawn page came with', () => {
  /** A user's texts source that records what it was asked for. */
  const recordingSource = () => {
    const asked: Language[] = [];
    const fetch = (locale: Language) => {
      asked.push(locale);
      const text = locale === 'en' ? 'Probes, as fetched' : 'Sonden';
      return Promise.resolve({
        status_code: 0 as const,
        locale,
        results: [['titles.probes', text] as [string, string]],
        supported_languages: ['en', 'de'],
      });
    };
    return { asked, fetch };
  };

  it('puts the edits in, and the session’s start does not fetch the user’s English again', async () => {
    const owner = {};
    const source = recordingSource();
    setTranslationsSource(owner, 7, source.fetch);
    takeDrawnTexts('en', [['titles.probes', 'Stack probes']]);
    expect(i18n.t('titles.probes')).toBe('Stack probes');
    // What TranslationsSync does once the session is known: the same source, the same language.
    setTranslationsSource(owner, 7, source.fetch);
    expect(await changeLanguage('en', { remember: true })).toBe('en');
    expect(source.asked).toEqual([]);
    expect(i18n.t('titles.probes')).toBe('Stack probes');
    // Another language and back: fetched, as ever.
    await changeLanguage('de');
    expect(i18n.t('titles.probes')).toBe('Sonden');
    await changeLanguage('en');
    expect(source.asked).toEqual(['de', 'en']);
    expect(i18n.t('titles.probes')).toBe('Probes, as fetched');
  });

  it('with no edits, leaves the bundled English and fetches nothing; another account’s source fetches', async () => {
    const owner = {};
    const source = recordingSource();
    setTranslationsSource(owner, 7, source.fetch);
    takeDrawnTexts('en', []);
    await changeLanguage('en');
    expect(source.asked).toEqual([]);
    expect(i18n.t('titles.probes')).toBe('Probes');
    // A tab working for another account asks for that account's texts.
    setTranslationsSource(owner, 8, source.fetch);
    await changeLanguage('en');
    expect(source.asked).toEqual(['en']);
  });
});

async function closeAlert(): Promise<void> {
  // The close button speaks the alert's language too.
  const close = screen.getByRole('button', { name: TRANSLATION_ALERT_CLOSE.fr });
  await act(async () => {
    close.click();
    await Promise.resolve();
  });
}

describe('resetTranslations between tests', () => {
  // The setup resets before each test but puts the bundled English back only when English was touched
  // (a deep merge of every bundle each time cost seconds of the web tests); a touch must not be missed.
  it('puts back English a test changed, through any of i18next’s ways of adding', () => {
    const bundled = i18n.t('titles.instructions');
    i18n.addResource('en', 'translation', 'titles.instructions', 'changed once');
    resetTranslations();
    expect(i18n.t('titles.instructions')).toBe(bundled);
    i18n.addResources('en', 'translation', { 'titles.instructions': 'changed twice' });
    resetTranslations();
    expect(i18n.t('titles.instructions')).toBe(bundled);
    i18n.removeResourceBundle('en', 'translation');
    resetTranslations();
    expect(i18n.t('titles.instructions')).toBe(bundled);
  });
});
