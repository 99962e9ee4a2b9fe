import type partnerApps from '../../i18n/locales/en/partnerApps.json';

type PartnerAppsTexts = typeof partnerApps;

// This feature's locale namespace (partnerApps): locales/<lang>/<ns>.json in all eight languages.
declare module '../../i18n/texts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging
  interface Texts extends PartnerAppsTexts {}
}
