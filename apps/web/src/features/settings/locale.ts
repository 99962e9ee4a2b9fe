import type settings from '../../i18n/locales/en/settings.json';

type SettingsTexts = typeof settings;

// This feature's locale namespace (settings): locales/<lang>/<ns>.json in all eight languages.
declare module '../../i18n/texts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging
  interface Texts extends SettingsTexts {}
}
