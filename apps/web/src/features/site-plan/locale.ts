import type sitePlan from '../../i18n/locales/en/sitePlan.json';

type SitePlanTexts = typeof sitePlan;

// This feature's locale namespace (sitePlan): locales/<lang>/<ns>.json in all eight languages.
declare module '../../i18n/texts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging
  interface Texts extends SitePlanTexts {}
}
