import type diagnostics from '../../i18n/locales/en/diagnostics.json';

type DiagnosticsTexts = typeof diagnostics;

// This feature's locale namespace (diagnostics): locales/<lang>/<ns>.json in all eight languages.
declare module '../../i18n/texts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging
  interface Texts extends DiagnosticsTexts {}
}
