import { describe, expect, it } from 'vitest';
import { mayChangeTranslation, mayTranslate } from '../../src/features/translations/translations.policy.js';
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
});
