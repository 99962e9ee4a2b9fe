import type services from '../../i18n/locales/en/services.json';

type ServicesTexts = typeof services;

// This feature's locale namespace (services): locales/<lang>/<ns>.json in all eight languages.
declare module '../../i18n/texts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging
  interface Texts extends ServicesTexts {}
}
