import type recovery from '../../i18n/locales/en/recovery.json';

type RecoveryTexts = typeof recovery;

// This feature's locale namespace (recovery): locales/<lang>/<ns>.json in all eight languages.
declare module '../../i18n/texts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging
  interface Texts extends RecoveryTexts {}
}
