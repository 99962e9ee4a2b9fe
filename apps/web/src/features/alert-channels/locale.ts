import type alertChannels from '../../i18n/locales/en/alertChannels.json';

type AlertChannelsTexts = typeof alertChannels;

// This feature's locale namespace (alertChannels): locales/<lang>/<ns>.json in all eight languages.
declare module '../../i18n/texts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging
  interface Texts extends AlertChannelsTexts {}
}
