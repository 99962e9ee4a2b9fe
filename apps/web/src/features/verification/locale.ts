import type verification from '../../i18n/locales/en/verification.json';

type VerificationTexts = typeof verification;

// This feature's locale namespace (verification): locales/<lang>/<ns>.json in all eight languages.
declare module '../../i18n/texts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging
  interface Texts extends VerificationTexts {}
}
