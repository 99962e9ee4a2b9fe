import type publicApi from '../../i18n/locales/en/publicApi.json';

type PublicApiTexts = typeof publicApi;

// This feature's locale namespace (publicApi): locales/<lang>/<ns>.json in all eight languages.
declare module '../../i18n/texts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging
  interface Texts extends PublicApiTexts {}
}
