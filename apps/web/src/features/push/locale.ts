import type push from '../../i18n/locales/en/push.json';

type PushTexts = typeof push;

// This feature's locale namespace (push): locales/<lang>/<ns>.json in all eight languages.
declare module '../../i18n/texts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging
  interface Texts extends PushTexts {}
}
