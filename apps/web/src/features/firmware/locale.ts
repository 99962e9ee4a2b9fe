import type firmware from '../../i18n/locales/en/firmware.json';

type FirmwareTexts = typeof firmware;

// This feature's locale namespace (firmware): locales/<lang>/<ns>.json in all eight languages.
declare module '../../i18n/texts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging
  interface Texts extends FirmwareTexts {}
}
