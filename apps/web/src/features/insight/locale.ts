import type insight from '../../i18n/locales/en/insight.json';

type InsightTexts = typeof insight;

// This feature's locale namespace (insight): locales/<lang>/<ns>.json in all eight languages.
declare module '../../i18n/texts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging
  interface Texts extends InsightTexts {}
}
