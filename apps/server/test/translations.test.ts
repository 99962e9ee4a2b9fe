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
      const service = new TranslationService(new TranslationRepository(t.store.db), refuseAll, () =>
        Math.floor(Date.now() / 1000),
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
      expect(body.results.length).toBe(bundled.filter((b) => b.locale === 'de').length);
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
});
