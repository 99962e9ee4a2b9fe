import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES } from '@emberwatch/shared/contracts/preferences';
import type {
  AdminTranslationsResponse,
  TranslationsResponse,
} from '@emberwatch/shared/contracts/translations';
import { bundledTexts, readLocaleFiles } from '../src/features/translations/bundledLocales.js';
import { TranslationRepository } from '../src/features/translations/translation.repository.js';
import { TranslationService } from '../src/features/translations/translation.service.js';
import { bearer, createTestApp, TEST_ENGINE, type TestApp } from './support/testApp.js';

describe(`translations in the store, on ${TEST_ENGINE}`, () => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const bundled = bundledTexts(readLocaleFiles());
  const bundledText = (locale: string, key: string) =>
    bundled.find((b) => b.locale === locale && b.key === key)?.text;

  beforeAll(async () => {
    t = await createTestApp();
    // grain translates Finnish and German; compost becomes a staff admin who is not root (level 1).
    await t.store.db
      .updateTable('users')
      .set({ translator: 1, translator_locales: '["fi","de"]' })
      .where('username', '=', 'grain@demo.emberwatch')
      .execute();
    await t.store.db
      .updateTable('users')
      .set({ admin: 1, admin_group: 1 })
      .where('username', '=', 'compost@demo.emberwatch')
      .execute();
    for (const u of ['hay', 'grain', 'compost', 'admin']) tokens[u] = await t.login(`${u}@demo.emberwatch`);
  });
  afterAll(async () => {
    await t.close();
  });

  const get = (who: string | null, url: string) =>
    t.app.inject({ method: 'GET', url, headers: who ? bearer(tokens[who] as string) : {} });
  const save = (who: string, payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/admin/updateTranslations',
      headers: bearer(tokens[who] as string),
      payload,
    });
  const clientText = async (locale: string, key: string) => {
    const body = (
      await get(null, `/client/getAnonymousTranslations?locale=${locale}`)
    ).json<TranslationsResponse>();
    return new Map(body.results).get(key);
  };
  const adminRow = async (locale: string, key: string) => {
    const body = (
      await get('admin', `/admin/getAdminTranslations?locale=${locale}`)
    ).json<AdminTranslationsResponse>();
    return body.results.find((r) => r.key === key);
  };

  describe('seeding from the bundled locale files', () => {
    it('stores every bundled text of every language under its dotted key, categorised by its file', async () => {
      const rows = await t.store.db
        .selectFrom('translations')
        .select(['locale', 'key', 'text', 'category'])
        .execute();
      expect(rows.length).toBe(bundled.length);
      expect(new Set(rows.map((r) => r.locale))).toEqual(new Set(LANGUAGES));
      const loginTitle = rows.find((r) => r.locale === 'fi' && r.key === 'login.title');
      expect(loginTitle).toMatchObject({ text: bundledText('fi', 'login.title'), category: 'common' });
    });

    it('keeps a translator’s text over a re-seed, follows changed bundled texts elsewhere and adds new keys', async () => {
      const fiTitle = await adminRow('fi', 'login.title');
      const res = await save('grain', {
        locale: 'fi',
        data: { id: fiTitle?.id, key: 'login.title', text: 'Sisäänkirjautuminen', category: 'common' },
      });
      expect(res.json()).toMatchObject({ status_code: 0 });

      // A new build: both texts changed in the files, and one key is new.
      const next = bundled.map((b) =>
        b.key === 'login.title' && (b.locale === 'fi' || b.locale === 'de')
          ? { ...b, text: `${b.text} (v2)` }
          : b,
      );
      next.push({ locale: 'fi', key: 'login.newHint', text: 'Uusi vihje', category: 'common' });
      // Seeding asks no access question: an access check that refuses everything must not matter.
      const refuseAll = { targetAccount: () => Promise.reject(new Error('not used by seed')) };
      const service = new TranslationService(
        new TranslationRepository(t.store.db, t.store.engine),
        refuseAll,
        () => Math.floor(Date.now() / 1000),
      );
      expect(await service.seed(next)).toEqual({ inserted: 1, updated: 1 });

      expect(await clientText('fi', 'login.title')).toBe('Sisäänkirjautuminen');
      expect(await clientText('de', 'login.title')).toBe(`${bundledText('de', 'login.title')} (v2)`);
      expect(await clientText('fi', 'login.newHint')).toBe('Uusi vihje');
      // Running it again changes nothing.
      expect(await service.seed(next)).toEqual({ inserted: 0, updated: 0 });
      // Back to the real files for the tests below (the de text follows them again; fi stays edited).
      await service.seed(bundled);
      expect(await clientText('de', 'login.title')).toBe(bundledText('de', 'login.title'));
      expect(await clientText('fi', 'login.title')).toBe('Sisäänkirjautuminen');
    });
  });

  describe('client calls', () => {
    it('serves the texts of a language to anyone, before login', async () => {
      const res = await get(null, '/client/getAnonymousTranslations?locale=de');
      expect(res.statusCode).toBe(200);
      const body = res.json<TranslationsResponse>();
      expect(body.status_code).toBe(0);
      expect(body.locale).toBe('de');
      expect(body.supported_languages).toEqual([...LANGUAGES]);
      expect(new Map(body.results).get('login.username')).toBe(bundledText('de', 'login.username'));
      // Every text of the language but the server's own (decision 0107), which no browser needs.
      const forBrowsers = bundled.filter((b) => b.locale === 'de' && !b.key.startsWith('server'));
      expect(forBrowsers.length).toBeLessThan(bundled.filter((b) => b.locale === 'de').length);
      expect(body.results.length).toBe(forBrowsers.length);
      expect(body.results.some(([key]) => key.startsWith('serverAlerts.'))).toBe(false);
    });

    it.each([
      ['xx', 'en'],
      ['', 'en'],
      ['fi-FI', 'fi'],
    ])('answers locale "%s" in %s', async (asked, served) => {
      const body = (
        await get(null, `/client/getAnonymousTranslations?locale=${asked}`)
      ).json<TranslationsResponse>();
      expect(body.locale).toBe(served);
      expect(new Map(body.results).get('login.password')).toBe(bundledText(served, 'login.password'));
    });

    it('serves user translations only to a logged-in caller, for an account it may act for', async () => {
      expect((await get(null, '/client/getUserTranslations?locale=fr')).statusCode).toBe(401);
      const hayUid = (await get('hay', '/client/getSessionInfo')).json<{ UID: number }>().UID;
      const own = await get('hay', `/client/getUserTranslations?locale=fr&UID=${hayUid}`);
      expect(own.json()).toMatchObject({ status_code: 0, locale: 'fr' });
      expect((await get('grain', `/client/getUserTranslations?locale=fr&UID=${hayUid}`)).statusCode).toBe(
        403,
      );
      expect(
        (await get('admin', `/client/getUserTranslations?locale=nl&UID=${hayUid}`)).json(),
      ).toMatchObject({
        status_code: 0,
        locale: 'nl',
      });
    });
  });

  describe('admin list', () => {
    it('gives a translator the rows of an assigned language, with id, key, text and category', async () => {
      const res = await get('grain', '/admin/getAdminTranslations?locale=de');
      expect(res.statusCode).toBe(200);
      const body = res.json<AdminTranslationsResponse>();
      expect(body.status_code).toBe(0);
      const row = body.results.find((r) => r.key === 'login.password');
      expect(row?.id).toBeGreaterThan(0);
      expect(row).toMatchObject({
        key: 'login.password',
        text: bundledText('de', 'login.password'),
        category: 'common',
      });
      // Newest first (spec doc 3 §9 default sort: ID descending).
      const ids = body.results.map((r) => r.id);
      expect(ids).toEqual([...ids].sort((a, b) => b - a));
    });

    it.each([
      ['a translator, in a language not assigned', 'grain', 'fr', 403],
      ['a customer', 'hay', 'fi', 403],
      ['an admin who is not root', 'compost', 'fi', 403],
      ['the root admin, any language', 'admin', 'hr', 200],
      ['without a session', null, 'fi', 401],
    ] as const)('refuses or serves %s', async (_label, who, locale, status) => {
      const res = await get(who, `/admin/getAdminTranslations?locale=${locale}`);
      expect(res.statusCode).toBe(status);
      if (status !== 200) expect(res.json<{ error: string }>().error).toBeTruthy();
    });

    it('rejects an unsupported language with a clear message', async () => {
      const res = await get('admin', '/admin/getAdminTranslations?locale=xx');
      expect(res.statusCode).toBe(400);
      expect(res.json<{ error: string }>().error).toContain('Unsupported language');
    });
  });

  describe('saving', () => {
    it('lets a translator change a text of an assigned language, and everyone sees it', async () => {
      const row = await adminRow('de', 'login.submit');
      const res = await save('grain', {
        locale: 'de',
        data: { id: row?.id, key: 'login.submit', text: 'Jetzt anmelden', category: 'common' },
        keyChange: false,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        status_code: 0,
        result: { id: row?.id, key: 'login.submit', text: 'Jetzt anmelden' },
      });
      expect(await clientText('de', 'login.submit')).toBe('Jetzt anmelden');
      // Saving by key (no id) works too, and an omitted category stays as it was.
      const byKey = await save('grain', { locale: 'de', data: { key: 'login.submit', text: 'Anmelden!' } });
      expect(byKey.json()).toMatchObject({ status_code: 0, result: { category: 'common' } });
      expect(await clientText('de', 'login.submit')).toBe('Anmelden!');
    });

    it.each([
      ['a text in a language the translator is not assigned to', 'grain', 'fr', {}, false, 'not assigned'],
      [
        'a key change by a translator',
        'grain',
        'fi',
        { key: 'login.renamed' },
        true,
        'Only the root admin can change keys',
      ],
      [
        'a category change by a translator',
        'grain',
        'fi',
        { category: 'settings' },
        false,
        'Only the root admin can change categories',
      ],
      ['any save by a customer', 'hay', 'fi', {}, false, 'Only translators and the root admin'],
      [
        'any save by an admin who is not root',
        'compost',
        'fi',
        {},
        false,
        'Only translators and the root admin',
      ],
    ] as const)(
      'refuses %s with 403, changing nothing',
      async (_label, who, locale, change, keyChange, message) => {
        const row = await adminRow(locale, 'login.username');
        const res = await save(who, {
          locale,
          data: { id: row?.id, key: 'login.username', text: 'Hacked', category: 'common', ...change },
          keyChange,
        });
        expect(res.statusCode).toBe(403);
        expect(res.json<{ status_code: number; error: string }>()).toMatchObject({ status_code: 403 });
        expect(res.json<{ error: string }>().error).toContain(message);
        expect(await adminRow(locale, 'login.username')).toEqual(row);
      },
    );

    it('lets only the root admin add a key', async () => {
      const payload = {
        locale: 'fi',
        data: { key: 'login.rememberMe', text: 'Muista minut', category: 'common' },
      };
      const refused = await save('grain', payload);
      expect(refused.statusCode).toBe(403);
      expect(refused.json<{ error: string }>().error).toContain('Only the root admin can add translations');
      expect(await clientText('fi', 'login.rememberMe')).toBeUndefined();

      const added = await save('admin', payload);
      expect(added.json()).toMatchObject({
        status_code: 0,
        result: { key: 'login.rememberMe', category: 'common' },
      });
      expect(await clientText('fi', 'login.rememberMe')).toBe('Muista minut');
    });

    it('lets the root admin rename a key in every language and change a category', async () => {
      const fi = await adminRow('fi', 'menu.title');
      const res = await save('admin', {
        locale: 'fi',
        data: { id: fi?.id, key: 'menu.heading', text: 'Valikko', category: 'shell' },
        keyChange: true,
      });
      expect(res.json()).toMatchObject({
        status_code: 0,
        result: { key: 'menu.heading', category: 'shell' },
      });
      expect(await clientText('fi', 'menu.heading')).toBe('Valikko');
      expect(await clientText('fr', 'menu.heading')).toBe(bundledText('fr', 'menu.title'));
      expect(await clientText('fr', 'menu.title')).toBeUndefined();
      expect((await adminRow('fi', 'menu.heading'))?.category).toBe('shell');
    });

    it('refuses a rename onto an existing key, a key change without keyChange, and a row of another language', async () => {
      const fi = await adminRow('fi', 'login.password');
      const onto = await save('admin', {
        locale: 'fi',
        data: { id: fi?.id, key: 'login.username', text: 'x' },
        keyChange: true,
      });
      expect(onto.statusCode).toBe(409);
      const noFlag = await save('admin', { locale: 'fi', data: { id: fi?.id, key: 'login.pw', text: 'x' } });
      expect(noFlag.statusCode).toBe(400);
      const otherLang = await save('admin', {
        locale: 'de',
        data: { id: fi?.id, key: 'login.password', text: 'x' },
      });
      expect(otherLang.statusCode).toBe(400);
      expect(await adminRow('fi', 'login.password')).toEqual(fi);
    });

    it('rejects an unsupported language and an unknown id', async () => {
      expect((await save('admin', { locale: 'xx', data: { key: 'a.b', text: 'x' } })).statusCode).toBe(400);
      expect(
        (await save('admin', { locale: 'fi', data: { id: 999999, key: 'a.b', text: 'x' } })).statusCode,
      ).toBe(404);
    });
  });

  // Decision 0106: the translations page's languages, the keys missing in a language, stale keys.
  describe('the translations page', () => {
    const languages = (who: string) => get(who, '/admin/getTranslationLanguages');
    const adminList = async (who: string, locale: string) =>
      (await get(who, `/admin/getAdminTranslations?locale=${locale}`)).json<AdminTranslationsResponse>();

    // In the order of LANGUAGES, whatever the order of the assignment.
    it('tells a translator its languages and the root admin all of them; refuses everyone else', async () => {
      expect((await languages('grain')).json()).toEqual({
        status_code: 0,
        locales: ['de', 'fi'],
        root: false,
      });
      expect((await languages('admin')).json()).toEqual({
        status_code: 0,
        locales: [...LANGUAGES],
        root: true,
      });
      for (const who of ['hay', 'compost']) {
        const res = await languages(who);
        expect(res.statusCode).toBe(403);
        expect(res.json<{ error: string }>().error).toContain('Only translators and the root admin');
      }
      expect((await get(null, '/admin/getTranslationLanguages')).statusCode).toBe(401);
    });

    it('lists the keys English has and a language lacks; a translator fills one, not a new key', async () => {
      // The root admin adds a key in English only: every other language lacks it.
      const added = await save('admin', {
        locale: 'en',
        data: { key: 'probes.newColumn', text: 'New column', category: 'probes' },
      });
      expect(added.json()).toMatchObject({ status_code: 0 });
      // And one German text is emptied (saved empty through the API): missing too.
      const deRow = await adminRow('de', 'login.password');
      await save('admin', { locale: 'de', data: { id: deRow?.id, key: 'login.password', text: '' } });

      const de = await adminList('grain', 'de');
      expect(de.missing).toEqual(
        expect.arrayContaining([
          { id: null, key: 'probes.newColumn', english: 'New column', category: 'probes' },
          {
            id: deRow?.id,
            key: 'login.password',
            english: bundledText('en', 'login.password'),
            category: 'common',
          },
        ]),
      );
      expect(de.english['login.password']).toBe(bundledText('en', 'login.password'));
      // A key with a text in German is not missing there.
      expect(de.missing.map((m) => m.key)).not.toContain('login.username');
      // English itself lacks nothing.
      expect((await adminList('admin', 'en')).missing).toEqual([]);

      // Users see the English for both: the empty text is not served, the absent one never was.
      expect(await clientText('de', 'login.password')).toBeUndefined();
      expect(await clientText('de', 'probes.newColumn')).toBeUndefined();

      // The translator fills the absent key in German: a row of its language, English's category.
      const filled = await save('grain', {
        locale: 'de',
        data: { key: 'probes.newColumn', text: 'Neue Spalte' },
      });
      expect(filled.statusCode).toBe(200);
      expect(filled.json()).toMatchObject({
        status_code: 0,
        result: { key: 'probes.newColumn', text: 'Neue Spalte', category: 'probes' },
      });
      // ...and the emptied one by its id.
      await save('grain', {
        locale: 'de',
        data: { id: deRow?.id, key: 'login.password', text: 'Passwort' },
      });
      const after = await adminList('grain', 'de');
      expect(after.missing.map((m) => m.key)).not.toContain('probes.newColumn');
      expect(after.missing.map((m) => m.key)).not.toContain('login.password');
      expect(await clientText('de', 'probes.newColumn')).toBe('Neue Spalte');

      // Filling a missing key in another category is still the root admin's.
      const moved = await save('grain', {
        locale: 'fi',
        data: { key: 'probes.newColumn', text: 'Uusi sarake', category: 'common' },
      });
      expect(moved.statusCode).toBe(403);
      expect(moved.json<{ error: string }>().error).toContain('Only the root admin can change categories');
      // A key English does not have is a new key: refused to the translator, nothing stored.
      const fresh = await save('grain', { locale: 'fi', data: { key: 'probes.noSuchKey', text: 'x' } });
      expect(fresh.statusCode).toBe(403);
      expect(fresh.json<{ error: string }>().error).toContain('Only the root admin can add translations');
      expect(await clientText('fi', 'probes.noSuchKey')).toBeUndefined();
      expect((await adminList('grain', 'fi')).missing.map((m) => m.key)).toContain('probes.newColumn');
    });

    it('flags the stored keys the build does not have, and only those', async () => {
      const en = await adminList('admin', 'en');
      // probes.newColumn was added above by the root admin; menu.heading is the earlier rename.
      expect(en.not_in_build).toEqual(expect.arrayContaining(['menu.heading', 'probes.newColumn']));
      const build = new Set(bundled.map((b) => b.key));
      for (const key of en.not_in_build) expect(build.has(key), key).toBe(false);
      expect(en.not_in_build).not.toContain('login.title');
    });

    it('serves a saved text to another user at once, through getUserTranslations', async () => {
      const hayUid = (await get('hay', '/client/getSessionInfo')).json<{ UID: number }>().UID;
      const userText = async (locale: string, key: string) =>
        new Map(
          (
            await get('hay', `/client/getUserTranslations?locale=${locale}&UID=${hayUid}`)
          ).json<TranslationsResponse>().results,
        ).get(key);
      // The user has read the texts once already (any cache would now hold them).
      expect(await userText('fi', 'login.username')).toBe(bundledText('fi', 'login.username'));
      const row = await adminRow('fi', 'login.username');
      await save('grain', {
        locale: 'fi',
        data: { id: row?.id, key: 'login.username', text: 'Käyttäjätunnus!' },
      });
      expect(await userText('fi', 'login.username')).toBe('Käyttäjätunnus!');
    });
  });
});
