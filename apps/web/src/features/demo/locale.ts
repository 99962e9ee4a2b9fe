import type demo from '../../i18n/locales/en/demo.json';

type DemoTexts = typeof demo;

// This feature's locale namespace (demo): locales/<lang>/<ns>.json in all eight languages.
declare module '../../i18n/texts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging
  interface Texts extends DemoTexts {}
}
