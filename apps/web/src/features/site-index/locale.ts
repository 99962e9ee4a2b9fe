import type siteIndex from '../../i18n/locales/en/siteIndex.json';

type SiteIndexTexts = typeof siteIndex;

// This feature's locale namespace (siteIndex): locales/<lang>/<ns>.json in all eight languages.
declare module '../../i18n/texts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging
  interface Texts extends SiteIndexTexts {}
}
