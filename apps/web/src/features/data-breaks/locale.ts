import type dataBreaks from '../../i18n/locales/en/dataBreaks.json';

type DataBreaksTexts = typeof dataBreaks;

// This feature's locale namespace (dataBreaks): locales/<lang>/<ns>.json in all eight languages.
declare module '../../i18n/texts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging
  interface Texts extends DataBreaksTexts {}
}
