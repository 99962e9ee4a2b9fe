import type sims from '../../i18n/locales/en/sims.json';

type SimsTexts = typeof sims;

// This feature's locale namespace (sims): locales/<lang>/<ns>.json in all eight languages.
declare module '../../i18n/texts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging
  interface Texts extends SimsTexts {}
}
