import type account from '../../i18n/locales/en/account.json';

type AccountTexts = typeof account;

// This feature's locale namespace (account): locales/<lang>/<ns>.json in all eight languages.
declare module '../../i18n/texts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging
  interface Texts extends AccountTexts {}
}
