import { LANGUAGES, type Language } from '@emberwatch/shared/contracts/preferences';

/** The test notification (POST /client/testPush), in the user's language. */
const TEST_TEXTS = {
  en: { title: 'Emberwatch test', body: 'Alerts will show on this device like this one.' },
  fr: { title: 'Test Emberwatch', body: 'Les alertes s’afficheront sur cet appareil comme celle-ci.' },
  de: { title: 'Emberwatch-Test', body: 'Alarme erscheinen auf diesem Gerät so wie diese Nachricht.' },
  fi: { title: 'Emberwatch-testi', body: 'Hälytykset näkyvät tällä laitteella tämän viestin tapaan.' },
  hr: { title: 'Emberwatch test', body: 'Upozorenja će se na ovom uređaju prikazivati ovako.' },
  it: { title: 'Test Emberwatch', body: 'Gli allarmi appariranno su questo dispositivo come questo.' },
  nl: { title: 'Emberwatch-test', body: 'Alarmen verschijnen zo op dit apparaat.' },
  es: { title: 'Prueba de Emberwatch', body: 'Las alertas aparecerán así en este dispositivo.' },
} as const satisfies Record<Language, { title: string; body: string }>;

/** The test notification's title and text in a language (English for one we do not have). */
export function pushTestText(language: string): { title: string; body: string } {
  const lang = (LANGUAGES as readonly string[]).includes(language) ? (language as Language) : 'en';
  return TEST_TEXTS[lang];
}
