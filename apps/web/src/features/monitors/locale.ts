import type monitors from '../../i18n/locales/en/monitors.json';

type MonitorsTexts = typeof monitors;

// This feature's locale namespace (monitors): locales/<lang>/<ns>.json in all eight languages.
declare module '../../i18n/texts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging
  interface Texts extends MonitorsTexts {}
}
