import type sentinel from '../../i18n/locales/en/sentinel.json';

type SentinelTexts = typeof sentinel;

// This feature's locale namespace (sentinel): locales/<lang>/<ns>.json in all eight languages.
declare module '../../i18n/texts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging
  interface Texts extends SentinelTexts {}
}
