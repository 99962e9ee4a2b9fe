import type offline from '../../i18n/locales/en/offline.json';

type OfflineTexts = typeof offline;

// This feature's locale namespace (offline): locales/<lang>/<ns>.json in all eight languages.
declare module '../../i18n/texts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging
  interface Texts extends OfflineTexts {}
}
