import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { TFunction } from 'i18next';
import type { MenuEntry } from '@emberwatch/shared/domain/roles';
import type { TranslationKey } from '../src/i18n/translationKey';

const i18nDir = join(import.meta.dirname, '../src/i18n');

describe('translation keys', () => {
  it('are the keys of the English files, so a mistyped key fails the build', () => {
    expectTypeOf<'login.title'>().toExtend<TranslationKey>();
    expectTypeOf<'probeDetail.tabs.history'>().toExtend<TranslationKey>();
    expectTypeOf<'settings.tabs.probes'>().toExtend<TranslationKey>();
    expectTypeOf<'login.titel'>().not.toExtend<TranslationKey>();
    // A group of texts is not a text.
    expectTypeOf<'login'>().not.toExtend<TranslationKey>();
    // Keys built at run time from a typed union are checked too: one per side-menu entry.
    expectTypeOf<`menu.entries.${MenuEntry}`>().toExtend<TranslationKey>();

    // Type-checked, never run: tsc -p apps/web is this part's judge.
    const calls = (t: TFunction) => {
      t('login.title');
      // @ts-expect-error not a key of the English files
      t('login.titel');
      // @ts-expect-error a default text does not excuse a missing key
      t('login.titel', 'Log in');
      // @ts-expect-error a key built from any string could be anything
      t(`menu.entries.${String(Math.random())}`);
    };
    expectTypeOf(calls).toBeFunction();
  });

  it("are typed from the shell's English file; each feature types its own (localeNamespaces.test.ts)", () => {
    // Decision 0085: texts.ts types common.json, and each feature's locale.ts adds its namespaces.
    const texts = readFileSync(join(i18nDir, 'texts.ts'), 'utf8');
    const typed = [...texts.matchAll(/from '\.\/locales\/en\/([\w-]+\.json)'/g)].map((m) => m[1]);
    expect(typed).toEqual(['common.json']);
    expect(readdirSync(join(i18nDir, 'locales/en'))).toContain('common.json');
  });
});
