import type planExpiry from '../../i18n/locales/en/planExpiry.json';

type PlanExpiryTexts = typeof planExpiry;

// This feature's locale namespace (planExpiry): locales/<lang>/<ns>.json in all eight languages.
declare module '../../i18n/texts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging
  interface Texts extends PlanExpiryTexts {}
}
