import type activation from '../../i18n/locales/en/activation.json';

type ActivationTexts = typeof activation;

// This feature's locale namespace (activation): locales/<lang>/<ns>.json in all eight languages.
declare module '../../i18n/texts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging
  interface Texts extends ActivationTexts {}
}
