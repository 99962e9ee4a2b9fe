import type delivery from '../../i18n/locales/en/delivery.json';

type DeliveryTexts = typeof delivery;

// This feature's locale namespace (delivery): locales/<lang>/<ns>.json in all eight languages.
declare module '../../i18n/texts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging
  interface Texts extends DeliveryTexts {}
}
