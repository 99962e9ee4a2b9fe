import type quality from '../../i18n/locales/en/quality.json';

type QualityTexts = typeof quality;

// This feature's locale namespace (quality): locales/<lang>/<ns>.json in all eight languages.
declare module '../../i18n/texts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging
  interface Texts extends QualityTexts {}
}
