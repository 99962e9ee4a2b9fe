import type exportJson from '../../i18n/locales/en/export.json';

type ExportTexts = typeof exportJson;

// This feature's locale namespace (export): locales/<lang>/<ns>.json in all eight languages.
declare module '../../i18n/texts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging
  interface Texts extends ExportTexts {}
}
