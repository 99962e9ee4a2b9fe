import type masterAccess from '../../i18n/locales/en/masterAccess.json';

type MasterAccessTexts = typeof masterAccess;

// This feature's locale namespace (masterAccess): locales/<lang>/<ns>.json in all eight languages.
declare module '../../i18n/texts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging
  interface Texts extends MasterAccessTexts {}
}
