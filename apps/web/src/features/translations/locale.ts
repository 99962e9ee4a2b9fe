import type translations from '../../i18n/locales/en/translations.json';

type TranslationsTexts = typeof translations;

// This feature's locale namespace (translations): locales/<lang>/<ns>.json in all eight languages.
declare module '../../i18n/texts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging
  interface Texts extends TranslationsTexts {}
}
