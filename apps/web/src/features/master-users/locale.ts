import type masterUsers from '../../i18n/locales/en/masterUsers.json';

type MasterUsersTexts = typeof masterUsers;

// This feature's locale namespace (masterUsers): locales/<lang>/<ns>.json in all eight languages.
declare module '../../i18n/texts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging
  interface Texts extends MasterUsersTexts {}
}
