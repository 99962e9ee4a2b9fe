import type stationAdmin from '../../i18n/locales/en/stationAdmin.json';

type StationAdminTexts = typeof stationAdmin;

// This feature's locale namespace (stationAdmin): locales/<lang>/<ns>.json in all eight languages.
declare module '../../i18n/texts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging
  interface Texts extends StationAdminTexts {}
}
