import type broadcasts from '../../i18n/locales/en/broadcasts.json';

type BroadcastsTexts = typeof broadcasts;

// This feature's locale namespace (broadcasts): locales/<lang>/<ns>.json in all eight languages.
declare module '../../i18n/texts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging
  interface Texts extends BroadcastsTexts {}
}
