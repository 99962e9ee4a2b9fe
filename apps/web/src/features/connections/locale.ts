import type connections from '../../i18n/locales/en/connections.json';

type ConnectionsTexts = typeof connections;

// This feature's locale namespace (connections): locales/<lang>/<ns>.json in all eight languages.
declare module '../../i18n/texts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging
  interface Texts extends ConnectionsTexts {}
}
