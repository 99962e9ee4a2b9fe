import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES } from '@emberwatch/shared/contracts/preferences';
import type { AdminTranslationsResponse } from '@emberwatch/shared/contracts/translations';
import { bundledTexts } from '../src/features/translations/bundledLocales.js';
import { TranslationRepository } from '../src/features/translations/translation.repository.js';
import { TranslationService } from '../src/features/translations/translation.service.js';
import { translationSeedMark } from '../src/features/translations/translationSeedMark.js';
import { bearer, createTestApp, TEST_ENGINE, type TestApp } from './support/testApp.js';

// Decision 0163: a start seeds the translations only when its build or schema is new to the store.
describe(`the translations' seed mark, on ${TEST_ENGINE}`, () => {
  let t: TestApp;
  const refuseAll = { targetAccount: () => Promise.reject(new Error('not used by seed')) };
  const nowS = () => Math.floor(Date.now() / 1000);
  /** The service as the server's start makes it: seeds marked. */
  const started = () =>
    new TranslationService(
      new TranslationRepository(t.store.db, t.store.engine),
      refuseAll,
      nowS,
      t.store.engine,
    );
  const text = async (locale: string, key: string) =>
    (
      await t.store.db
        .selectFrom('translations')
        .select(['text'])
        .where('locale', '=', locale)
        .where('key', '=', key)
        .executeTakeFirst()
    )?.text;
  const marks = () => t.store.db.selectFrom('translation_seeds').select('mark').execute();

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('finds the mark of this build and schema after a start, and a start again reads no text', async () => {
    const build = bundledTexts();
    expect(await marks()).toEqual([{ mark: translationSeedMark(build, t.store.engine) }]);
    // A row the seed would put back (untouched, its text not the bundled one) stays as it is: not read.
    await t.store.db
      .updateTable('translations')
      .set({ text: 'changed behind the seed' })
      .where('locale', '=', 'de')
      .where('key', '=', 'login.title')
      .execute();
    expect(await started().seed()).toEqual({ inserted: 0, updated: 0 });
    expect(await text('de', 'login.title')).toBe('changed behind the seed');
  });

  it('seeds a build whose texts differ, and marks the store with it', async () => {
    const build = bundledTexts();
    const next = build.map((b) =>
      b.locale === 'fi' && b.key === 'login.title' ? { ...b, text: `${b.text} (v2)` } : b,
    );
    // The fi text follows the new build; the de row changed above follows the bundled text again.
    expect(await started().seed(next)).toEqual({ inserted: 0, updated: 2 });
    expect(await text('fi', 'login.title')).toMatch(/ \(v2\)$/);
    expect(await text('de', 'login.title')).toBe(
      build.find((b) => b.locale === 'de' && b.key === 'login.title')?.text,
    );
    expect(await marks()).toEqual([{ mark: translationSeedMark(next, t.store.engine) }]);
    // Back to the build's own texts: seeded again (the mark is the other build's), then marked.
    expect(await started().seed()).toEqual({ inserted: 0, updated: 1 });
    expect(await started().seed()).toEqual({ inserted: 0, updated: 0 });
  });

  it('a rename clears the mark: the next start brings the bundled key back in every language', async () => {
    const token = await t.login('admin@demo.emberwatch');
    const list = (
      await t.app.inject({
        method: 'GET',
        url: '/admin/getAdminTranslations?locale=fi',
        headers: bearer(token),
      })
    ).json<AdminTranslationsResponse>();
    const row = list.results.find((r) => r.key === 'menu.title');
    const res = await t.app.inject({
      method: 'POST',
      url: '/admin/updateTranslations',
      headers: bearer(token),
      payload: { locale: 'fi', data: { id: row?.id, key: 'menu.heading', text: 'Valikko' }, keyChange: true },
    });
    expect(res.json()).toMatchObject({ status_code: 0 });
    expect(await marks()).toEqual([]);
    expect(await text('en', 'menu.title')).toBeUndefined();

    expect(await started().seed()).toEqual({ inserted: LANGUAGES.length, updated: 0 });
    expect(await text('en', 'menu.title')).toBe(
      bundledTexts().find((b) => b.locale === 'en' && b.key === 'menu.title')?.text,
    );
    expect(await text('fi', 'menu.heading')).toBe('Valikko');
    expect(await marks()).toHaveLength(1);
  });
});
