import type news from '../../i18n/locales/en/news.json';

type NewsTexts = typeof news;

// This feature's locale namespace (news): locales/<lang>/<ns>.json in all eight languages.
declare module '../../i18n/texts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging
  interface Texts extends NewsTexts {}
}
