import type stationLogs from '../../i18n/locales/en/stationLogs.json';

type StationLogsTexts = typeof stationLogs;

// This feature's locale namespace (stationLogs): locales/<lang>/<ns>.json in all eight languages.
declare module '../../i18n/texts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging
  interface Texts extends StationLogsTexts {}
}
