import type customers from '../../i18n/locales/en/customers.json';

type CustomersTexts = typeof customers;

// This feature's locale namespace (customers): locales/<lang>/<ns>.json in all eight languages.
declare module '../../i18n/texts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging
  interface Texts extends CustomersTexts {}
}
