import { refuse, type Refusal, type Verdict, type Who } from '../../http/access/index.js';

/**
 * Who works on the translations (spec doc 1 §6, doc 3 §5–6): a translator edits the texts of the
 * locales it is assigned to; the root admin (staff level Root) edits every locale, adds keys, renames
 * keys and changes categories. Everyone else reads the texts only through the client calls. Being a
 * translator is not a relation to an account, so the caller's assignment is a fact the service passes:
 * its locales, or null for a caller who is no translator. Pure; its table is
 * apps/server/test/policies/translations.policy.test.ts.
 */

/** What only the root admin changes in a saved text. */
export type RootTranslationChange = 'addKey' | 'changeKey' | 'changeCategory';

const ROOT_ONLY: Record<RootTranslationChange, string> = {
  addKey: 'Only the root admin can add translations.',
  changeKey: 'Only the root admin can change keys.',
  changeCategory: 'Only the root admin can change categories.',
};

/** Reads the texts of a locale for editing, or saves one: the root admin, or a translator of that locale. */
export function mayTranslate(
  who: Who,
  translator: { locales: readonly string[] } | null,
  locale: string,
): Verdict {
  if (who.staff === 'root') return true;
  if (translator === null) return refuse('Only translators and the root admin may work on translations.');
  return translator.locales.includes(locale)
    ? true
    : refuse(`You are not assigned to translate the language "${locale}".`);
}

/** Adding a key, renaming one (in every locale) and moving a text to another category are the root admin's. */
export function mayChangeTranslation(who: Who, change: RootTranslationChange): Verdict {
  return who.staff === 'root' ? true : refuse(ROOT_ONLY[change]);
}

/**
 * Saves a text for a key this language has no row for. A key with an English text is one the app
 * has, missing here: filling it is a translator's edit of its language (decision 0106). A key
 * English does not have is a new key, and adding keys is the root admin's.
 */
export function mayAddRow(who: Who, keyHasEnglishText: boolean): Verdict {
  return keyHasEnglishText ? true : mayChangeTranslation(who, 'addKey');
}

/** The languages the caller may open on the translations page: all for the root admin, a translator's own. */
export function translatableLanguages<L extends string>(
  who: Who,
  translator: { locales: readonly string[] } | null,
  supported: readonly L[],
): L[] | Refusal {
  if (who.staff === 'root') return [...supported];
  if (translator === null) return refuse('Only translators and the root admin may work on translations.');
  return supported.filter((l) => translator.locales.includes(l));
}
