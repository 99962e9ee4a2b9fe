import type probeDetail from '../../i18n/locales/en/probeDetail.json';

type ProbeDetailTexts = typeof probeDetail;

// This feature's locale namespace (probeDetail): locales/<lang>/<ns>.json in all eight languages.
declare module '../../i18n/texts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging
  interface Texts extends ProbeDetailTexts {}
}
