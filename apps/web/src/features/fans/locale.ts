import type fans from '../../i18n/locales/en/fans.json';

type FansTexts = typeof fans;

// This feature's locale namespace (fans): locales/<lang>/<ns>.json in all eight languages.
declare module '../../i18n/texts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging
  interface Texts extends FansTexts {}
}
