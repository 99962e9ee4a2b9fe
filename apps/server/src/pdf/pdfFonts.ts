import { createRequire } from 'node:module';
import type { Language } from '@emberwatch/shared/contracts/preferences';

// DejaVu Sans has every letter of the eight languages (č ć đ š ž among them), which the PDF's
// built-in fonts do not; the files come with the dejavu-fonts-ttf package (decision 0050). Every PDF
// the server writes (the sanitisation report, the invoice) uses them.
const require = createRequire(import.meta.url);
export const PDF_FONT = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
export const PDF_FONT_BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

/** The locale a PDF formats dates and numbers in, for each language of the app. */
export const PDF_LOCALES: Record<Language, string> = {
  en: 'en-GB',
  fi: 'fi-FI',
  de: 'de-DE',
  fr: 'fr-FR',
  es: 'es-ES',
  it: 'it-IT',
  nl: 'nl-NL',
  hr: 'hr-HR',
};
