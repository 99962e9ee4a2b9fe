import type { ParseKeys } from 'i18next';

/**
 * A key of the English locale files (typed in i18next.d.ts). Code that keeps keys in data (a
 * table's column labels, a tab's title) types them with this, so a key missing from the files
 * fails the build where it is written, not only where it is translated.
 */
export type TranslationKey = ParseKeys;
