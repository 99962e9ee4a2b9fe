import type staff from '../../i18n/locales/en/staff.json';

type StaffTexts = typeof staff;

// This feature's locale namespace (staff): locales/<lang>/<ns>.json in all eight languages.
declare module '../../i18n/texts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging
  interface Texts extends StaffTexts {}
}
