import type accountMerge from '../../i18n/locales/en/accountMerge.json';

type AccountMergeTexts = typeof accountMerge;

// This feature's locale namespace (accountMerge): locales/<lang>/<ns>.json in all eight languages.
declare module '../../i18n/texts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging
  interface Texts extends AccountMergeTexts {}
}
