import type admin from '../../i18n/locales/en/admin.json';

type AdminTexts = typeof admin;

// This feature's locale namespace (admin): locales/<lang>/<ns>.json in all eight languages.
declare module '../../i18n/texts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging
  interface Texts extends AdminTexts {}
}
