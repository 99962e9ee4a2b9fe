import type payments from '../../i18n/locales/en/payments.json';

type PaymentsTexts = typeof payments;

// This feature's locale namespace (payments): locales/<lang>/<ns>.json in all eight languages.
declare module '../../i18n/texts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging
  interface Texts extends PaymentsTexts {}
}
