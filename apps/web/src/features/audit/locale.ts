import type audit from '../../i18n/locales/en/audit.json';

type AuditTexts = typeof audit;

// This feature's locale namespace (audit): locales/<lang>/<ns>.json in all eight languages.
declare module '../../i18n/texts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging
  interface Texts extends AuditTexts {}
}
