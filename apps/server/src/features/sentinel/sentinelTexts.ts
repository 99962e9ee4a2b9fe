import { LANGUAGES, type Language } from '@emberwatch/shared/contracts/preferences';
import { SENTINEL_TEST_TEMPERATURE } from '@emberwatch/shared/contracts/sentinel';
import type { DegreesUnit } from '@emberwatch/shared/domain/temperature';

/**
 * The Sentinel test call's text (spec doc 3 §9 "Sentinel test text uses 60 C or 140 F"), in the
 * account owner's language. Plain ASCII units ("60 C"), as the spec writes them: alarm panels and
 * pagers at the receiving end do not all show "°".
 */
const TEST_TEXTS = {
  en: 'Emberwatch test alarm: temperature {t}. This is only a test of the Sentinel connection.',
  fr: 'Alarme de test Emberwatch : température {t}. Ceci n’est qu’un test de la connexion Sentinel.',
  de: 'Emberwatch-Testalarm: Temperatur {t}. Dies ist nur ein Test der Sentinel-Verbindung.',
  fi: 'Emberwatch-testihälytys: lämpötila {t}. Tämä on vain Sentinel-yhteyden testi.',
  hr: 'Emberwatch probni alarm: temperatura {t}. Ovo je samo provjera veze sa Sentinelom.',
  it: 'Allarme di prova Emberwatch: temperatura {t}. È solo una prova del collegamento Sentinel.',
  nl: 'Emberwatch testalarm: temperatuur {t}. Dit is alleen een test van de Sentinel-verbinding.',
  es: 'Alarma de prueba de Emberwatch: temperatura {t}. Es solo una prueba de la conexión con Sentinel.',
} as const satisfies Record<Language, string>;

/** "60 C" or "140 F". */
export function sentinelTestTemperature(unit: DegreesUnit): string {
  return `${SENTINEL_TEST_TEMPERATURE[unit]} ${unit}`;
}

/** The test text in a language (English for one we do not have) with the unit's temperature. */
export function sentinelTestText(language: string, unit: DegreesUnit): string {
  const lang = (LANGUAGES as readonly string[]).includes(language) ? (language as Language) : 'en';
  return TEST_TEXTS[lang].replace('{t}', sentinelTestTemperature(unit));
}
