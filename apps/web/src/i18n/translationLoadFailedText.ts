import type { Language } from '@emberwatch/shared/contracts/preferences';

/**
 * Spec doc 1 §8: when the language files cannot be fetched (status not 0) an alert says so. This
 * one text must be readable before any translation has arrived, so it lives in code, in all eight
 * languages, instead of in the locale files the server serves.
 */
export const TRANSLATION_LOAD_FAILED_TEXT: Record<Language, string> = {
  en: 'There was a problem fetching the language files. Please contact support if it persists.',
  fr: 'Un problème est survenu lors du chargement des fichiers de langue. Contactez le support si le problème persiste.',
  de: 'Beim Laden der Sprachdateien ist ein Problem aufgetreten. Wenden Sie sich an den Support, falls es weiterhin besteht.',
  fi: 'Kielitiedostojen hakemisessa oli ongelma. Ota yhteyttä tukeen, jos ongelma jatkuu.',
  hr: 'Došlo je do problema pri dohvaćanju jezičnih datoteka. Obratite se podršci ako se problem nastavi.',
  it: 'Si è verificato un problema durante il recupero dei file di lingua. Contatta l’assistenza se il problema persiste.',
  nl: 'Er is een probleem opgetreden bij het ophalen van de taalbestanden. Neem contact op met support als het probleem aanhoudt.',
  es: 'Hubo un problema al obtener los archivos de idioma. Contacta con soporte si el problema persiste.',
};

/** The alert's close button, in the same eight languages for the same reason. */
export const TRANSLATION_ALERT_CLOSE: Record<Language, string> = {
  en: 'Close',
  fr: 'Fermer',
  de: 'Schließen',
  fi: 'Sulje',
  hr: 'Zatvori',
  it: 'Chiudi',
  nl: 'Sluiten',
  es: 'Cerrar',
};
