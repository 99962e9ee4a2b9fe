import { describe, expect, it } from 'vitest';
import {
  mayAddRow,
  mayChangeTranslation,
  mayTranslate,
  translatableLanguages,
} from '../../src/features/translations/translations.policy.js';
import { cell, tableOf } from './rows.js';

const NOT_TRANSLATOR = '403 Only translators and the root admin may work on translations.';
const NOT_ASSIGNED = '403 You are not assigned to translate the language "fr".';

/** Spec doc 1 §6, doc 3 §5–6: translators edit their locales; the root admin edits all and changes keys. */
describe('the translations policy', () => {
  it('lets the root admin and a translator of the locale edit it, nobody else', () => {
    const row = (w: Parameters<typeof mayTranslate>[0]) => [
      cell(mayTranslate(w, null, 'fr')),
      cell(mayTranslate(w, { locales: ['fr', 'de'] }, 'fr')),
      cell(mayTranslate(w, { locales: ['de'] }, 'fr')),
    ];
    const other = [NOT_TRANSLATOR, 'yes', NOT_ASSIGNED];
    expect(tableOf(row)).toEqual({
      owner: other,
      subUser: other,
      master: other,
      grandMaster: other,
      masterItself: other,
      root: ['yes', 'yes', 'yes'],
      admin: other,
      tech: other,
      sales: other,
      visitor: other,
      otherAccount: other,
    });
  });

  it('keeps adding keys, renaming them and changing categories to the root admin', () => {
    const refused = [
      '403 Only the root admin can add translations.',
      '403 Only the root admin can change keys.',
      '403 Only the root admin can change categories.',
    ];
    expect(
      tableOf((w) => [
        cell(mayChangeTranslation(w, 'addKey')),
        cell(mayChangeTranslation(w, 'changeKey')),
        cell(mayChangeTranslation(w, 'changeCategory')),
      ]),
    ).toEqual({
      owner: refused,
      subUser: refused,
      master: refused,
      grandMaster: refused,
      masterItself: refused,
      root: ['yes', 'yes', 'yes'],
      admin: refused,
      tech: refused,
      sales: refused,
      visitor: refused,
      otherAccount: refused,
    });
  });

  it('lets a translator fill a key English has; a key English lacks is new, the root admin’s', () => {
    const other = ['yes', '403 Only the root admin can add translations.'];
    expect(tableOf((w) => [cell(mayAddRow(w, true)), cell(mayAddRow(w, false))])).toEqual({
      owner: other,
      subUser: other,
      master: other,
      grandMaster: other,
      masterItself: other,
      root: ['yes', 'yes'],
      admin: other,
      tech: other,
      sales: other,
      visitor: other,
      otherAccount: other,
    });
  });

  it('opens every language to the root admin, a translator’s own to it, none to anyone else', () => {
    const all = ['en', 'fr', 'fi'] as const;
    const shown = (v: string[] | { status: number; reason: string }) =>
      Array.isArray(v) ? v.join(',') : `${v.status} ${v.reason}`;
    const row = (w: Parameters<typeof translatableLanguages>[0]) => [
      shown(translatableLanguages(w, null, all)),
      shown(translatableLanguages(w, { locales: ['fi', 'xx', 'en'] }, all)),
      shown(translatableLanguages(w, { locales: [] }, all)),
    ];
    const other = [NOT_TRANSLATOR, 'en,fi', ''];
    expect(tableOf(row)).toEqual({
      owner: other,
      subUser: other,
      master: other,
      grandMaster: other,
      masterItself: other,
      root: ['en,fr,fi', 'en,fr,fi', 'en,fr,fi'],
      admin: other,
      tech: other,
      sales: other,
      visitor: other,
      otherAccount: other,
    });
  });
});
