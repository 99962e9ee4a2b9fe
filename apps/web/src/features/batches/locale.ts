import type batches from '../../i18n/locales/en/batches.json';

type BatchesTexts = typeof batches;

// This feature's locale namespace (batches): locales/<lang>/<ns>.json in all eight languages.
declare module '../../i18n/texts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging
  interface Texts extends BatchesTexts {}
}
